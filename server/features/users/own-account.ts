import { and, eq, or, sql } from 'drizzle-orm';
import type { PasswordTokenInfo } from '../../../common/users.ts';
import type { Executor } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { recordAudit } from '../../lib/audit.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import type { UsersDeps } from './context.ts';
import {
  inspectLink,
  issueLink,
  linksIssuedSince,
  mailLink,
  redeemLink,
} from './password-links.ts';
import { lockUser, type UserRow } from './rows.ts';

/** Reset links one account may be sent in an hour, whatever the number of requests. */
const RESETS_PER_HOUR = 3;

/**
 * Forgot password: a reset link to the account named by username or email (every account
 * with that email), at most RESETS_PER_HOUR an hour each. The caller answers the same way
 * whatever happens here, so nobody learns which accounts exist.
 */
export async function forgotPassword(
  deps: Pick<UsersDeps, 'db' | 'mailer' | 'publicUrl' | 'log'>,
  identifier: string,
  ip?: string,
): Promise<void> {
  const value = identifier.trim();
  const matches = await deps.db
    .select()
    .from(users)
    .where(
      and(
        eq(users.isActive, true),
        or(
          sql`lower(${users.username}) = lower(${value})`,
          sql`lower(${users.email}) = lower(${value})`,
        ),
      ),
    )
    .limit(5);
  for (const target of matches) {
    if (!target.email) continue;
    const mail = await deps.db.transaction(async (tx) => {
      // The row lock makes simultaneous requests for one account count one after the other.
      await lockUser(tx, target.id);
      const since = new Date(Date.now() - 60 * 60 * 1000);
      if ((await linksIssuedSince(tx, target.id, 'reset_password', since)) >= RESETS_PER_HOUR) {
        deps.log.info({ userId: target.id }, 'reset link not sent: hourly limit reached');
        return null;
      }
      const link = await issueLink(tx, {
        userId: target.id,
        purpose: 'reset_password',
        createdBy: null,
      });
      await recordAudit(tx, {
        actorId: null,
        action: 'user.password_reset_requested',
        entityType: 'user',
        entityId: String(target.id),
        ip,
      });
      return mailLink(deps, tx, target, 'reset_password', link);
    });
    await mail?.send();
  }
}

/** What the set-password page shows before the password is chosen. */
export async function checkLink(db: Executor, token: string): Promise<PasswordTokenInfo> {
  const holder = await inspectLink(db, token);
  return {
    username: holder.username,
    purpose: holder.purpose,
    expiresAt: holder.expiresAt.toISOString(),
  };
}

/** Uses a link: the new password, and every session of the account ends. */
export async function setPasswordWithLink(
  { db, sessions }: Pick<UsersDeps, 'db' | 'sessions'>,
  token: string,
  password: string,
  ip?: string,
): Promise<void> {
  // Checked first so a dead link costs no hashing; redeemLink checks again, atomically.
  await inspectLink(db, token);
  const { userId, purpose } = await redeemLink(db, token, await hashPassword(password));
  await recordAudit(db, {
    actorId: userId,
    action: purpose === 'reset_password' ? 'user.password_reset' : 'user.password_set',
    entityType: 'user',
    entityId: String(userId),
    ip,
  });
  await sessions.revokeUser(userId);
}

/** The signed-in user's new password; their other sessions end, the current one stays. */
export async function changePassword(
  { db, sessions }: Pick<UsersDeps, 'db' | 'sessions'>,
  user: UserRow,
  input: { currentPassword: string; newPassword: string },
  context: { sessionToken?: string; ip?: string },
): Promise<void> {
  await checkCurrentPassword(db, user, input.currentPassword);
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ passwordHash, updatedAt: new Date() })
      .where(eq(users.id, user.id));
    await recordAudit(tx, {
      actorId: user.id,
      action: 'user.password_changed',
      entityType: 'user',
      entityId: String(user.id),
      ip: context.ip,
    });
  });
  await sessions.revokeUser(user.id, { exceptToken: context.sessionToken });
}

/** The signed-in user's new email address (their password confirms it is them). */
export async function changeEmail(
  { db, sessions }: Pick<UsersDeps, 'db' | 'sessions'>,
  user: UserRow,
  input: { email: string; currentPassword: string },
  ip?: string,
): Promise<UserRow> {
  await checkCurrentPassword(db, user, input.currentPassword);
  const row = await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(users)
      .set({ email: input.email, updatedAt: new Date() })
      .where(eq(users.id, user.id))
      .returning();
    await recordAudit(tx, {
      actorId: user.id,
      action: 'user.email_changed',
      entityType: 'user',
      entityId: String(user.id),
      details: { from: user.email, to: input.email },
      ip,
    });
    return updated;
  });
  if (!row) throw notFound('User not found');
  await sessions.forgetUser(user.id);
  return row;
}

async function checkCurrentPassword(db: Executor, user: UserRow, password: string) {
  const [row] = await db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, user.id))
    .limit(1);
  if (!row || !(await verifyPassword(row.passwordHash, password))) {
    throw badRequest('Current password is incorrect');
  }
}
