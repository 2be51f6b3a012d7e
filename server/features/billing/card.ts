import type { PlanId, SetupIntentResponse } from '../../../common/billing.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { attachStripeCustomer, setPaymentMethod, type UserRow } from '../users/service.ts';
import { type BillingDeps, freshUser, isTestMode, withProvider } from './deps.ts';
import { startSubscription } from './plan.ts';
import { saveProfile } from './profiles.ts';

/** What the user reads when Stripe could not be reached while adding a card. */
export const CARD_PROVIDER_DOWN =
  'The payment provider did not answer, so your card could not be added yet. Nothing was charged: please try again in a few minutes.';

/** POST /api/create-setup-intent: the customer once, then a SetupIntent for off-session use. */
export async function createSetupIntent(
  deps: BillingDeps,
  user: UserRow,
  plan: PlanId,
): Promise<SetupIntentResponse> {
  if (isTestMode(deps)) return { clientSecret: 'test_mode', publishableKey: null, testMode: true };
  return withProvider(CARD_PROVIDER_DOWN, async () => {
    const customerId = await customerOf(deps, await freshUser(deps, user));
    const intent = await deps.payments.createSetupIntent({
      customerId,
      metadata: { userId: String(user.id), plan },
    });
    return {
      clientSecret: intent.clientSecret,
      publishableKey: deps.payments.publishableKey,
      testMode: false,
    };
  });
}

/** After Stripe.js confirmed the card: re-read the SetupIntent, never trust the browser. */
export async function confirmSetup(
  deps: BillingDeps,
  sessionUser: UserRow,
  setupIntentId: string,
): Promise<void> {
  if (isTestMode(deps)) throw badRequest('Test mode records a test card instead');
  await withProvider(CARD_PROVIDER_DOWN, async () => {
    const user = await freshUser(deps, sessionUser);
    const intent = await deps.payments.retrieveSetupIntent(setupIntentId);
    if (!intent || !user.stripeCustomerId || intent.customerId !== user.stripeCustomerId) {
      throw notFound('Setup not found');
    }
    if (intent.status !== 'succeeded' || !intent.paymentMethodId) {
      throw badRequest('Your card has not been confirmed yet. Please try again.');
    }
    const plan = planOf(intent.metadata.plan);
    await applyCard(deps, user.id, intent.paymentMethodId, plan, intent.id);
  });
}

/** Test mode's card: 4242, nothing charged, everything else as with Stripe. */
export async function recordTestCard(deps: BillingDeps, user: UserRow, plan: PlanId) {
  if (!isTestMode(deps)) throw badRequest('Test cards are accepted only in test mode');
  await customerOf(deps, await freshUser(deps, user));
  await applyCard(deps, user.id, `test_pm_${user.id}_${Date.now()}`, plan, `test-card-${user.id}`);
}

/**
 * Stores the card and the plan; the subscription plan starts its subscription (once: the key
 * is the setup's id, so the webhook and the page confirming the same setup make one).
 */
export async function applyCard(
  deps: BillingDeps,
  userId: number,
  paymentMethodId: string,
  plan: PlanId,
  setupKey: string,
) {
  const card = await deps.payments.describeCard(paymentMethodId);
  await saveProfile(deps.db, userId, {
    cardBrand: card.brand,
    cardLast4: card.last4,
    cardExpires: card.expires,
  });
  await setPaymentMethod(deps.db, userId, { paymentMethodId, planType: plan });
  if (plan === 'premium') await startSubscription(deps, userId, `subscription-${setupKey}`);
  await deps.events.emit('user.billing_changed', { userId });
}

async function customerOf(deps: BillingDeps, user: UserRow): Promise<string> {
  if (user.stripeCustomerId) return user.stripeCustomerId;
  const { customerId } = await deps.payments.createCustomer({
    userId: user.id,
    email: user.email,
    name: user.username,
    idempotencyKey: `customer-user-${user.id}`,
  });
  const stored = await attachStripeCustomer(deps.db, user.id, customerId);
  await deps.events.emit('user.billing_changed', { userId: user.id });
  return stored;
}

/** The plan a setup was started for (its metadata); anything else is pay-per-report. */
export const planOf = (value: string | undefined): PlanId =>
  value === 'premium' ? 'premium' : 'basic';
