import { AlertTriangle } from 'lucide-react';
import { LinkButton } from '@/components/link-button.tsx';
import { Button } from '@/components/ui/button.tsx';

/** Shown while the user has no payment method: no report can be requested until there is one. */
export function PaymentRequiredBanner({ onChoosePlan }: { onChoosePlan: () => void }) {
  return (
    <section
      aria-labelledby="payment-required-heading"
      className="flex flex-col gap-4 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950 sm:flex-row sm:items-center sm:p-5"
    >
      <AlertTriangle className="size-6 shrink-0 text-amber-600" aria-hidden="true" />
      <div className="flex-1">
        <h2 id="payment-required-heading" className="font-semibold">
          Payment Required
        </h2>
        <p className="mt-1 text-sm">
          Add a payment method to generate reports for your customers' connections. You are charged
          only when you request a report.
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button onClick={onChoosePlan}>Choose a Plan</Button>
        <LinkButton href="/pricing" variant="outline">
          View Pricing
        </LinkButton>
      </div>
    </section>
  );
}
