import { createHash } from 'node:crypto';
import { isIP } from 'node:net';
import { inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { loginFailures } from '../../db/schema.ts';

/** How long failed sign-ins are remembered. */
const THROTTLE_WINDOW_MS = 15 * 60 * 1000;

/**
 * Failed sign-ins counted per window:
 * - one account from one address: past the limit that address is refused for that account;
 * - one account from anywhere: past the limit the account is not locked (anyone could lock it
 *   out by failing on purpose), but every address that has failed for it is refused, so each
 *   further address gets one guess instead of `accountAddress`, while an address that has not
 *   failed for it (its owner at home) still signs in;
 * - one address over any accounts: a sprayer, refused for every account.
 * Only failures count, so an office whose people sign in correctly behind one address is never
 * held back by its own successes.
 */
export const THROTTLE_LIMITS = { accountAddress: 5, account: 20, address: 50 } as const;

export const TOO_MANY_FAILURES =
  'Too many failed sign-ins. Please wait a few minutes and try again, or reset your password.';

/** Longer account names are keyed by their hash, so that no key outgrows the table's index. */
const LONGEST_NAME_IN_KEY = 100;

/**
 * The address a failure is counted against. An IPv6 client usually holds a whole /64 and may
 * pick a new address in it for every request, so IPv6 addresses count by their /64.
 */
export function throttledAddress(ip: string): string {
  if (isIP(ip) !== 6) return ip;
  const bare = ip.toLowerCase().split('%')[0] ?? '';
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(bare);
  if (mapped?.[1]) return mapped[1];
  const [head = '', tail] = bare.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = [
    ...left,
    ...Array(Math.max(8 - left.length - right.length, 0)).fill('0'),
    ...right,
  ];
  const prefix = groups.slice(0, 4).map((g) => Number.parseInt(g, 16).toString(16));
  return `${prefix.join(':')}::/64`;
}

function keysOf(username: string, ip: string) {
  const name = username.trim().toLowerCase();
  const account =
    name.length > LONGEST_NAME_IN_KEY
      ? `sha256:${createHash('sha256').update(name).digest('hex')}`
      : name;
  const address = throttledAddress(ip);
  return {
    accountAddress: `account-address:${account}|${address}`,
    account: `account:${account}`,
    address: `address:${address}`,
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
  /** A key's failures in its current window, and when that window ends. */
  const live = (key: string) => {
    const row = rows.find((r) => r.key === key);
    const ends = row ? row.windowStartedAt.getTime() + THROTTLE_WINDOW_MS : 0;
    return ends > now && row ? { failures: row.failures, ends } : { failures: 0, ends: 0 };
  };
  const accountAddress = live(keys.accountAddress);
  const account = live(keys.account);
  const address = live(keys.address);
  const refusals = [
    address.failures >= THROTTLE_LIMITS.address ? address.ends : 0,
    accountAddress.failures >= THROTTLE_LIMITS.accountAddress ? accountAddress.ends : 0,
    // Past the account's own limit only addresses that failed for it are held back, until
    // either count's window ends.
    account.failures >= THROTTLE_LIMITS.account && accountAddress.failures > 0
      ? Math.min(account.ends, accountAddress.ends)
      : 0,
  ];
  const until = Math.max(...refusals);
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
