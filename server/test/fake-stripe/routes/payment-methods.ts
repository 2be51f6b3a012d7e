import { getById, ours, type Route } from '../route.ts';
import { paymentMethodJson } from '../shapes.ts';
import { type FakeStripeState, find } from '../state.ts';

/** The card a request names, which must be the customer's own. */
export const attachedTo = (state: FakeStripeState, customer: string, id: string, param: string) => {
  const pm = find(state.paymentMethods, 'PaymentMethod', id, param);
  if (pm.customer !== customer) {
    throw ours(`The PaymentMethod ${id} does not belong to the Customer ${customer}.`, param);
  }
  return pm;
};

export const paymentMethodRoutes = (state: FakeStripeState): Route[] => [
  getById(/^\/v1\/payment_methods\/([^/]+)$/, (id) =>
    paymentMethodJson(find(state.paymentMethods, 'PaymentMethod', id)),
  ),
];
