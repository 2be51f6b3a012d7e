import type { BillingSummary, PlanId } from '../../../common/billing.ts';
import { PLANS } from '../../../common/plans.ts';
import { badRequest } from '../../lib/errors.ts';
import type { SubscriptionState } from '../../lib/payments/index.ts';
import { findUserById, setPaymentMethod, type UserRow } from '../users/service.ts';
import {
  type BillingDeps,
  freshUser,
  isLive,
  isTestMode,
  liveSubscriptionOf,
  paymentRequired,
  withProvider,
} from './deps.ts';
import { getProfile, saveProfile } from './profiles.ts';
import { anonymiseRecordsOf, listRecords } from './records.ts';

/**
 * The Monthly Subscription, started once per `idempotencyKey`; a live one is kept (and no
 * longer ends at the period's end, if it was going to).
 */
export async function startSubscription(deps: BillingDeps, userId: number, idempotencyKey: string) {
  const profile = await getProfile(deps.db, userId);
  const live = liveSubscriptionOf(profile);
  if (live) {
    if (profile?.cancelAtPeriodEnd) await setCancel(deps, userId, live, false);
    return;
  }
  const user = await findUserById(deps.db, userId);
  if (!user?.stripeCustomerId || !user.paymentMethodId) {
    throw paymentRequired('Please add a payment method first');
  }
  const subscription = await deps.payments.createSubscription({
    customerId: user.stripeCustomerId,
    paymentMethodId: user.paymentMethodId,
    monthlyFeeCents: PLANS.premium.monthlyFeeCents,
    metadata: { userId: String(userId) },
    idempotencyKey,
  });
  await saveSubscription(deps, userId, subscription);
}

async function setCancel(
  deps: BillingDeps,
  userId: number,
  subscriptionId: string,
  cancel: boolean,
) {
  const state = await deps.payments.setCancelAtPeriodEnd(subscriptionId, cancel);
  await saveProfile(deps.db, userId, { cancelAtPeriodEnd: state.cancelAtPeriodEnd });
}

async function saveSubscription(
  deps: BillingDeps,
  userId: number,
  subscription: SubscriptionState,
) {
  await saveProfile(deps.db, userId, {
    subscriptionId: subscription.id,
    subscriptionStatus: subscription.status,
    currentPeriodEnd: subscription.currentPeriodEnd,
    cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
  });
}

/** What the user reads when Stripe could not be reached while changing the plan. */
const PLAN_PROVIDER_DOWN =
  'The payment provider did not answer, so your plan could not be changed yet. Please try again in a few minutes.';

/** Switches plans: to the subscription starts it; to pay-per-report cancels it at period end. */
export async function changePlan(
  deps: BillingDeps,
  sessionUser: UserRow,
  plan: PlanId,
): Promise<BillingSummary> {
  const user = await freshUser(deps, sessionUser);
  if (!user.stripeCustomerId || !user.paymentMethodId) {
    throw paymentRequired('Please add a payment method first');
  }
  if (plan === 'premium') {
    const profile = await getProfile(deps.db, user.id);
    await withProvider(PLAN_PROVIDER_DOWN, () =>
      startSubscription(
        deps,
        user.id,
        `subscription-user-${user.id}-after-${profile?.subscriptionId ?? 'none'}`,
      ),
    );
    await setPaymentMethod(deps.db, user.id, { planType: 'premium' });
  } else {
    await cancelSubscription(deps, user);
    // Reports stay at the subscription price until the period paid for ends.
    if (user.planType === 'free') await setPaymentMethod(deps.db, user.id, { planType: 'basic' });
  }
  await deps.events.emit('user.billing_changed', { userId: user.id });
  return summary(deps, user);
}

export async function cancelSubscription(
  deps: BillingDeps,
  sessionUser: UserRow,
): Promise<BillingSummary> {
  const user = await freshUser(deps, sessionUser);
  const live = liveSubscriptionOf(await getProfile(deps.db, user.id));
  if (!live) throw badRequest('You have no active subscription');
  await withProvider(PLAN_PROVIDER_DOWN, () => setCancel(deps, user.id, live, true));
  await deps.events.emit('user.billing_changed', { userId: user.id });
  return summary(deps, user);
}

