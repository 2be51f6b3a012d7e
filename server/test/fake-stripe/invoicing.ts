import type { Json } from './route.ts';
import {
  type FakeStripeState,
  find,
  type Invoice,
  newId,
  now,
  type Subscription,
} from './state.ts';

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
export function invoiceLines(
  state: FakeStripeState,
  sub: Subscription,
  invoiceId: string,
  start: number,
  end: number,
) {
  const price = find(state.prices, 'price', sub.price);
  const items = [...state.invoiceItems.values()].filter(
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
}

/** A finalized invoice for the subscription, paid or not as its card behaves. */
export function billSubscription(
  state: FakeStripeState,
  sub: Subscription,
  start: number,
  end: number,
) {
  const id = newId('in');
  const { items, lines } = invoiceLines(state, sub, id, start, end);
  const paid = find(state.paymentMethods, 'payment_method', sub.paymentMethod).behaviour === 'ok';
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
  state.invoices.set(id, invoice);
  sub.latestInvoice = id;
  return { invoice, paid };
}
