import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe } from '@stripe/stripe-js';
// The "pure" entry adds Stripe's script only when loadStripe is called, not on import.
import { loadStripe } from '@stripe/stripe-js/pure';
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';

/*
 * Stripe mode only, loaded with React.lazy (stripe-setup.tsx), so Stripe's packages sit in a
 * chunk of their own: the landing page never loads them, and test mode neither. This module
 * imports nothing of the app: its looks and what happens next come in as props, so adding it
 * does not reshuffle how the app's own modules are split into chunks.
 */

const stripeByKey = new Map<string, Promise<Stripe | null>>();

/** One Stripe instance per key for the page's lifetime; a failed script load resolves to null. */
function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let stripe = stripeByKey.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey).catch(() => {
      stripeByKey.delete(publishableKey);
      return null;
    });
    stripeByKey.set(publishableKey, stripe);
  }
  return stripe;
}

export type StripePaymentFormProps = {
  publishableKey: string;
  clientSecret: string;
  /** Where Stripe sends the browser back when the card needs a redirect. */
  returnUrl: string;
  /** Stripe confirmed the SetupIntent without leaving the page. */
  onConfirmed: (setupIntentId: string) => Promise<void>;
  /** Stripe refused the card or the setup, with its message. */
  onRefused: (message: string | undefined) => void;
  /** Anything thrown on the way (onConfirmed's server call included). */
  onError: (error: unknown) => void;
  /** The submit button; disabled until the Payment Element is ready and while processing. */
  renderSubmit: (state: { disabled: boolean; processing: boolean }) => ReactNode;
};

export default function StripePaymentForm({
  publishableKey,
  clientSecret,
  ...form
}: StripePaymentFormProps) {
  const stripe = stripeFor(publishableKey);
  return (
    <Elements stripe={stripe} options={{ clientSecret }}>
      <SetupForm stripePromise={stripe} {...form} />
    </Elements>
  );
}

const LOAD_FAILED =
  'The secure payment form could not be loaded. Check your connection and reload the page.';

function SetupForm({
  stripePromise,
  returnUrl,
  onConfirmed,
  onRefused,
  onError,
  renderSubmit,
}: Omit<StripePaymentFormProps, 'publishableKey' | 'clientSecret'> & {
  stripePromise: Promise<Stripe | null>;
}) {
  const stripe = useStripe();
  const elements = useElements();
  const [ready, setReady] = useState(false);
  const [processing, setProcessing] = useState(false);
  const [loadFailed, setLoadFailed] = useState(false);

  useEffect(() => {
    let current = true;
    stripePromise.then((loaded) => {
      if (current && !loaded) setLoadFailed(true);
    });
    return () => {
      current = false;
    };
  }, [stripePromise]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!stripe || !elements || processing) return;
    setProcessing(true);
    try {
      const { error, setupIntent } = await stripe.confirmSetup({
        elements,
        confirmParams: { return_url: returnUrl },
        redirect: 'if_required',
      });
      if (error) onRefused(error.message);
      else await onConfirmed(setupIntent.id);
    } catch (error) {
      onError(error);
    } finally {
      setProcessing(false);
    }
  }

  return (
    <form onSubmit={submit} className="grid gap-4">
      <PaymentElement
        onReady={() => setReady(true)}
        onLoadError={() => setLoadFailed(true)}
        options={{ layout: 'tabs' }}
      />
      {loadFailed && (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-red-900 text-sm">
          {LOAD_FAILED}
        </p>
      )}
      {renderSubmit({ disabled: !stripe || !elements || !ready || processing, processing })}
    </form>
  );
}
