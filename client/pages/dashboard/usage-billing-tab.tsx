import type { User } from '@common/api.ts';
import { CreditCard, Receipt } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button.tsx';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '@/components/ui/card.tsx';
import { formatUsd } from '@/lib/format.ts';
import { hasPaymentMethod, planSummary } from './payment-status.ts';

/**
 * The plan and the usage records. Usage arrives with the billing issue (GET /api/usage); until
 * then no report can have been billed, so the list is empty and the total $0.00.
 */
export function UsageBillingTab({ user, onChoosePlan }: { user: User; onChoosePlan: () => void }) {
  const plan = planSummary(user.planType);
  const paying = hasPaymentMethod(user);

  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <CreditCard className="size-5 text-blue-600" aria-hidden="true" />
            Your Plan
          </CardTitle>
          <CardDescription>What each report costs you.</CardDescription>
        </CardHeader>
        <CardContent className="grid grid-cols-1 gap-4">
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
              <dd className="text-slate-900">
                {paying ? 'On file' : 'None yet: add one to generate reports'}
              </dd>
            </div>
          </dl>
          <div className="flex flex-wrap gap-2">
            <Button onClick={onChoosePlan}>Change Plan</Button>
            <Button asChild variant="outline">
              <Link href="/pricing">View Pricing</Link>
            </Button>
          </div>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <Receipt className="size-5 text-blue-600" aria-hidden="true" />
            Usage
          </CardTitle>
          <CardDescription>Reports you generated and what they cost.</CardDescription>
        </CardHeader>
        <CardContent className="grid grid-cols-1 gap-4">
          <p className="rounded-lg border border-slate-300 border-dashed px-4 py-8 text-center text-slate-600 text-sm">
            No reports yet
          </p>
          <p className="flex items-center justify-between border-slate-200 border-t pt-4 font-semibold text-slate-900">
            <span>Total</span>
            <span>{formatUsd(0)}</span>
          </p>
        </CardContent>
      </Card>
    </div>
  );
}
