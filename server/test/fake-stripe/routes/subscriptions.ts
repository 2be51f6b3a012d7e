import type { Form } from '../form.ts';
import { billSubscription } from '../invoicing.ts';
import { exactly, getById, metadata, ours, type Route, required } from '../route.ts';
import { subscriptionJson } from '../shapes.ts';
import { type FakeStripeState, find, newId, nextMonth, now, type Subscription } from '../state.ts';
import { customerOf } from './customers.ts';
import { attachedTo } from './payment-methods.ts';

/** The customer a request names and its subscription, which must be that customer's. */
export const customerSubscription = (state: FakeStripeState, form: Form) => {
  const customer = customerOf(state, form);
  const sub = find(
    state.subscriptions,
    'subscription',
    required(form, 'subscription'),
    'subscription',
  );
  if (sub.customer !== customer.id) {
    throw ours(`The subscription ${sub.id} belongs to another customer.`, 'subscription');
  }
  return { customer, sub };
};

export const subscriptionRoutes = (state: FakeStripeState): Route[] => [
  {
    method: 'POST',
    path: /^\/v1\/subscriptions$/,
    needsKey: true,
    allowed: ['customer', 'items', 'default_payment_method', 'metadata', 'off_session'],
    handle: (_, form) => {
      const customer = customerOf(state, form);
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
      const price = find(state.prices, 'price', required(first, 'price'), 'items[0][price]');
      if (!price.active) throw ours(`The price ${price.id} is not active.`, 'items');
      const pm = attachedTo(
        state,
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
      state.subscriptions.set(sub.id, sub);
      // The first month is invoiced and charged at once; a refused card leaves it incomplete.
      if (!billSubscription(state, sub, sub.periodStart, sub.periodEnd).paid) {
        sub.status = 'incomplete';
      }
      return subscriptionJson(state, sub);
    },
  },
  getById(/^\/v1\/subscriptions\/([^/]+)$/, (id) =>
    subscriptionJson(state, find(state.subscriptions, 'subscription', id)),
  ),
  {
    method: 'POST',
    path: /^\/v1\/subscriptions\/([^/]+)$/,
    allowed: ['cancel_at_period_end'],
    handle: ([id], form) => {
      const sub = find(state.subscriptions, 'subscription', String(id));
      const cancel = required(form, 'cancel_at_period_end');
      if (cancel !== 'true' && cancel !== 'false') {
        throw ours('Invalid boolean', 'cancel_at_period_end');
      }
      sub.cancelAtPeriodEnd = cancel === 'true';
      return subscriptionJson(state, sub);
    },
  },
];
