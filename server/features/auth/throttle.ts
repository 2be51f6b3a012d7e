import { inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { loginFailures } from '../../db/schema.ts';

/** How long failed sign-ins are remembered. */
const THROTTLE_WINDOW_MS = 15 * 60 * 1000;

/**
 * Failed sign-ins allowed per window before further attempts are refused:
 * - one account from one address: a guesser at one place, stopped early;
 * - one account from anywhere: a guesser spreading over addresses;
 * - one address over any accounts: a sprayer. Only failures count, so an office whose people
 *   sign in correctly behind one address is never held back by its own successes.
 */
export const THROTTLE_LIMITS = { accountAddress: 5, account: 20, address: 50 } as const;

export const TOO_MANY_FAILURES =
  'Too many failed sign-ins. Please wait a few minutes and try again, or reset your password.';

function keysOf(username: string, ip: string) {
  const account = username.trim().toLowerCase();
  return {
    accountAddress: `account-address:${account}|${ip}`,
    account: `account:${account}`,
    address: `address:${ip}`,
  };
}

/**
 * Whether a sign-in for this account from this address is refused for now, and for how many
 * seconds more. Counts live in the database, so every process of the app sees the same.
 */
export async function loginThrottled(
  db: Executor,
  username: string,
  ip: string,
): Promise<{ retryAfterSec: number } | null> {
  const keys = keysOf(username, ip);
  const rows = await db
    .select()
    .from(loginFailures)
    .where(inArray(loginFailures.key, Object.values(keys)));
  const now = Date.now();
  let until = 0;
  for (const [kind, key] of Object.entries(keys) as [keyof typeof keys, string][]) {
    const row = rows.find((r) => r.key === key);
    if (!row) continue;
    const ends = row.windowStartedAt.getTime() + THROTTLE_WINDOW_MS;
    if (ends > now && row.failures >= THROTTLE_LIMITS[kind]) until = Math.max(until, ends);
  }
  return until ? { retryAfterSec: Math.ceil((until - now) / 1000) } : null;
}

/** Counts a failed sign-in under each of its keys, starting a new window where one ended. */
export async function recordLoginFailure(
  db: Executor,
  username: string,
  ip: string,
): Promise<void> {
  const expired = sql`${loginFailures.windowStartedAt} < now() - make_interval(secs => ${THROTTLE_WINDOW_MS / 1000})`;
  await db
    .insert(loginFailures)
    .values(
      Object.values(keysOf(username, ip)).map((key) => ({
        key,
        failures: 1,
        windowStartedAt: sql`now()`,
      })),
    )
    .onConflictDoUpdate({
      target: loginFailures.key,
      set: {
        failures: sql`case when ${expired} then 1 else ${loginFailures.failures} + 1 end`,
        windowStartedAt: sql`case when ${expired} then now() else ${loginFailures.windowStartedAt} end`,
      },
    });
}

/** A correct password from this address clears its count for the account. */
export async function clearLoginFailures(
  db: Executor,
  username: string,
  ip: string,
): Promise<void> {
  await db
    .delete(loginFailures)
    .where(inArray(loginFailures.key, [keysOf(username, ip).accountAddress]));
}

/** Windows that ended are of no use: the session clean-up job removes them. */
export async function purgeLoginFailures(db: Executor): Promise<void> {
  await db
    .delete(loginFailures)
    .where(
      sql`${loginFailures.windowStartedAt} < now() - make_interval(secs => ${THROTTLE_WINDOW_MS / 1000})`,
    );
}
