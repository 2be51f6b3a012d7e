import { createHash, randomBytes } from 'node:crypto';
import { and, count, eq, gt, isNull, sql } from 'drizzle-orm';
import { PASSWORD_LINK_MESSAGES } from '../../../common/users.ts';
import type { Executor } from '../../db/client.ts';
import { passwordTokens, users } from '../../db/schema.ts';
import { badRequest } from '../../lib/errors.ts';
import { passwordLinkMessage } from '../../lib/mail/index.ts';
import type { UsersDeps } from './context.ts';
import type { UserRow } from './rows.ts';

export type LinkPurpose = 'set_password' | 'reset_password';

/** How long a link works: an invitation waits for a new user, a reset is asked for now. */
const LINK_LIFETIME_MS: Record<LinkPurpose, number> = {
  set_password: 72 * 60 * 60 * 1000,
  reset_password: 60 * 60 * 1000,
};

/** The client page a link opens. */
export const linkUrl = (publicUrl: string, token: string) =>
  `${publicUrl}/set-password?token=${encodeURIComponent(token)}`;

/** Only this digest is stored: a copy of the table opens no account. */
const digest = (token: string) => createHash('sha256').update(token).digest('base64url');

/**
 * A new one-time link for a user. The user's earlier unused links of the same purpose stop
 * working (they are expired, not deleted, so the rate of requests stays countable).
 */
export async function issueLink(
  db: Executor,
  input: { userId: number; purpose: LinkPurpose; createdBy: number | null; now?: Date },
): Promise<{ token: string; expiresAt: Date }> {
  const now = input.now ?? new Date();
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + LINK_LIFETIME_MS[input.purpose]);
  await db
    .update(passwordTokens)
    .set({ expiresAt: now })
    .where(
      and(
        eq(passwordTokens.userId, input.userId),
        eq(passwordTokens.purpose, input.purpose),
        isNull(passwordTokens.usedAt),
        gt(passwordTokens.expiresAt, now),
      ),
    );
  await db.insert(passwordTokens).values({
    userId: input.userId,
    purpose: input.purpose,
    tokenHash: digest(token),
    expiresAt,
    createdBy: input.createdBy,
  });
  return { token, expiresAt };
}

/** Links of a purpose issued for a user since a moment (the forgot-password limit). */
export async function linksIssuedSince(
  db: Executor,
  userId: number,
  purpose: LinkPurpose,
  since: Date,
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(passwordTokens)
    .where(
      and(
        eq(passwordTokens.userId, userId),
        eq(passwordTokens.purpose, purpose),
        gt(passwordTokens.createdAt, since),
      ),
    );
  return row?.n ?? 0;
}

/** Why a link does not work, in the words the set-password page shows. */
async function refusal(db: Executor, hash: string): Promise<Error> {
  const [row] = await db
    .select({ usedAt: passwordTokens.usedAt, isActive: users.isActive })
    .from(passwordTokens)
    .innerJoin(users, eq(users.id, passwordTokens.userId))
    .where(eq(passwordTokens.tokenHash, hash))
    .limit(1);
  if (!row?.isActive) return badRequest(PASSWORD_LINK_MESSAGES.unknown);
  return badRequest(row.usedAt ? PASSWORD_LINK_MESSAGES.used : PASSWORD_LINK_MESSAGES.expired);
}

export type LinkHolder = {
  userId: number;
  username: string;
  purpose: LinkPurpose;
  expiresAt: Date;
};

/** The user a working link belongs to, without using it up (the page's first look). */
export async function inspectLink(db: Executor, token: string): Promise<LinkHolder> {
  const hash = digest(token);
  const [row] = await db
    .select({
      userId: passwordTokens.userId,
      username: users.username,
      purpose: passwordTokens.purpose,
      expiresAt: passwordTokens.expiresAt,
    })
    .from(passwordTokens)
    .innerJoin(users, eq(users.id, passwordTokens.userId))
    .where(
      and(
        eq(passwordTokens.tokenHash, hash),
        isNull(passwordTokens.usedAt),
        gt(passwordTokens.expiresAt, new Date()),
        eq(users.isActive, true),
      ),
    )
    .limit(1);
  if (!row) throw await refusal(db, hash);
  return row;
}

/**
 * Uses a link up and sets the password it was for, in one statement: two submits of the same
 * link cannot both succeed, and a link of a deactivated account does nothing.
 */
export async function redeemLink(
  db: Executor,
  token: string,
  passwordHash: string,
): Promise<{ userId: number; purpose: LinkPurpose }> {
  const hash = digest(token);
  const result = await db.execute<{ user_id: number; purpose: LinkPurpose }>(sql`
    with used as (
      update ${passwordTokens} set used_at = now()
      where token_hash = ${hash} and used_at is null and expires_at > now()
        and exists (select 1 from ${users} u where u.id = user_id and u.is_active)
      returning user_id, purpose
    ), changed as (
      update ${users} set password_hash = ${passwordHash}, updated_at = now()
      where id = (select user_id from used)
      returning id
    )
    select user_id, purpose from used`);
  const row = result.rows[0];
  if (!row) throw await refusal(db, hash);
  return { userId: Number(row.user_id), purpose: row.purpose };
}

/**
 * Queues the email that carries a link, in the transaction that issued it; the caller sends it
 * once the transaction has committed.
 */
export function mailLink(
  { mailer, publicUrl }: Pick<UsersDeps, 'mailer' | 'publicUrl'>,
  tx: Executor,
  user: UserRow,
  purpose: LinkPurpose,
  link: { token: string; expiresAt: Date },
) {
  if (!user.email) {
    throw badRequest(
      'This user has no email address. Add one first, or hand the link over yourself.',
    );
  }
  return mailer.queueInTransaction(tx, {
    kind: purpose,
    to: user.email,
    ...passwordLinkMessage({
      username: user.username,
      purpose,
      link: linkUrl(publicUrl, link.token),
      expiresAt: link.expiresAt,
    }),
  });
}
