import { formatCents, PLAN_LIST } from '@common/plans.ts';
import { CreditCard } from 'lucide-react';
import { CheckList } from '@/components/check-list.tsx';
import { LinkButton } from '@/components/link-button.tsx';
import { DialogFooter, ModalDialog } from '@/components/modal-dialog.tsx';
import { Button } from '@/components/ui/button.tsx';
import { cn } from '@/lib/utils.ts';

export type BillingDialog = 'payment-required' | 'plans' | null;

/** Generate Report without a payment method opens this, not the server: nothing could be charged. */
export function PaymentRequiredDialog({
  open,
  onClose,
  onChoosePlan,
}: {
  open: boolean;
  onClose: () => void;
  onChoosePlan: () => void;
}) {
  return (
    <ModalDialog
      open={open}
      onClose={onClose}
      icon={<CreditCard className="size-5 text-amber-600" aria-hidden="true" />}
      title="Payment Required"
      description="Add a payment method before generating a report. You are charged only for the reports you request."
    >
      <DialogFooter>
        <LinkButton href="/pricing" variant="outline">
          View Pricing
        </LinkButton>
        <Button onClick={onChoosePlan}>Choose a Plan</Button>
      </DialogFooter>
    </ModalDialog>
  );
}

/** The two plans; each button goes to the payment page for it. */
export function PlanDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <ModalDialog
      open={open}
      onClose={onClose}
      className="max-w-2xl"
      title="Choose Your Plan"
      description="Then add a payment method. No setup fee; cancel anytime."
    >
      <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2" aria-label="Plans">
        {PLAN_LIST.map((plan) => (
          <li
            key={plan.id}
            className={cn(
              'grid gap-3 rounded-lg border p-4',
              plan.popular ? 'border-blue-500 ring-1 ring-blue-500' : 'border-slate-200',
            )}
          >
            <div>
              <h3 className="font-semibold text-slate-900">{plan.name}</h3>
              <p className="mt-1 text-slate-900">
                <span className="font-bold text-2xl">{formatCents(plan.pricePerReportCents)}</span>{' '}
                per report
                {plan.monthlyFeeCents > 0 && ` + ${formatCents(plan.monthlyFeeCents)} per month`}
              </p>
              <p className="mt-1 text-slate-600 text-sm">{plan.description}</p>
            </div>
            <CheckList items={plan.features.slice(0, 4)} />
            <LinkButton href={`/payment?plan=${plan.id}`} className="self-end">
              {plan.buttonText}
            </LinkButton>
          </li>
        ))}
      </ul>
    </ModalDialog>
  );
}
