import { exactly, getById, metadata, ours, type Route } from '../route.ts';
import { setupIntentJson } from '../shapes.ts';
import { type FakeStripeState, find, newId, type SetupIntent } from '../state.ts';
import { customerOf } from './customers.ts';

export const setupIntentRoutes = (state: FakeStripeState): Route[] => [
  {
    method: 'POST',
    path: /^\/v1\/setup_intents$/,
    allowed: ['customer', 'usage', 'allowed_payment_method_types', 'metadata'],
    handle: (_, form) => {
      const customer = customerOf(state, form);
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
      state.setupIntents.set(si.id, si);
      return setupIntentJson(si);
    },
  },
  getById(/^\/v1\/setup_intents\/([^/]+)$/, (id) =>
    setupIntentJson(find(state.setupIntents, 'setupintent', id)),
  ),
];
