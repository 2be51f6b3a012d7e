/** What Stripe adds to the return address (/dashboard?payment=success). */
const RETURN_PARAMS = ['payment', 'setup_intent', 'setup_intent_client_secret', 'redirect_status'];

/**
 * ConfirmSetupBody's pattern. The server checks the id with that schema; repeating the pattern
 * keeps zod out of the dashboard's code (payment-return.test.ts keeps the two in step).
 */
const SETUP_INTENT_ID = /^seti_[A-Za-z0-9_]+$/;

/**
 * The dashboard reached through the payment provider's return address: null when it was not,
 * else the SetupIntent to confirm (null when Stripe did not name a valid one).
 */
export function readPaymentReturn(search: string): { setupIntentId: string | null } | null {
  const params = new URLSearchParams(search);
  if (params.get('payment') !== 'success' && !params.has('setup_intent')) return null;
  const id = params.get('setup_intent');
  return { setupIntentId: id !== null && SETUP_INTENT_ID.test(id) ? id : null };
}

/** The query string without the return parameters (the client secret included), tab kept. */
export function withoutPaymentReturn(search: string): string {
  const params = new URLSearchParams(search);
  for (const name of RETURN_PARAMS) params.delete(name);
  return params.toString();
}
