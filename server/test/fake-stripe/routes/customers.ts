import type { Form } from '../form.ts';
import { metadata, ours, type Route, required, text } from '../route.ts';
import { type FakeStripeState, find, newId, now } from '../state.ts';

/** The customer a request names in `customer`. */
export const customerOf = (state: FakeStripeState, form: Form) =>
  find(state.customers, 'customer', required(form, 'customer'), 'customer');

export const customerRoutes = (state: FakeStripeState): Route[] => [
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
      state.customers.set(customer.id, customer);
      return {
        ...customer,
        object: 'customer',
        created: now(),
        invoice_settings: { default_payment_method: null },
        livemode: false,
      };
    },
  },
];
