import type { BillingSummary } from '@common/billing.ts';
import { TEST_MODE_BANNER } from '@common/constants.ts';
import { CreditCard, FlaskConical } from 'lucide-react';
import { Link } from 'wouter';
import { LinkButton } from '@/components/link-button.tsx';
import { QueryView } from '@/components/query-states.tsx';
import { TitledCard } from '@/components/titled-card.tsx';
import { Button } from '@/components/ui/button.tsx';
import { CardContent } from '@/components/ui/card.tsx';
import { billedPlan } from '../reports/report-requests.ts';
import { planSummary } from './payment-status.ts';
import { SubscriptionSection } from './subscription-section.tsx';
import { cardLabel } from './usage-display.ts';
import { useBilling } from './use-billing.ts';

function Details({ billing }: { billing: BillingSummary }) {
  const plan = planSummary(billing.plan);
  return (
    <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2">
      <div>
        <dt className="text-slate-500 text-xs">Current plan</dt>
        <dd className="font-semibold text-lg text-slate-900">{plan.label}</dd>
      </div>
      <div>
        <dt className="text-slate-500 text-xs">Price</dt>
        <dd className="text-slate-900">{plan.price}</dd>
      </div>
      <div className="sm:col-span-2">
        <dt className="text-slate-500 text-xs">Payment method</dt>
        <dd className="flex flex-wrap items-center gap-x-3 text-slate-900">
          {billing.paymentMethod ? (
            <>
              <span>{cardLabel(billing.paymentMethod)}</span>
              <Link
                href={`/payment?plan=${billedPlan(billing.plan)}`}
                className="text-blue-700 text-sm hover:underline"
              >
                Update payment method
              </Link>
            </>
          ) : (
            'None yet: add one to generate reports'
          )}
        </dd>
      </div>
    </dl>
  );
}

/** The plan, the card on file and the subscription, from GET /api/billing. */
export function BillingPlanCard({ onChoosePlan }: { onChoosePlan: () => void }) {
  const billing = useBilling();
  return (
    <TitledCard icon={CreditCard} title="Your Plan" description="What each report costs you.">
      <CardContent className="grid grid-cols-1 gap-4">
        <QueryView
          query={billing}
          loading="Loading billing..."
          failed="Your billing details could not be loaded"
        >
          {(summary) => (
            <>
              {summary.testMode && (
                <p
                  role="note"
                  className="flex items-center gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 font-medium text-amber-950 text-sm"
                >
                  <FlaskConical className="size-4 shrink-0 text-amber-600" aria-hidden="true" />
                  {TEST_MODE_BANNER}
                </p>
              )}
              <Details billing={summary} />
              <SubscriptionSection billing={summary} />
            </>
          )}
        </QueryView>
        <div className="flex flex-wrap gap-2">
          <Button onClick={onChoosePlan}>Change Plan</Button>
          <LinkButton href="/pricing" variant="outline">
            View Pricing
          </LinkButton>
        </div>
      </CardContent>
    </TitledCard>
  );
}
