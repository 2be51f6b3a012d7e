import type { BillingSummary, PlanId } from '@common/billing.ts';
import { PLANS } from '@common/plans.ts';
import { useState } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { toast } from '@/components/ui/use-toast.ts';
import { showError } from '@/lib/error-toast.ts';
import { formatUsd } from '@/lib/format.ts';
import {
  cancelConfirmation,
  switchConfirmation,
  switchLabel,
  switchTarget,
} from './billing-actions.ts';
import { type BillingConfirmation, BillingConfirmDialog } from './billing-confirm-dialog.tsx';
import { formatLongDate, humanize } from './usage-display.ts';
import { useCancelSubscription } from './use-cancel-subscription.ts';
import { useChangePlan } from './use-change-plan.ts';

/** The subscription's state and next invoice, and the plan switch and cancel actions. */
export function SubscriptionSection({ billing }: { billing: BillingSummary }) {
  const changePlan = useChangePlan();
  const cancel = useCancelSubscription();
  const [confirmation, setConfirmation] = useState<BillingConfirmation | null>(null);
  const subscription = billing.subscription;
  const periodEnd = subscription?.currentPeriodEnd ?? null;
  const target = billing.paymentMethod ? switchTarget(billing.plan) : null;
  const cancellable =
    subscription !== null && !subscription.cancelAtPeriodEnd && subscription.status !== 'canceled';

  function askSwitch(plan: PlanId) {
    setConfirmation({
      ...switchConfirmation(plan, periodEnd),
      keepLabel: 'Keep current plan',
      onConfirm: () =>
        changePlan.mutate(plan, {
          onSuccess: () => {
            setConfirmation(null);
            toast({ title: 'Plan changed', description: `You are now on ${PLANS[plan].name}.` });
          },
          onError: showError,
        }),
    });
  }

  function askCancel() {
    setConfirmation({
      ...cancelConfirmation(periodEnd),
      keepLabel: 'Keep subscription',
      onConfirm: () =>
        cancel.mutate(undefined, {
          onSuccess: () => {
            setConfirmation(null);
            toast({
              title: 'Subscription cancelled',
              description: periodEnd
                ? `It stays active until ${formatLongDate(periodEnd)}.`
                : 'It is not renewed.',
            });
          },
          onError: showError,
        }),
    });
  }

  return (
    <>
      {subscription && (
        <section
          aria-labelledby="subscription-heading"
          className="grid gap-2 border-slate-200 border-t pt-4"
        >
          <h4 id="subscription-heading" className="font-semibold text-slate-900 text-sm">
            Subscription
          </h4>
          <dl className="grid grid-cols-1 gap-3 text-sm sm:grid-cols-2">
            <div>
              <dt className="text-slate-500 text-xs">Status</dt>
              <dd className="text-slate-900">
                {humanize(subscription.status)}
                {subscription.cancelAtPeriodEnd &&
                  (periodEnd ? `, ends ${formatLongDate(periodEnd)}` : ', ends with this period')}
              </dd>
            </div>
            {!subscription.cancelAtPeriodEnd && subscription.nextInvoiceDate && (
              <div>
                <dt className="text-slate-500 text-xs">Next invoice</dt>
                <dd className="text-slate-900">
                  {subscription.nextInvoiceCents !== null &&
                    `${formatUsd(subscription.nextInvoiceCents)} on `}
                  {formatLongDate(subscription.nextInvoiceDate)}
                </dd>
              </div>
            )}
          </dl>
        </section>
      )}
      {(target || cancellable) && (
        <div className="flex flex-wrap gap-2">
          {target && (
            <Button variant="secondary" onClick={() => askSwitch(target)}>
              {switchLabel(target)}
            </Button>
          )}
          {cancellable && (
            <Button variant="outline" onClick={askCancel}>
              Cancel subscription
            </Button>
          )}
        </div>
      )}
      <BillingConfirmDialog
        confirmation={confirmation}
        pending={changePlan.isPending || cancel.isPending}
        onClose={() => setConfirmation(null)}
      />
    </>
  );
}
