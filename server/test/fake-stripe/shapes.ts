import { randomBytes } from 'node:crypto';
import {
  type FakeStripeState,
  find,
  type Invoice,
  type InvoiceItem,
  now,
  type PaymentIntent,
  type PaymentMethod,
  type Price,
  type SetupIntent,
  type Subscription,
} from './state.ts';

// Stripe's object shapes for the SDK's pinned API version, rendered from the fake's records.

export const list = (url: string, data: unknown[], hasMore = false) => ({
  object: 'list',
  data,
  has_more: hasMore,
  url,
});

export const paymentMethodJson = (pm: PaymentMethod) => ({
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

export const setupIntentJson = (si: SetupIntent) => ({
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

export const paymentIntentJson = (pi: PaymentIntent) => ({
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

export const priceJson = (price: Price) => ({
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

export const subscriptionJson = (state: FakeStripeState, sub: Subscription) => ({
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
      price: priceJson(find(state.prices, 'price', sub.price)),
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

export const invoiceItemJson = (item: InvoiceItem) => ({
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

export const invoiceJson = (state: FakeStripeState, invoice: Invoice, preview = false) => {
  const total = invoice.lines.reduce((sum, line) => sum + Number(line.amount), 0);
  const paid = invoice.status === 'paid';
  const sub = find(state.subscriptions, 'subscription', invoice.subscription);
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
