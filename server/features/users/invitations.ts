import {
  type NewUserBody,
  NewUserBody as NewUserSchema,
  type UserActionResult,
} from '../../../common/users.ts';
import { users } from '../../db/schema.ts';
import { recordAudit } from '../../lib/audit.ts';
import { badRequest, conflict } from '../../lib/errors.ts';
import { type Actor, auditEntry, type UsersDeps } from './context.ts';
import { issueLink, type LinkPurpose, linkUrl, mailLink } from './password-links.ts';
import { isUniqueViolation, lockUser, newFormUrl, toListItem, type UserRow } from './rows.ts';

type Deps = Pick<UsersDeps, 'db' | 'mailer' | 'publicUrl'>;

/** The hash of an account that has no password yet: it matches no password at all. */
const NO_PASSWORD = '!unset';

const INACTIVE = 'This account is deactivated. Reactivate it first.';

/**
 * Add User: an account without a password, and a one-time link to choose one, mailed when
 * `sendCredentials` (the default) and otherwise returned once for the admin to hand over.
 */
export async function addUser(
  deps: Deps,
  actor: Actor,
  input: NewUserBody,
): Promise<UserActionResult> {
  const body = NewUserSchema.parse(input);
  const { row, token, expiresAt, send } = await deps.db
    .transaction(async (tx) => {
      const [created] = await tx
        .insert(users)
        .values({
          username: body.username,
          email: body.email,
          passwordHash: NO_PASSWORD,
          role: body.role,
          planType: 'free',
          uniqueFormUrl: newFormUrl(),
        })
        .returning();
      if (!created) throw new Error('insert returned no row');
      const link = await issueLink(tx, {
        userId: created.id,
        purpose: 'set_password',
        createdBy: actor.id,
      });
      const mail = body.sendCredentials
        ? await mailLink(deps, tx, created, 'set_password', link)
        : null;
      await recordAudit(tx, {
        ...auditEntry(actor, created.id, 'user.created'),
        details: { username: created.username, role: created.role, emailed: Boolean(mail) },
      });
      return { row: created, ...link, send: mail?.send };
    })
    .catch((error: unknown) => {
      if (isUniqueViolation(error)) throw conflict('Username already exists');
      throw error;
    });
  await send?.();
  return result(deps.publicUrl, row, {
    emailed: Boolean(send),
    token,
    expiresAt,
    message: send
      ? `User ${row.username} was added and a link to set the password was emailed to ${row.email}.`
      : `User ${row.username} was added. Hand over the link below; it is shown only once.`,
  });
}

/**
 * Reset Password and Send Credentials: a new one-time link (reset: 1 hour, set: 72 hours),
 * mailed to the user, or returned once when the account has no email address.
 */
export async function sendPasswordLink(
  deps: Deps,
  actor: Actor,
  userId: number,
  purpose: LinkPurpose,
): Promise<UserActionResult> {
  const { row, token, expiresAt, send } = await deps.db.transaction(async (tx) => {
    const target = await lockUser(tx, userId);
    if (!target.isActive) throw badRequest(INACTIVE);
    const link = await issueLink(tx, { userId, purpose, createdBy: actor.id });
    const mail = target.email ? await mailLink(deps, tx, target, purpose, link) : null;
    await recordAudit(tx, {
      ...auditEntry(
        actor,
        userId,
        purpose === 'reset_password' ? 'user.password_reset_sent' : 'user.credentials_sent',
      ),
      details: { emailed: Boolean(mail) },
    });
    return { row: target, ...link, send: mail?.send };
  });
  await send?.();
  const what =
    purpose === 'reset_password' ? 'A password reset link' : 'A link to set the password';
  return result(deps.publicUrl, row, {
    emailed: Boolean(send),
    token,
    expiresAt,
    message: send
      ? `${what} was emailed to ${row.email}.`
      : `${row.username} has no email address. Hand over the link below; it is shown only once.`,
  });
}

function result(
  publicUrl: string,
  row: UserRow,
  outcome: { emailed: boolean; token: string; expiresAt: Date; message: string },
): UserActionResult {
  return {
    user: toListItem(row),
    message: outcome.message,
    emailed: outcome.emailed,
    // The link leaves the server only when it was not mailed, and only in this answer.
    link: outcome.emailed ? null : linkUrl(publicUrl, outcome.token),
    expiresAt: outcome.emailed ? null : outcome.expiresAt.toISOString(),
  };
}
