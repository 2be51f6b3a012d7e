import type { PlanId } from '@common/billing.ts';
import { TEST_MODE_BANNER } from '@common/constants.ts';
import { FlaskConical } from 'lucide-react';
import type { FormEvent } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { Input } from '@/components/ui/input.tsx';
import { toast } from '@/components/ui/use-toast.ts';
import { setupErrorToast } from '@/lib/setup-outcome.ts';
import { useAddTestCard } from './use-add-test-card.ts';

/** Stripe's documented test card; in test mode the server records it without any provider. */
const TEST_CARD_NUMBER = '4242 4242 4242 4242';

/** Test mode (the server has no Stripe keys): no Stripe.js, a labelled test card instead. */
export function TestCardForm({ plan, onAdded }: { plan: PlanId; onAdded: () => Promise<void> }) {
  const addTestCard = useAddTestCard();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    try {
      await addTestCard.mutateAsync(plan);
      await onAdded();
    } catch (error) {
      toast(setupErrorToast(error));
    }
  }

  return (
    <form onSubmit={submit} className="grid gap-4">
      <div
        role="note"
        aria-labelledby="test-mode-banner"
        className="flex gap-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-950"
      >
        <FlaskConical className="mt-0.5 size-5 shrink-0 text-amber-600" aria-hidden="true" />
        <div className="text-sm">
          <p id="test-mode-banner" className="font-semibold">
            {TEST_MODE_BANNER}
          </p>
          <p className="mt-1">
            No payment provider is configured on this server. The test card below is recorded so you
            can try the whole flow: reports are listed at your plan's price, marked as test, and
            nothing is charged.
          </p>
        </div>
      </div>
      <div className="grid gap-2">
        <label
          htmlFor="test-card-number"
          className="font-medium text-slate-800 text-sm leading-none"
        >
          Test card number
        </label>
        <Input
          id="test-card-number"
          value={TEST_CARD_NUMBER}
          readOnly
          className="bg-slate-50 font-mono tracking-wider"
        />
      </div>
      <Button type="submit" disabled={addTestCard.isPending}>
        {addTestCard.isPending ? 'Processing...' : 'Add Payment Method'}
      </Button>
    </form>
  );
}
