import { lazy, Suspense } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { toast } from '@/components/ui/use-toast.ts';
import { useConfirmSetup } from '@/lib/billing-queries.ts';
import { paymentReturnUrl, setupErrorToast, setupFailedToast } from '@/lib/setup-outcome.ts';

export const PAYMENT_FORM_UNAVAILABLE =
  'The payment form is not available right now. Please try again later.';

function Unavailable() {
  return (
    <p role="alert" className="rounded-md bg-red-50 p-3 text-red-900 text-sm">
      {PAYMENT_FORM_UNAVAILABLE}
    </p>
  );
}

// Stripe's packages load only here, and only in Stripe mode (their own chunk). A chunk that
// fails to download shows the notice instead of breaking the page.
const StripePaymentForm = lazy(() =>
  import('./stripe-payment-form.tsx').catch(() => ({ default: Unavailable })),
);

/**
 * Stripe's Payment Element for the page's SetupIntent. Once Stripe confirmed it, the server
 * re-reads it (confirm-setup) before the card counts as added.
 */
export function StripeSetup({
  publishableKey,
  clientSecret,
  onAdded,
}: {
  publishableKey: string;
  clientSecret: string;
  onAdded: () => Promise<void>;
}) {
  const confirmSetup = useConfirmSetup();
  return (
    <Suspense fallback={<Spinner label="Loading secure payment form..." />}>
      <StripePaymentForm
        publishableKey={publishableKey}
        clientSecret={clientSecret}
        returnUrl={paymentReturnUrl(window.location.origin)}
        onConfirmed={async (setupIntentId) => {
          await confirmSetup.mutateAsync({ setupIntentId });
          await onAdded();
        }}
        onRefused={(message) => toast(setupFailedToast(message))}
        onError={(error) => toast(setupErrorToast(error))}
        renderSubmit={({ disabled, processing }) => (
          <Button type="submit" disabled={disabled}>
            {processing ? 'Processing...' : 'Add Payment Method'}
          </Button>
        )}
      />
    </Suspense>
  );
}
