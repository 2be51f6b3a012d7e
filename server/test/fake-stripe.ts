import { randomBytes } from 'node:crypto';
import http, { type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for the few Stripe endpoints StripePayments calls (STYLE.md, Tests). It answers
 * with Stripe's documented object shapes for the SDK's pinned API version, checks what we send
 * (secret key, idempotency keys on creating and charging, the parameters each call needs, no
 * unknown parameters) and honours idempotency keys as Stripe does. Whatever it did not expect is
 * answered as Stripe would and recorded in `unexpected`, which a test asserts stays empty.
 */

export const FAKE_STRIPE_SECRET_KEY = 'sk_test_fakeStripe0000000000000000';

export type Form = { [key: string]: FormValue };
export type FormValue = string | Form | FormValue[];

export type FakeStripeRequest = {
  method: string;
  path: string;
  query: Form;
  body: Form;
  headers: IncomingHttpHeaders;
};

export type FakeStripeReply = { status: number; body: unknown; headers?: Record<string, string> };

/**
 * What a hook may ask for: nothing (answer normally); `'hang'` (Stripe does the work, the answer
 * never arrives); or a reply to send instead (Stripe did nothing, e.g. a 500).
 */
export type FakeStripeHookResult = undefined | 'hang' | FakeStripeReply;
export type FakeStripeHook = (
  request: FakeStripeRequest,
) => FakeStripeHookResult | undefined | Promise<FakeStripeHookResult | undefined>;

export type FakeStripeOptions = {
  /** The key we must send (Authorization: Bearer ...). */
  secretKey?: string;
  /** Runs when a request arrives, before it is processed and answered. */
  onRequest?: FakeStripeHook;
};

/** ok: paid; decline: card_declined; authentication_required: off-session 3-D Secure refused; requires_action: the PaymentIntent comes back waiting for the cardholder. */
export type CardBehaviour = 'ok' | 'decline' | 'authentication_required' | 'requires_action';

export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;

type Json = Record<string, unknown>;
type Customer = { id: string; email: string | null; name: string | null; metadata: Meta };
type Meta = Record<string, string>;
type SetupIntent = {
  id: string;
  customer: string;
  status: string;
  paymentMethod: string | null;
  metadata: Meta;
};
type Card = { brand: string; last4: string; expMonth: number; expYear: number };
type PaymentMethod = Card & { id: string; customer: string | null; behaviour: CardBehaviour };
type PaymentIntent = {
  id: string;
  amount: number;
  customer: string;
  paymentMethod: string;
  description: string | null;
  metadata: Meta;
  status: string;
  lastError: Json | null;
  refunded: boolean;
};
type Price = {
  id: string;
  product: string;
  unitAmount: number;
  lookupKey: string | null;
  active: boolean;
};
type Subscription = {
  id: string;
  customer: string;
  price: string;
  itemId: string;
  paymentMethod: string;
  metadata: Meta;
  status: string;
  cancelAtPeriodEnd: boolean;
  periodStart: number;
  periodEnd: number;
  latestInvoice: string | null;
};
type InvoiceItem = {
  id: string;
  customer: string;
  subscription: string;
  amount: number;
  description: string | null;
  metadata: Meta;
  invoice: string | null;
  date: number;
};
type Invoice = {
  id: string;
  customer: string;
  subscription: string;
  status: string;
  lines: Json[];
  periodStart: number;
  periodEnd: number;
  created: number;
};

/** An answer that stops a handler; `ours` marks a request our code should never send. */
class Answer extends Error {
  constructor(
    readonly status: number,
    readonly error: Json,
    readonly ours = false,
  ) {
    super(String(error.message));
  }
}

// Stripe's ids are letters and digits after the prefix (no '_' or '-', which the secrets use).
const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
const now = () => Math.floor(Date.now() / 1000);
const nextMonth = (seconds: number) => {
  const date = new Date(seconds * 1000);
  date.setUTCMonth(date.getUTCMonth() + 1);
  return Math.floor(date.getTime() / 1000);
};
const list = (url: string, data: unknown[], hasMore = false) => ({
  object: 'list',
  data,
  has_more: hasMore,
  url,
});

const ours = (message: string, param?: string) =>
  new Answer(400, { type: 'invalid_request_error', message, param }, true);
const noSuch = (kind: string, id: string, param = 'id') =>
  new Answer(param === 'id' ? 404 : 400, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    message: `No such ${kind}: '${id}'`,
    param,
  });

