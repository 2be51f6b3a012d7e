import type { Db } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { DomainEvents } from '../../lib/events.ts';
import { type Payments, providerFailure } from '../../lib/payments/index.ts';
import type { ConnectionsService } from '../connections/service.ts';
import { findUserById, type UserRow } from '../users/service.ts';
import type { ProfileRow } from './profiles.ts';

/** What every part of billing works with: BillingService holds one and hands it to each. */
export type BillingDeps = {
  db: Db;
  /** Stripe, or the labelled test mode without keys. */
  payments: Payments;
  /** Who owns a connection, and putting a paid request's connection to work. */
  connections: ConnectionsService;
  events: DomainEvents;
};

/** Without Stripe keys nothing is charged anywhere, and every page says so. */
export const isTestMode = ({ payments }: Pick<BillingDeps, 'payments'>) => payments.mode === 'test';

export const paymentRequired = (message: string) => new AppError(402, message, 'payment_required');

/**
 * Work that talks to the payment provider, answered in plain words when the provider fails
 * us: 502 with the message `unavailable` when it could not be reached or did not answer (every
 * write carries an idempotency key, so trying again is safe); when it refused the request, the error goes on as our own
 * failure (500, logged) and never passes the provider's status or wording on to the user.
 */
export async function withProvider<T>(unavailable: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const failure = providerFailure(error);
    if (failure === 'unavailable') {
      throw new AppError(502, unavailable, 'payment_provider_unavailable');
    }
    if (failure === 'refused') {
      throw new Error(`The payment provider refused a request: ${(error as Error).message}`, {
        cause: error,
      });
    }
    throw error;
  }
}

/**
 * The user's row as stored now. The session's copy may be a few seconds old (a card added in
 * another request), and billing must never act on stale Stripe ids or plans.
 */
export async function freshUser(
  { db }: Pick<BillingDeps, 'db'>,
  user: Pick<UserRow, 'id'>,
): Promise<UserRow> {
  const row = await findUserById(db, user.id);
  if (!row) throw notFound('User not found');
  return row;
}

/** Subscriptions in these states still bill reports to their invoice. */
const LIVE_STATUSES = ['active', 'trialing', 'past_due'];

export const isLive = (status: string | null) => LIVE_STATUSES.includes(status ?? '');

/** The subscription that reports go on the invoice of: the profile's while it is live, else null. */
export function liveSubscriptionOf(profile: ProfileRow | undefined): string | null {
  return profile?.subscriptionId && isLive(profile.subscriptionStatus)
    ? profile.subscriptionId
    : null;
}
