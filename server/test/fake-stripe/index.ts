import { eventJson } from './events.ts';
import {
  type FakeStripeHook,
  type FakeStripeRequest,
  serve,
  stripeAnswerer,
  type Unexpected,
} from './http.ts';
import { billSubscription } from './invoicing.ts';
import { customerRoutes } from './routes/customers.ts';
import { invoiceItemRoutes } from './routes/invoice-items.ts';
import { invoiceRoutes } from './routes/invoices.ts';
import { paymentIntentRoutes } from './routes/payment-intents.ts';
import { paymentMethodRoutes } from './routes/payment-methods.ts';
import { priceRoutes } from './routes/prices.ts';
import { refundRoutes } from './routes/refunds.ts';
import { setupIntentRoutes } from './routes/setup-intents.ts';
import { subscriptionRoutes } from './routes/subscriptions.ts';
import { invoiceItemJson, invoiceJson, paymentIntentJson, priceJson } from './shapes.ts';
import {
  type CardBehaviour,
  createState,
  find,
  newId,
  nextMonth,
  type PaymentMethod,
} from './state.ts';

/**
 * A local stand-in for the few Stripe endpoints StripePayments calls, so that tests of payments
 * reach no network yet talk to something as strict as Stripe. It answers with Stripe's
 * documented object shapes for the SDK's pinned API version, checks what we send (secret key,
 * idempotency keys on creating and charging, the parameters each call needs, no unknown
 * parameters) and honours idempotency keys as Stripe does. Whatever it did not expect is
 * answered as Stripe would and recorded in `unexpected`, which a test asserts stays empty.
 */

export type { CardBehaviour } from './state.ts';

export const FAKE_STRIPE_SECRET_KEY = 'sk_test_fakeStripe0000000000000000';

export type FakeStripeOptions = {
  /** The key we must send (Authorization: Bearer ...). */
  secretKey?: string;
  /** Runs when a request arrives, before it is processed and answered. */
  onRequest?: FakeStripeHook;
};

export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;

export async function startFakeStripe(options: FakeStripeOptions = {}) {
  const secretKey = options.secretKey ?? FAKE_STRIPE_SECRET_KEY;
  const requests: FakeStripeRequest[] = [];
  const unexpected: Unexpected[] = [];
  const state = createState();
  const routes = [
    ...customerRoutes(state),
    ...setupIntentRoutes(state),
    ...paymentMethodRoutes(state),
    ...paymentIntentRoutes(state),
    ...refundRoutes(state),
    ...priceRoutes(state),
    ...subscriptionRoutes(state),
    ...invoiceItemRoutes(state),
    ...invoiceRoutes(state),
  ];
  const server = await serve({
    answer: stripeAnswerer(secretKey, routes, unexpected),
    hook: () => fake.onRequest,
    requests,
    unexpected,
  });

  const fake = {
    /** For STRIPE_API_URL. */
    url: server.url,
    secretKey,
    requests,
    unexpected,
    onRequest: options.onRequest as FakeStripeHook | undefined,

    customers: () => [...state.customers.values()],
    /** The distinct PaymentIntents created, as Stripe would show them. */
    paymentIntents: () => [...state.paymentIntents.values()].map(paymentIntentJson),
    refunds: () => [...state.refunds.values()],
    prices: () => [...state.prices.values()].map(priceJson),
    products: () => [...state.products.values()],
    invoiceItems: () => [...state.invoiceItems.values()].map(invoiceItemJson),

    /** What Stripe.js does when the cardholder completes the SetupIntent: a new card, attached. */
    succeedSetupIntent(
      setupIntentId: string,
      card: { brand: string; last4: string; expMonth?: number; expYear?: number } = {
        brand: 'visa',
        last4: '4242',
      },
    ): string {
      const si = find(state.setupIntents, 'setupintent', setupIntentId);
      const pm: PaymentMethod = {
        id: newId('pm'),
        customer: si.customer,
        brand: card.brand,
        last4: card.last4,
        expMonth: card.expMonth ?? 12,
        expYear: card.expYear ?? new Date().getUTCFullYear() + 3,
        behaviour: 'ok',
      };
      state.paymentMethods.set(pm.id, pm);
      si.paymentMethod = pm.id;
      si.status = 'succeeded';
      return pm.id;
    },

    setCardBehaviour(paymentMethodId: string, behaviour: CardBehaviour): void {
      find(state.paymentMethods, 'PaymentMethod', paymentMethodId).behaviour = behaviour;
    },

    /** The subscription's renewal: an invoice with its pending items and next month's fee. */
    payInvoiceFor(subscriptionId: string) {
      const sub = find(state.subscriptions, 'subscription', subscriptionId);
      const start = sub.periodEnd;
      const end = nextMonth(start);
      const { invoice, paid } = billSubscription(state, sub, start, end);
      sub.periodStart = start;
      sub.periodEnd = end;
      sub.status = paid ? 'active' : 'past_due';
      return invoiceJson(state, invoice);
    },

    /** A webhook event about an object the fake holds, shaped as Stripe sends it. */
    event(type: string, objectId: string) {
      const apiVersion = requests.at(-1)?.headers['stripe-version'] ?? null;
      return eventJson(state, type, objectId, apiVersion);
    },

    close: server.close,
  };
  return fake;
}