export async function startFakeStripe(options: FakeStripeOptions = {}) {
  const secretKey = options.secretKey ?? FAKE_STRIPE_SECRET_KEY;
  const requests: FakeStripeRequest[] = [];
  const unexpected: { method: string; path: string; reason: string }[] = [];
  const saved = new Map<string, { fingerprint: string; reply: FakeStripeReply }>();
  const customers = new Map<string, Customer>();
  const setupIntents = new Map<string, SetupIntent>();
  const paymentMethods = new Map<string, PaymentMethod>();
  const paymentIntents = new Map<string, PaymentIntent>();
  const refunds = new Map<string, Json>();
  const products = new Map<string, Json>();
  const prices = new Map<string, Price>();
  const subscriptions = new Map<string, Subscription>();
  const invoiceItems = new Map<string, InvoiceItem>();
  const invoices = new Map<string, Invoice>();

  const find = <T>(map: Map<string, T>, kind: string, id: string, param = 'id'): T => {
    const found = map.get(id);
    if (!found) throw noSuch(kind, id, param);
    return found;
  };

  // --- Stripe's object shapes, rendered from the records above ---

  const paymentMethodJson = (pm: PaymentMethod) => ({
    id: pm.id,
    object: 'payment_method',
    type: 'card',
    card: {
      brand: pm.brand,
      display_brand: pm.brand,
      last4: pm.last4,
      exp_month: pm.expMonth,
      exp_year: pm.expYear,
      funding: 'credit',
      country: 'US',
      checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: 'pass' },
      wallet: null,
    },
    billing_details: { address: null, email: null, name: null, phone: null },
    customer: pm.customer,
    created: now(),
    livemode: false,
    metadata: {},
  });

  const setupIntentJson = (si: SetupIntent) => ({
    id: si.id,
    object: 'setup_intent',
    allowed_payment_method_types: ['card'],
    client_secret: `${si.id}_secret_${randomBytes(8).toString('hex')}`,
    customer: si.customer,
    created: now(),
    last_setup_error: null,
    livemode: false,
    metadata: si.metadata,
    next_action: null,
    payment_method: si.paymentMethod,
    payment_method_types: ['card', 'link'],
    status: si.status,
    usage: 'off_session',
  });

  const paymentIntentJson = (pi: PaymentIntent) => ({
    id: pi.id,
    object: 'payment_intent',
    amount: pi.amount,
    amount_capturable: 0,
    amount_received: pi.status === 'succeeded' ? pi.amount : 0,
    capture_method: 'automatic_async',
    client_secret: `${pi.id}_secret_${pi.id.slice(3, 11)}`,
    confirmation_method: 'automatic',
    created: now(),
    currency: 'usd',
    customer: pi.customer,
    description: pi.description,
    last_payment_error: pi.lastError,
    latest_charge: pi.status === 'succeeded' ? `ch_${pi.id.slice(3)}` : null,
    livemode: false,
    metadata: pi.metadata,
    next_action:
      pi.status === 'requires_action' ? { type: 'use_stripe_sdk', use_stripe_sdk: {} } : null,
    payment_method: pi.paymentMethod,
    payment_method_types: ['card'],
    status: pi.status,
  });

  const priceJson = (price: Price) => ({
    id: price.id,
    object: 'price',
    active: price.active,
    billing_scheme: 'per_unit',
    created: now(),
    currency: 'usd',
    livemode: false,
    lookup_key: price.lookupKey,
    metadata: {},
    nickname: null,
    product: price.product,
    recurring: { interval: 'month', interval_count: 1, meter: null, usage_type: 'licensed' },
    tax_behavior: 'unspecified',
    type: 'recurring',
    unit_amount: price.unitAmount,
    unit_amount_decimal: String(price.unitAmount),
  });

  const subscriptionJson = (sub: Subscription) => ({
    id: sub.id,
    object: 'subscription',
    billing_cycle_anchor: sub.periodStart,
    cancel_at: sub.cancelAtPeriodEnd ? sub.periodEnd : null,
    cancel_at_period_end: sub.cancelAtPeriodEnd,
    canceled_at: null,
    collection_method: 'charge_automatically',
    created: sub.periodStart,
    currency: 'usd',
    customer: sub.customer,
    default_payment_method: sub.paymentMethod,
    items: list(`/v1/subscription_items?subscription=${sub.id}`, [
      {
        id: sub.itemId,
        object: 'subscription_item',
        created: sub.periodStart,
        current_period_end: sub.periodEnd,
        current_period_start: sub.periodStart,
        discounts: [],
        metadata: {},
        price: priceJson(find(prices, 'price', sub.price)),
        quantity: 1,
        subscription: sub.id,
        tax_rates: [],
      },
    ]),
    latest_invoice: sub.latestInvoice,
    livemode: false,
    metadata: sub.metadata,
    start_date: sub.periodStart,
    status: sub.status,
  });

  const invoiceItemJson = (item: InvoiceItem) => ({
    id: item.id,
    object: 'invoiceitem',
    amount: item.amount,
    currency: 'usd',
    customer: item.customer,
    date: item.date,
    description: item.description,
    discountable: true,
    discounts: [],
    invoice: item.invoice,
    livemode: false,
    metadata: item.metadata,
    parent: {
      type: 'subscription_details',
      subscription_details: { subscription: item.subscription, subscription_item: null },
    },
    period: { start: item.date, end: item.date },
    pricing: null,
    proration: false,
    quantity: 1,
    quantity_decimal: '1',
    tax_rates: [],
    test_clock: null,
  });

  const invoiceJson = (invoice: Invoice, preview = false) => {
    const total = invoice.lines.reduce((sum, line) => sum + Number(line.amount), 0);
    const paid = invoice.status === 'paid';
    const sub = find(subscriptions, 'subscription', invoice.subscription);
    return {
      id: invoice.id,
      object: 'invoice',
      amount_due: total,
      amount_paid: paid ? total : 0,
      amount_remaining: paid ? 0 : total,
      attempt_count: preview ? 0 : 1,
      attempted: !preview,
      billing_reason: 'subscription_cycle',
      collection_method: 'charge_automatically',
      created: invoice.created,
      currency: 'usd',
      customer: invoice.customer,
      lines: list(
        `/v1/invoices/${invoice.id}/lines`,
        invoice.lines.slice(0, 10),
        invoice.lines.length > 10,
      ),
      livemode: false,
      metadata: {},
      next_payment_attempt: preview || invoice.status === 'open' ? invoice.created + 3600 : null,
      parent: {
        type: 'subscription_details',
        quote_details: null,
        subscription_details: { metadata: sub.metadata, subscription: sub.id },
      },
      period_end: invoice.periodEnd,
      period_start: invoice.periodStart,
      status: invoice.status,
      subtotal: total,
      total,
    };
  };

  const lineParent = (details: Json, type: string) => ({
    type,
    invoice_item_details: type === 'invoice_item_details' ? details : null,
    subscription_item_details: type === 'subscription_item_details' ? details : null,
  });

  const line = (invoiceId: string, amount: number, rest: Json) => ({
    id: newId('il'),
    object: 'line_item',
    amount,
    currency: 'usd',
    discount_amounts: [],
    discountable: true,
    discounts: [],
    invoice: invoiceId,
    livemode: false,
    pretax_credit_amounts: [],
    quantity: 1,
    quantity_decimal: '1',
    subtotal: amount,
    taxes: [],
    ...rest,
  });

  /** Lines for the subscription's pending invoice items and the coming month's fee. */
  const invoiceLines = (sub: Subscription, invoiceId: string, start: number, end: number) => {
    const price = find(prices, 'price', sub.price);
    const items = [...invoiceItems.values()].filter(
      (item) => item.subscription === sub.id && item.invoice === null,
    );
    const details = { proration: false, proration_details: { credited_items: null } };
    return {
      items,
      lines: [
        ...items.map((item) =>
          line(invoiceId, item.amount, {
            description: item.description,
            metadata: item.metadata,
            parent: lineParent(
              { ...details, invoice_item: item.id, subscription: sub.id },
              'invoice_item_details',
            ),
            period: { start: item.date, end: item.date },
            pricing: null,
          }),
        ),
        line(invoiceId, price.unitAmount, {
          description: '1 × Utility Reports Monthly Subscription',
          metadata: {},
          parent: lineParent(
            {
              ...details,
              invoice_item: null,
              subscription: sub.id,
              subscription_item: sub.itemId,
            },
            'subscription_item_details',
          ),
          period: { start, end },
          pricing: {
            type: 'price_details',
            price_details: { price: price.id, product: price.product },
            unit_amount_decimal: String(price.unitAmount),
          },
        }),
      ],
    };
  };

  /** A finalized invoice for the subscription, paid or not as its card behaves. */
  const billSubscription = (sub: Subscription, start: number, end: number) => {
    const id = newId('in');
    const { items, lines } = invoiceLines(sub, id, start, end);
    const paid = find(paymentMethods, 'payment_method', sub.paymentMethod).behaviour === 'ok';
    for (const item of items) item.invoice = id;
    const invoice: Invoice = {
      id,
      customer: sub.customer,
      subscription: sub.id,
      status: paid ? 'paid' : 'open',
      lines,
      periodStart: start,
      periodEnd: end,
      created: now(),
    };
    invoices.set(id, invoice);
    sub.latestInvoice = id;
    return { invoice, paid };
  };

  // --- Parameter checks ---

  const text = (form: Form, key: string): string | undefined => {
    const value = form[key];
    return typeof value === 'string' ? value : undefined;
  };
  const required = (form: Form, key: string): string => {
    const value = text(form, key);
    if (!value) throw ours(`Missing required param: ${key}.`, key);
    return value;
  };
  const positiveInt = (form: Form, key: string): number => {
    const value = required(form, key);
    if (!/^[1-9]\d*$/.test(value)) throw ours(`Invalid integer: ${value}`, key);
    return Number(value);
  };
  const exactly = (form: Form, key: string, expected: string) => {
    if (text(form, key) !== expected) throw ours(`We expected ${key}=${expected}.`, key);
  };
  const metadata = (form: Form): Meta => {
    const value = form.metadata;
    if (value === undefined) return {};
    if (typeof value !== 'object' || Array.isArray(value))
      throw ours('Invalid metadata', 'metadata');
    return Object.fromEntries(
      Object.entries(value).filter(
        (entry): entry is [string, string] => typeof entry[1] === 'string',
      ),
    );
  };
  const attachedTo = (customer: string, id: string, param: string) => {
    const pm = find(paymentMethods, 'PaymentMethod', id, param);
    if (pm.customer !== customer) {
      throw ours(`The PaymentMethod ${id} does not belong to the Customer ${customer}.`, param);
    }
    return pm;
  };

  // --- Endpoints ---

  type Handler = (params: string[], form: Form) => Json;
  type Route = {
    method: string;
    path: RegExp;
    /** Creating or moving money: our own Idempotency-Key must come with it. */
    needsKey?: boolean;
    allowed: string[];
    handle: Handler;
  };

  const cardError = (pi: PaymentIntent, pm: PaymentMethod, code: string, message: string) => {
    const error = {
      type: 'card_error',
      code,
      decline_code: code === 'card_declined' ? 'generic_decline' : code,
      message,
      charge: `ch_${pi.id.slice(3)}`,
      doc_url: `https://docs.stripe.com/error-codes/${code.replaceAll('_', '-')}`,
      payment_method: paymentMethodJson(pm),
    };
    pi.status = 'requires_payment_method';
    pi.lastError = error;
    return new Answer(402, { ...error, payment_intent: paymentIntentJson(pi) });
  };

  const routes: Route[] = [
    {
      method: 'POST',
      path: /^\/v1\/customers$/,
      needsKey: true,
      allowed: ['email', 'name', 'metadata'],
      handle: (_, form) => {
        const meta = metadata(form);
        if (!meta.userId) throw ours('We expected metadata[userId].', 'metadata');
        const customer = {
          id: newId('cus'),
          email: text(form, 'email') ?? null,
          name: text(form, 'name') ?? null,
          metadata: meta,
        };
        customers.set(customer.id, customer);
        return {
          ...customer,
          object: 'customer',
          created: now(),
          invoice_settings: { default_payment_method: null },
          livemode: false,
        };
      },
    },
    {
      method: 'POST',
      path: /^\/v1\/setup_intents$/,
      allowed: ['customer', 'usage', 'allowed_payment_method_types', 'metadata'],
      handle: (_, form) => {
        const customer = find(customers, 'customer', required(form, 'customer'), 'customer');
        exactly(form, 'usage', 'off_session');
        const types = form.allowed_payment_method_types;
        if (!Array.isArray(types) || types.length !== 1 || types[0] !== 'card') {
          throw ours(
            'We expected allowed_payment_method_types[0]=card.',
            'allowed_payment_method_types',
          );
        }
        const si: SetupIntent = {
          id: newId('seti'),
          customer: customer.id,
          status: 'requires_payment_method',
          paymentMethod: null,
          metadata: metadata(form),
        };
        setupIntents.set(si.id, si);
        return setupIntentJson(si);
      },
    },
    {
      method: 'GET',
      path: /^\/v1\/setup_intents\/([^/]+)$/,
      allowed: [],
      handle: ([id]) => setupIntentJson(find(setupIntents, 'setupintent', String(id))),
    },
    {
      method: 'GET',
      path: /^\/v1\/payment_methods\/([^/]+)$/,
      allowed: [],
      handle: ([id]) => paymentMethodJson(find(paymentMethods, 'PaymentMethod', String(id))),
    },
    {
      method: 'POST',
      path: /^\/v1\/payment_intents$/,
      needsKey: true,
      allowed: [
        'amount',
        'currency',
        'customer',
        'payment_method',
        'off_session',
        'confirm',
        'description',
        'metadata',
      ],
      handle: (_, form) => {
        const amount = positiveInt(form, 'amount');
        exactly(form, 'currency', 'usd');
        exactly(form, 'off_session', 'true');
        exactly(form, 'confirm', 'true');
        const customer = find(customers, 'customer', required(form, 'customer'), 'customer');
        const pm = attachedTo(customer.id, required(form, 'payment_method'), 'payment_method');
        if (amount < 50) {
          throw new Answer(400, {
            type: 'invalid_request_error',
            code: 'amount_too_small',
            message: 'Amount must be at least $0.50 usd',
            param: 'amount',
          });
        }
        const pi: PaymentIntent = {
          id: newId('pi'),
          amount,
          customer: customer.id,
          paymentMethod: pm.id,
          description: text(form, 'description') ?? null,
          metadata: metadata(form),
          status: 'succeeded',
          lastError: null,
          refunded: false,
        };
        paymentIntents.set(pi.id, pi);
        if (pm.behaviour === 'decline') {
          throw cardError(pi, pm, 'card_declined', 'Your card was declined.');
        }
        if (pm.behaviour === 'authentication_required') {
          throw cardError(
            pi,
            pm,
            'authentication_required',
            'Your card was declined. This transaction requires authentication.',
          );
        }
        if (pm.behaviour === 'requires_action') pi.status = 'requires_action';
        return paymentIntentJson(pi);
      },
    },
    {
      method: 'GET',
      path: /^\/v1\/payment_intents\/([^/]+)$/,
      allowed: [],
      handle: ([id]) => paymentIntentJson(find(paymentIntents, 'payment_intent', String(id))),
    },
    {
      method: 'POST',
      path: /^\/v1\/refunds$/,
      needsKey: true,
      allowed: ['payment_intent'],
      handle: (_, form) => {
        const id = required(form, 'payment_intent');
        const pi = find(paymentIntents, 'payment_intent', id, 'payment_intent');
        if (pi.status !== 'succeeded' || pi.refunded) {
          throw new Answer(400, {
            type: 'invalid_request_error',
            code: pi.refunded ? 'charge_already_refunded' : 'payment_intent_unexpected_state',
            message: pi.refunded
              ? `Charge ch_${pi.id.slice(3)} has already been refunded.`
              : `This PaymentIntent (${pi.id}) does not have a successful charge to refund.`,
          });
        }
        pi.refunded = true;
        const refund = {
          id: newId('re'),
          object: 'refund',
          amount: pi.amount,
          charge: `ch_${pi.id.slice(3)}`,
          created: now(),
          currency: 'usd',
          metadata: {},
          payment_intent: pi.id,
          reason: null,
          status: 'succeeded',
        };
        refunds.set(refund.id, refund);
        return refund;
      },
    },
    {
      method: 'GET',
      path: /^\/v1\/prices$/,
      allowed: ['lookup_keys', 'active', 'limit'],
      handle: (_, form) => {
        const keys = form.lookup_keys;
        if (!Array.isArray(keys)) throw ours('We expected lookup_keys[0].', 'lookup_keys');
        const active = text(form, 'active');
        const found = [...prices.values()]
          .filter((p) => p.lookupKey !== null && keys.includes(p.lookupKey))
          .filter((p) => active === undefined || String(p.active) === active);
        const limit = Number(text(form, 'limit') ?? 10);
        return list('/v1/prices', found.slice(0, limit).map(priceJson), found.length > limit);
      },
    },
    {
      method: 'POST',
      path: /^\/v1\/prices$/,
      needsKey: true,
      allowed: [
        'unit_amount',
        'currency',
        'recurring',
        'lookup_key',
        'product',
        'product_data',
        'transfer_lookup_key',
      ],
      handle: (_, form) => {
        const unitAmount = positiveInt(form, 'unit_amount');
        exactly(form, 'currency', 'usd');
        const recurring = form.recurring;
        if (
          typeof recurring !== 'object' ||
          Array.isArray(recurring) ||
          recurring.interval !== 'month'
        ) {
          throw ours('We expected recurring[interval]=month.', 'recurring');
        }
        const lookupKey = required(form, 'lookup_key');
        const holder = [...prices.values()].find((p) => p.lookupKey === lookupKey);
        if (holder && text(form, 'transfer_lookup_key') !== 'true') {
          throw new Answer(400, {
            type: 'invalid_request_error',
            message: `A price (\`${holder.id}\`) already uses that lookup key.`,
            param: 'lookup_key',
          });
        }
        let product = text(form, 'product');
        const productData = form.product_data;
        if (product) {
          find(products, 'product', product, 'product');
        } else if (typeof productData === 'object' && !Array.isArray(productData)) {
          const name = typeof productData.name === 'string' ? productData.name : '';
          if (!name) throw ours('Missing required param: product_data[name].', 'product_data');
          product = newId('prod');
          products.set(product, { id: product, object: 'product', name, active: true });
        } else {
          throw ours('Missing required param: product or product_data.', 'product');
        }
        if (holder) holder.lookupKey = null;
        const price: Price = { id: newId('price'), product, unitAmount, lookupKey, active: true };
        prices.set(price.id, price);
        return priceJson(price);
      },
    },
    {
      method: 'POST',
      path: /^\/v1\/subscriptions$/,
      needsKey: true,
      allowed: ['customer', 'items', 'default_payment_method', 'metadata', 'off_session'],
      handle: (_, form) => {
        const customer = find(customers, 'customer', required(form, 'customer'), 'customer');
        const items = form.items;
        const first = Array.isArray(items) ? items[0] : undefined;
        if (
          !Array.isArray(items) ||
          items.length !== 1 ||
          typeof first !== 'object' ||
          Array.isArray(first)
        ) {
          throw ours('We expected one item: items[0][price].', 'items');
        }
        const price = find(prices, 'price', required(first, 'price'), 'items[0][price]');
        if (!price.active) throw ours(`The price ${price.id} is not active.`, 'items');
        const pm = attachedTo(
          customer.id,
          required(form, 'default_payment_method'),
          'default_payment_method',
        );
        exactly(form, 'off_session', 'true');
        const start = now();
        const sub: Subscription = {
          id: newId('sub'),
          customer: customer.id,
          price: price.id,
          itemId: newId('si'),
          paymentMethod: pm.id,
          metadata: metadata(form),
          status: 'active',
          cancelAtPeriodEnd: false,
          periodStart: start,
          periodEnd: nextMonth(start),
          latestInvoice: null,
        };
        subscriptions.set(sub.id, sub);
        // The first month is invoiced and charged at once; a refused card leaves it incomplete.
        if (!billSubscription(sub, sub.periodStart, sub.periodEnd).paid) sub.status = 'incomplete';
        return subscriptionJson(sub);
      },
    },
    {
      method: 'GET',
      path: /^\/v1\/subscriptions\/([^/]+)$/,
      allowed: [],
      handle: ([id]) => subscriptionJson(find(subscriptions, 'subscription', String(id))),
    },
    {
      method: 'POST',
      path: /^\/v1\/subscriptions\/([^/]+)$/,
      allowed: ['cancel_at_period_end'],
      handle: ([id], form) => {
        const sub = find(subscriptions, 'subscription', String(id));
        const cancel = required(form, 'cancel_at_period_end');
        if (cancel !== 'true' && cancel !== 'false') {
          throw ours('Invalid boolean', 'cancel_at_period_end');
        }
        sub.cancelAtPeriodEnd = cancel === 'true';
        return subscriptionJson(sub);
      },
    },
    {
      method: 'POST',
      path: /^\/v1\/invoiceitems$/,
      needsKey: true,
      allowed: ['customer', 'subscription', 'amount', 'currency', 'description', 'metadata'],
      handle: (_, form) => {
        const customer = find(customers, 'customer', required(form, 'customer'), 'customer');
        const sub = find(
          subscriptions,
          'subscription',
          required(form, 'subscription'),
          'subscription',
        );
        if (sub.customer !== customer.id) {
          throw ours(`The subscription ${sub.id} belongs to another customer.`, 'subscription');
        }
        const amount = positiveInt(form, 'amount');
        exactly(form, 'currency', 'usd');
        const item: InvoiceItem = {
          id: newId('ii'),
          customer: customer.id,
          subscription: sub.id,
          amount,
          description: text(form, 'description') ?? null,
          metadata: metadata(form),
          invoice: null,
          date: now(),
        };
        invoiceItems.set(item.id, item);
        return invoiceItemJson(item);
      },
    },
    {
      method: 'DELETE',
      path: /^\/v1\/invoiceitems\/([^/]+)$/,
      allowed: [],
      handle: ([id]) => {
        const item = find(invoiceItems, 'invoiceitem', String(id));
        if (item.invoice) {
          throw new Answer(400, {
            type: 'invalid_request_error',
            message: `Invoice item ${item.id} cannot be deleted: it is on invoice ${item.invoice}, which is no longer a draft.`,
          });
        }
        invoiceItems.delete(item.id);
        return { id: item.id, object: 'invoiceitem', deleted: true };
      },
    },
    {
      method: 'GET',
      path: /^\/v1\/invoices\/([^/]+)$/,
      allowed: [],
      handle: ([id]) => invoiceJson(find(invoices, 'invoice', String(id))),
    },
    {
      method: 'GET',
      path: /^\/v1\/invoices\/([^/]+)\/lines$/,
      allowed: ['limit', 'starting_after'],
      handle: ([id], form) => {
        const invoice = find(invoices, 'invoice', String(id));
        const after = text(form, 'starting_after');
        const from = after ? invoice.lines.findIndex((l) => l.id === after) + 1 : 0;
        const limit = Number(text(form, 'limit') ?? 10);
        const page = invoice.lines.slice(from, from + limit);
        return list(`/v1/invoices/${invoice.id}/lines`, page, from + limit < invoice.lines.length);
      },
    },
    {
      method: 'POST',
      path: /^\/v1\/invoices\/create_preview$/,
      allowed: ['customer', 'subscription'],
      handle: (_, form) => {
        const customer = find(customers, 'customer', required(form, 'customer'), 'customer');
        const sub = find(
          subscriptions,
          'subscription',
          required(form, 'subscription'),
          'subscription',
        );
        if (sub.customer !== customer.id) {
          throw ours(`The subscription ${sub.id} belongs to another customer.`, 'subscription');
        }
        const id = `upcoming_${newId('in')}`;
        const { lines } = invoiceLines(sub, id, sub.periodEnd, nextMonth(sub.periodEnd));
        const preview = {
          id,
          customer: customer.id,
          subscription: sub.id,
          status: 'draft',
          lines,
          periodStart: sub.periodStart,
          periodEnd: sub.periodEnd,
          created: sub.periodEnd,
        };
        return invoiceJson(preview, true);
      },
    },
  ];

  const objectJson = (id: string): unknown => {
    const setupIntent = setupIntents.get(id);
    if (setupIntent) return setupIntentJson(setupIntent);
    const paymentIntent = paymentIntents.get(id);
    if (paymentIntent) return paymentIntentJson(paymentIntent);
    const subscription = subscriptions.get(id);
    if (subscription) return subscriptionJson(subscription);
    const invoice = invoices.get(id);
    if (invoice) return invoiceJson(invoice);
    throw new Error(`The fake holds no object ${id}`);
  };

  // --- HTTP ---

  function process(request: FakeStripeRequest): FakeStripeReply {
    const { method, path, headers } = request;
    const problem = (reason: string) => unexpected.push({ method, path, reason });
    const authorization = headers.authorization;
    if (authorization !== `Bearer ${secretKey}`) {
      const key = authorization?.replace(/^Bearer /, '') ?? '';
      if (!/^(sk|rk)_test_/.test(key)) problem('no test-mode secret key');
      return stripeError(401, {
        type: 'invalid_request_error',
        message: key
          ? `Invalid API Key provided: ${key.slice(0, 8)}${'*'.repeat(8)}${key.slice(-4)}`
          : 'You did not provide an API key.',
      });
    }
    const match = routes
      .filter((route) => route.method === method)
      .map((route) => ({ route, params: route.path.exec(path)?.slice(1) }))
      .find((m) => m.params);
    if (!match?.params) {
      problem('no such endpoint');
      return stripeError(404, {
        type: 'invalid_request_error',
        message: `Unrecognized request URL (${method}: ${path}).`,
      });
    }
    const { route, params } = match;
    const form = method === 'POST' ? request.body : request.query;
    const unknown = Object.keys(form).find((key) => !route.allowed.includes(key));
    if (unknown) {
      problem(`unknown parameter ${unknown}`);
      return stripeError(400, {
        type: 'invalid_request_error',
        code: 'parameter_unknown',
        message: `Received unknown parameter: ${unknown}`,
        param: unknown,
      });
    }
    const key = headers['idempotency-key'];
    const ownKey = typeof key === 'string' && !key.startsWith('stripe-node-retry-') ? key : null;
    if (route.needsKey && !ownKey) {
      problem('no Idempotency-Key of our own');
      return stripeError(400, {
        type: 'invalid_request_error',
        message: 'This fake wants our own Idempotency-Key on every call that creates or charges.',
      });
    }
    if (method !== 'POST' || typeof key !== 'string') return run(route, params, form, problem);
    // Stripe's idempotency: the first result is saved and replayed; other parameters are refused.
    const fingerprint = `${method} ${path} ${stableJson(form)}`;
    const previous = saved.get(key);
    if (previous) {
      if (previous.fingerprint !== fingerprint) {
        return stripeError(400, {
          type: 'idempotency_error',
          message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
        });
      }
      return {
        ...previous.reply,
        headers: { ...previous.reply.headers, 'Idempotent-Replayed': 'true' },
      };
    }
    const reply = run(route, params, form, problem);
    // Like Stripe, a request refused before it ran (400) saves nothing.
    if (reply.status !== 400) saved.set(key, { fingerprint, reply });
    return reply;
  }

  function run(
    route: Route,
    params: string[],
    form: Form,
    problem: (reason: string) => void,
  ): FakeStripeReply {
    try {
      return { status: 200, body: route.handle(params, form) };
    } catch (error) {
      if (!(error instanceof Answer)) throw error;
      if (error.ours) problem(error.message);
      return stripeError(error.status, error.error);
    }
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', async () => {
      const url = new URL(req.url ?? '/', 'http://fake-stripe');
      const request: FakeStripeRequest = {
        method: req.method ?? 'GET',
        path: url.pathname,
        query: parseForm(url.searchParams),
        body: parseForm(new URLSearchParams(Buffer.concat(chunks).toString('utf8'))),
        headers: req.headers,
      };
      requests.push(request);
      let reply: FakeStripeReply;
      try {
        const hooked = await fake.onRequest?.(request);
        if (hooked && hooked !== 'hang') {
          reply = hooked;
        } else {
          reply = process(request);
          if (hooked === 'hang') return;
        }
      } catch (error) {
        unexpected.push({ method: request.method, path: request.path, reason: String(error) });
        reply = stripeError(500, { type: 'api_error', message: 'The fake failed.' });
      }
      if (res.destroyed) return;
      res.writeHead(reply.status, {
        'Content-Type': 'application/json',
        'Request-Id': newId('req'),
        ...reply.headers,
      });
      res.end(JSON.stringify(reply.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const fake = {
    /** For STRIPE_API_URL. */
    url: `http://127.0.0.1:${port}`,
    secretKey,
    requests,
    unexpected,
    onRequest: options.onRequest as FakeStripeHook | undefined,

    /** The distinct PaymentIntents created, as Stripe would show them. */
    paymentIntents: () => [...paymentIntents.values()].map(paymentIntentJson),
    refunds: () => [...refunds.values()],
    prices: () => [...prices.values()].map(priceJson),
    products: () => [...products.values()],
    invoiceItems: () => [...invoiceItems.values()].map(invoiceItemJson),

    /** What Stripe.js does when the cardholder completes the SetupIntent: a new card, attached. */
    succeedSetupIntent(
      setupIntentId: string,
      card: { brand: string; last4: string; expMonth?: number; expYear?: number } = {
        brand: 'visa',
        last4: '4242',
      },
    ): string {
      const si = find(setupIntents, 'setupintent', setupIntentId);
      const pm: PaymentMethod = {
        id: newId('pm'),
        customer: si.customer,
        brand: card.brand,
        last4: card.last4,
        expMonth: card.expMonth ?? 12,
        expYear: card.expYear ?? new Date().getUTCFullYear() + 3,
        behaviour: 'ok',
      };
      paymentMethods.set(pm.id, pm);
      si.paymentMethod = pm.id;
      si.status = 'succeeded';
      return pm.id;
    },

    setCardBehaviour(paymentMethodId: string, behaviour: CardBehaviour): void {
      find(paymentMethods, 'PaymentMethod', paymentMethodId).behaviour = behaviour;
    },

    /** The subscription's renewal: an invoice with its pending items and next month's fee. */
    payInvoiceFor(subscriptionId: string) {
      const sub = find(subscriptions, 'subscription', subscriptionId);
      const start = sub.periodEnd;
      const end = nextMonth(start);
      const { invoice, paid } = billSubscription(sub, start, end);
      sub.periodStart = start;
      sub.periodEnd = end;
      sub.status = paid ? 'active' : 'past_due';
      return invoiceJson(invoice);
    },

    /** A webhook event about an object the fake holds, shaped as Stripe sends it. */
    event(type: string, objectId: string) {
      return {
        id: newId('evt'),
        object: 'event',
        api_version: requests.at(-1)?.headers['stripe-version'] ?? null,
        created: now(),
        data: { object: objectJson(objectId) },
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type,
      };
    },

    async close(): Promise<void> {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return fake;
}

function stripeError(status: number, error: Json): FakeStripeReply {
  const body = Object.fromEntries(Object.entries(error).filter(([, v]) => v !== undefined));
  return { status, body: { error: { ...body, request_log_url: null } } };
}

/** Stripe's form encoding: `a[b][0][c]=v` nests; objects keyed 0..n are arrays. */
export function parseForm(params: URLSearchParams): Form {
  const root: Form = {};
  for (const [name, value] of params) {
    const [head = name, ...rest] = name.split('[').map((part) => part.replace(/]$/, ''));
    const last = rest.pop();
    let node = root;
    if (last === undefined) {
      node[head] = value;
      continue;
    }
    for (const key of [head, ...rest]) {
      const next = node[key];
      if (typeof next !== 'object' || Array.isArray(next)) node[key] = {};
      node = node[key] as Form;
    }
    node[last] = value;
  }
  return arrays(root) as Form;
}

function arrays(value: FormValue): FormValue {
  if (typeof value === 'string' || Array.isArray(value)) return value;
  const keys = Object.keys(value);
  const entries = keys.map((key) => [key, arrays(value[key] as FormValue)] as const);
  if (keys.length > 0 && keys.every((key, i) => key === String(i))) {
    return entries.map(([, v]) => v);
  }
  return Object.fromEntries(entries);
}

function stableJson(value: unknown): string {
  if (typeof value !== 'object' || value === null) return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  const entries = Object.entries(value).sort(([a], [b]) => a.localeCompare(b));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(',')}}`;
}