/**
 * A deleted account: a live subscription is set to end with the period already paid for (the
 * same switch the user's own Cancel flips: no charge, no refund), and the card's description
 * is forgotten. The usage records stay, as the money's record, naming no one.
 */
export async function closeAccount(deps: BillingDeps, userId: number): Promise<void> {
  await anonymiseRecordsOf(deps.db, userId);
  const profile = await getProfile(deps.db, userId);
  if (!profile) return;
  const live = liveSubscriptionOf(profile);
  if (live && !profile.cancelAtPeriodEnd) await setCancel(deps, userId, live, true);
  await saveProfile(deps.db, userId, { cardBrand: null, cardLast4: null, cardExpires: null });
}

/** Whether closeAccount has something left to do: a card described, or a subscription renewing. */
export async function accountOpen(deps: BillingDeps, userId: number): Promise<boolean> {
  const profile = await getProfile(deps.db, userId);
  if (!profile) return false;
  const renewing = liveSubscriptionOf(profile) !== null && !profile.cancelAtPeriodEnd;
  return renewing || profile.cardLast4 !== null;
}

/** A subscription as the provider now says it is (webhook); ended ones fall back to basic. */
export async function applySubscription(
  deps: BillingDeps,
  userId: number,
  subscription: SubscriptionState,
) {
  await saveSubscription(deps, userId, subscription);
  if (!isLive(subscription.status)) {
    const user = await findUserById(deps.db, userId);
    if (user?.planType === 'premium') {
      await setPaymentMethod(deps.db, userId, { planType: 'basic' });
    }
  }
  await deps.events.emit('user.billing_changed', { userId });
}

/** GET /api/billing; reads the user afresh (the session's copy may predate a change). */
export async function summary(
  deps: BillingDeps,
  sessionUser: Pick<UserRow, 'id'>,
): Promise<BillingSummary> {
  const user = await freshUser(deps, sessionUser);
  const profile = await getProfile(deps.db, user.id);
  let subscription: BillingSummary['subscription'] = null;
  if (profile?.subscriptionId) {
    const live = liveSubscriptionOf(profile);
    const next =
      live && !profile.cancelAtPeriodEnd
        ? await nextInvoice(deps, user, live, profile.currentPeriodEnd)
        : { cents: null, at: profile.currentPeriodEnd };
    subscription = {
      status: profile.subscriptionStatus ?? 'unknown',
      cancelAtPeriodEnd: profile.cancelAtPeriodEnd,
      currentPeriodEnd: profile.currentPeriodEnd?.toISOString() ?? null,
      nextInvoiceCents: next.cents,
      nextInvoiceDate: next.at?.toISOString() ?? null,
    };
  }
  return {
    plan: user.planType,
    testMode: isTestMode(deps),
    publishableKey: deps.payments.publishableKey,
    paymentMethod:
      user.paymentMethodId && profile?.cardLast4 != null
        ? {
            brand: profile.cardBrand ?? 'card',
            last4: profile.cardLast4 ?? '',
            expires: profile.cardExpires,
          }
        : null,
    subscription,
  };
}

async function nextInvoice(
  deps: BillingDeps,
  user: UserRow,
  subscriptionId: string,
  periodEnd: Date | null,
): Promise<{ cents: number | null; at: Date | null }> {
  if (isTestMode(deps)) {
    const recent = await listRecords(deps.db, user.id, { after: undefined, limit: 1000 });
    const invoiced = recent.filter((r) => r.status === 'invoiced');
    const reports = invoiced.reduce((sum, r) => sum + r.costCents, 0);
    return { cents: PLANS.premium.monthlyFeeCents + reports, at: periodEnd };
  }
  if (!user.stripeCustomerId) return { cents: null, at: periodEnd };
  try {
    const preview = await deps.payments.previewInvoice({
      customerId: user.stripeCustomerId,
      subscriptionId,
    });
    return { cents: preview.amountDueCents, at: preview.nextPaymentAttempt ?? periodEnd };
  } catch {
    // The summary still answers when Stripe is slow; the estimate is left out.
    return { cents: null, at: periodEnd };
  }
}
