import {
  Answer,
  exactly,
  getById,
  metadata,
  positiveInt,
  type Route,
  refused,
  required,
  text,
} from '../route.ts';
import { paymentIntentJson, paymentMethodJson } from '../shapes.ts';
import {
  type FakeStripeState,
  find,
  newId,
  type PaymentIntent,
  type PaymentMethod,
} from '../state.ts';
import { customerOf } from './customers.ts';
import { attachedTo } from './payment-methods.ts';

/** Stripe's 402 for a refused card; the PaymentIntent is left waiting for another card. */
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

/** An off-session charge of a saved card, confirmed at once: all a charge may send. */
const CHARGE_PARAMS = [
  'amount',
  'currency',
  'customer',
  'payment_method',
  'off_session',
  'confirm',
  'description',
  'metadata',
];

export const paymentIntentRoutes = (state: FakeStripeState): Route[] => [
  {
    method: 'POST',
    path: /^\/v1\/payment_intents$/,
    needsKey: true,
    allowed: CHARGE_PARAMS,
    handle: (_, form) => {
      const amount = positiveInt(form, 'amount');
      exactly(form, 'currency', 'usd');
      exactly(form, 'off_session', 'true');
      exactly(form, 'confirm', 'true');
      const customer = customerOf(state, form);
      const pm = attachedTo(state, customer.id, required(form, 'payment_method'), 'payment_method');
      if (amount < 50) {
        throw refused({
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
      state.paymentIntents.set(pi.id, pi);
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
  getById(/^\/v1\/payment_intents\/([^/]+)$/, (id) =>
    paymentIntentJson(find(state.paymentIntents, 'payment_intent', id)),
  ),
];
