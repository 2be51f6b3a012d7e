import { eq } from 'drizzle-orm';
import { confirmsUsername } from '../../../common/users.ts';
import { passwordTokens, users } from '../../db/schema.ts';
import { clearAuditDetails, recordAudit } from '../../lib/audit.ts';
import { badRequest, conflict } from '../../lib/errors.ts';
import { accountDeletedMessage } from '../../lib/mail/account-deleted-message.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import { type Actor, auditEntry, type UsersDeps } from './context.ts';
import { eraseAccountJob } from './erase-job.ts';
import { changeAccount, keepAnAdmin } from './management.ts';
import { newFormUrl, type UserRow } from './rows.ts';

export const DELETION_REFUSALS = {
  password: 'Your password is incorrect. Nothing was deleted.',
  username: 'The username you typed does not match this account. Nothing was deleted.',
  self: 'Delete your own account from Your Account, where your password confirms it.',
  lastAdmin:
    'This is the last active administrator account. Make another account an administrator before deleting it.',
} as const;

/** The signed-in user deletes their own account; their password confirms it is them. */
export async function deleteOwnAccount(
  deps: UsersDeps,
  user: UserRow,
  password: string,
  ip?: string,
): Promise<void> {
  // Checked before any lock is taken: hashing takes a while, and a wrong password changes nothing.
  const [row] = await deps.db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, user.id))
    .limit(1);
  if (!row || !(await verifyPassword(row.passwordHash, password))) {
    throw badRequest(DELETION_REFUSALS.password);
  }
  await deleteAccount(deps, { id: user.id, ip }, user.id, 'self');
}

/** An admin deletes someone else's account, having typed its username. */
export async function deleteUserAccount(
  deps: UsersDeps,
  actor: Actor,
  userId: number,
  typedUsername: string,
): Promise<void> {
  if (userId === actor.id) throw badRequest(DELETION_REFUSALS.self);
  await deleteAccount(deps, actor, userId, 'admin', (target) => {
    if (!confirmsUsername(typedUsername, target.username)) {
      throw badRequest(DELETION_REFUSALS.username);
    }
  });
}

/**
 * Makes the account unusable at once, everywhere, and queues the removal of its data. In one
 * transaction the row becomes an anonymous holder of the money records (no name, email,
 * password, business identity or card; a new form link), its password links and mail go, the
 * audit log keeps who deleted it and forgets what its lines said about the person, and the
 * confirmation email is written. Then every session ends in every process (API keys with
 * them: they follow the same revocations and an inactive account's key is refused), and the
 * erase job removes the rest, each feature its own tables and files.
 */
async function deleteAccount(
  deps: UsersDeps,
  actor: Actor,
  userId: number,
  by: 'self' | 'admin',
  confirm?: (target: UserRow) => void,
): Promise<void> {
  const { mail, logoKey } = await changeAccount(deps.db, userId, async (tx, target) => {
    confirm?.(target);
    if (target.role === 'admin' && target.isActive) {
      await keepAnAdmin(tx, userId, () => conflict(DELETION_REFUSALS.lastAdmin));
    }
    const now = new Date();
    await tx.delete(passwordTokens).where(eq(passwordTokens.userId, userId));
    await tx
      .update(users)
      .set({
        // Not a name anyone can register (a colon is never allowed in one), nor sign in with.
        username: `deleted:${userId}`,
        email: null,
        passwordHash: '!deleted',
        isActive: false,
        deletedAt: now,
        companyName: null,
        replyToEmail: null,
        logoKey: null,
        logoContentType: null,
        paymentMethodId: null,
        uniqueFormUrl: newFormUrl(),
        updatedAt: now,
      })
      .where(eq(users.id, userId));
    await clearAuditDetails(tx, 'user', String(userId));
    await recordAudit(tx, { ...auditEntry(actor, userId, 'user.deleted'), details: { by } });
    await deps.mailer.forget({ to: target.email }, tx);
    const mail = target.email
      ? await deps.mailer.queueInTransaction(tx, {
          kind: 'account_deleted',
          to: target.email,
          ...accountDeletedMessage({ username: target.username, by }),
        })
      : null;
    return { mail, logoKey: target.logoKey };
  });
  await deps.sessions.revokeUser(userId);
  await deps.queue.enqueue(eraseAccountJob, { userId, logoKey });
  await mail?.send();
}
