import { invoiceLines } from '../invoicing.ts';
import { getById, type Route, text } from '../route.ts';
import { invoiceJson, list } from '../shapes.ts';
import { type FakeStripeState, find, newId, nextMonth } from '../state.ts';
import { customerSubscription } from './subscriptions.ts';

export const invoiceRoutes = (state: FakeStripeState): Route[] => [
  getById(/^\/v1\/invoices\/([^/]+)$/, (id) =>
    invoiceJson(state, find(state.invoices, 'invoice', id)),
  ),
  {
    method: 'GET',
    path: /^\/v1\/invoices\/([^/]+)\/lines$/,
    allowed: ['limit', 'starting_after'],
    handle: ([id], form) => {
      const invoice = find(state.invoices, 'invoice', String(id));
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
      const { customer, sub } = customerSubscription(state, form);
      const id = `upcoming_${newId('in')}`;
      const { lines } = invoiceLines(state, sub, id, sub.periodEnd, nextMonth(sub.periodEnd));
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
      return invoiceJson(state, preview, true);
    },
  },
];
