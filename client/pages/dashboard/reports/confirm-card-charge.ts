import { loadStripe } from '@stripe/stripe-js/pure';

/*
 * Loaded with import() only when the bank asks the cardholder to confirm a charge, so Stripe's
 * code stays out of the dashboard's own chunk.
 */

const NOT_LOADED = 'The secure payment window could not be loaded. Please try again.';

/**
 * Lets the cardholder confirm a report's charge with their bank (3-D Secure). The server
 * charged off-session: a PaymentIntent in `requires_action` has its next action handled here;
 * one that came back `requires_payment_method` (authentication needed) is confirmed again, on
 * session, with the same card. Resolves to Stripe's message when the cardholder did not pass.
 */
export async function confirmCardCharge(
  publishableKey: string,
  clientSecret: string,
): Promise<{ error: string | null }> {
  const stripe = await loadStripe(publishableKey);
  if (!stripe) return { error: NOT_LOADED };
  const { paymentIntent, error } = await stripe.retrievePaymentIntent(clientSecret);
  if (error || !paymentIntent) return { error: error?.message ?? NOT_LOADED };

  if (paymentIntent.status === 'requires_action') {
    const result = await stripe.handleNextAction({ clientSecret });
    return { error: result.error?.message ?? null };
  }
  if (
    paymentIntent.status === 'requires_payment_method' ||
    paymentIntent.status === 'requires_confirmation'
  ) {
    const card =
      paymentIntent.last_payment_error?.payment_method?.id ??
      (typeof paymentIntent.payment_method === 'string'
        ? paymentIntent.payment_method
        : paymentIntent.payment_method?.id);
    const result = await stripe.confirmCardPayment(
      clientSecret,
      card ? { payment_method: card } : undefined,
    );
    return { error: result.error?.message ?? null };
  }
  // Succeeded or processing: the server reads the outcome from Stripe.
  return { error: null };
}
