import { type Route, refused, required } from '../route.ts';
import { type FakeStripeState, find, newId, now } from '../state.ts';

export const refundRoutes = (state: FakeStripeState): Route[] => [
  {
    method: 'POST',
    path: /^\/v1\/refunds$/,
    needsKey: true,
    allowed: ['payment_intent'],
    handle: (_, form) => {
      const id = required(form, 'payment_intent');
      const pi = find(state.paymentIntents, 'payment_intent', id, 'payment_intent');
      if (pi.status !== 'succeeded' || pi.refunded) {
        throw refused({
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
      state.refunds.set(refund.id, refund);
      return refund;
    },
  },
];
