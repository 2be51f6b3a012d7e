import { formatCents, PLAN_LIST } from '@common/plans.ts';
import { Check, CreditCard } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog.tsx';
import { cn } from '@/lib/utils.ts';

export type BillingDialog = 'payment-required' | 'plans' | null;

/** SPEC section 4: Generate Report without a payment method opens this, not the server. */
export function PaymentRequiredDialog({
  open,
  onOpenChange,
  onChoosePlan,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onChoosePlan: () => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle className="flex items-center gap-2">
            <CreditCard className="size-5 text-amber-600" aria-hidden="true" />
            Payment Required
          </DialogTitle>
          <DialogDescription>
            Add a payment method before generating a report. You are charged only for the reports
            you request.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" asChild>
            <Link href="/pricing">View Pricing</Link>
          </Button>
          <Button onClick={onChoosePlan}>Choose a Plan</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** The two plans; each button goes to the payment page for it. */
export function PlanDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>Choose Your Plan</DialogTitle>
          <DialogDescription>
            Then add a payment method. No setup fee; cancel anytime.
          </DialogDescription>
        </DialogHeader>
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
                  <span className="font-bold text-2xl">
                    {formatCents(plan.pricePerReportCents)}
                  </span>{' '}
                  per report
                  {plan.monthlyFeeCents > 0 && ` + ${formatCents(plan.monthlyFeeCents)} per month`}
                </p>
                <p className="mt-1 text-slate-600 text-sm">{plan.description}</p>
              </div>
              <ul className="grid grid-cols-1 gap-1 text-slate-700 text-sm">
                {plan.features.slice(0, 4).map((feature) => (
                  <li key={feature} className="flex gap-2">
                    <Check className="mt-0.5 size-4 shrink-0 text-emerald-600" aria-hidden="true" />
                    {feature}
                  </li>
                ))}
              </ul>
              <Button asChild className="self-end">
                <Link href={`/payment?plan=${plan.id}`}>{plan.buttonText}</Link>
              </Button>
            </li>
          ))}
        </ul>
      </DialogContent>
    </Dialog>
  );
}
