import { exactly, metadata, positiveInt, type Route, refused, text } from '../route.ts';
import { invoiceItemJson } from '../shapes.ts';
import { type FakeStripeState, find, type InvoiceItem, newId, now } from '../state.ts';
import { customerSubscription } from './subscriptions.ts';

export const invoiceItemRoutes = (state: FakeStripeState): Route[] => [
  {
    method: 'POST',
    path: /^\/v1\/invoiceitems$/,
    needsKey: true,
    allowed: ['customer', 'subscription', 'amount', 'currency', 'description', 'metadata'],
    handle: (_, form) => {
      const { customer, sub } = customerSubscription(state, form);
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
      state.invoiceItems.set(item.id, item);
      return invoiceItemJson(item);
    },
  },
  {
    method: 'DELETE',
    path: /^\/v1\/invoiceitems\/([^/]+)$/,
    allowed: [],
    handle: ([id]) => {
      const item = find(state.invoiceItems, 'invoiceitem', String(id));
      if (item.invoice) {
        throw refused({
          message: `Invoice item ${item.id} cannot be deleted: it is on invoice ${item.invoice}, which is no longer a draft.`,
        });
      }
      state.invoiceItems.delete(item.id);
      return { id: item.id, object: 'invoiceitem', deleted: true };
    },
  },
];
