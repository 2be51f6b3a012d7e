import { invoiceJson, paymentIntentJson, setupIntentJson, subscriptionJson } from './shapes.ts';
import { type FakeStripeState, newId, now } from './state.ts';

/** The object a webhook event is about, as Stripe would show it now. */
function objectJson(state: FakeStripeState, id: string): unknown {
  const setupIntent = state.setupIntents.get(id);
  if (setupIntent) return setupIntentJson(setupIntent);
  const paymentIntent = state.paymentIntents.get(id);
  if (paymentIntent) return paymentIntentJson(paymentIntent);
  const subscription = state.subscriptions.get(id);
  if (subscription) return subscriptionJson(state, subscription);
  const invoice = state.invoices.get(id);
  if (invoice) return invoiceJson(state, invoice);
  throw new Error(`The fake holds no object ${id}`);
}

/** A webhook event about an object the fake holds, shaped as Stripe sends it. */
export function eventJson(
  state: FakeStripeState,
  type: string,
  objectId: string,
  apiVersion: string | string[] | null,
) {
  return {
    id: newId('evt'),
    object: 'event',
    api_version: apiVersion,
    created: now(),
    data: { object: objectJson(state, objectId) },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  };
}
