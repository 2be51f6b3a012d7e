import { and, eq, inArray, isNotNull, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { connections } from '../../db/schema.ts';
import { recordAudit } from '../../lib/audit.ts';
import { AppError } from '../../lib/errors.ts';
import type { CredentialVault } from '../../lib/vault.ts';
import type { Viewer } from './access.ts';

/** Additional data binding each ciphertext to its connection and field. */
const context = (id: number, field: 'username' | 'password' | 'portal-session') =>
  `connection:${id}:${field}`;

export function sealCredentials(
  vault: CredentialVault,
  id: number,
  username: string,
  password: string,
) {
  const user = vault.seal(username, context(id, 'username'));
  const pass = vault.seal(password, context(id, 'password'));
  return {
    utilityUsernameSealed: user.value,
    utilityPasswordSealed: pass.value,
    credentialsKeyVersion: user.keyVersion,
  };
}

/** Opens a connection's credentials; only for code that must log in (the automation jobs). */
export function openCredentials(
  vault: CredentialVault,
  row: { id: number; utilityUsernameSealed: string | null; utilityPasswordSealed: string | null },
) {
  if (!row.utilityUsernameSealed || !row.utilityPasswordSealed) return null;
  return {
    utilityUsername: vault.open(row.utilityUsernameSealed, context(row.id, 'username')),
    utilityPassword: vault.open(row.utilityPasswordSealed, context(row.id, 'password')),
  };
}

/**
 * Keeps the portal's session after a login with a code, sealed like the password; only while
 * the login itself is kept (a purge takes both).
 */
export async function writePortalSession(
  db: Db,
  vault: CredentialVault,
  id: number,
  state: string,
): Promise<void> {
  await db
    .update(connections)
    .set({ portalSessionSealed: vault.seal(state, context(id, 'portal-session')).value })
    .where(and(eq(connections.id, id), isNotNull(connections.utilityPasswordSealed)));
}

/** A kept portal session; null when there is none or it cannot be opened any more. */
export function openPortalSession(
  vault: CredentialVault,
  row: { id: number; portalSessionSealed: string | null },
): string | null {
  if (!row.portalSessionSealed) return null;
  try {
    return vault.open(row.portalSessionSealed, context(row.id, 'portal-session'));
  } catch {
    return null;
  }
}

/** The admin's manual-extraction backup: every reveal is written to the audit log. */
export async function revealCredentials(
  db: Db,
  vault: CredentialVault,
  id: number,
  actor: Viewer,
  ip: string,
) {
  const [row] = await db.select().from(connections).where(eq(connections.id, id)).limit(1);
  if (!row) throw new AppError(404, 'Connection not found');
  let credentials: ReturnType<typeof openCredentials>;
  try {
    credentials = openCredentials(vault, row);
  } catch {
    // Sealed with a key this server does not hold: a setting to fix, not a failure of the request.
    throw new AppError(
      409,
      'These credentials were sealed with a credential key this server does not have (see CREDENTIALS_KEY_FILE or CREDENTIALS_KEY), so they cannot be opened. Restore that key, or ask the customer to submit the form again.',
      'credentials_unreadable',
    );
  }
  if (!credentials) {
    throw new AppError(
      410,
      row.credentialsPurgedAt
        ? `The credentials were purged on ${row.credentialsPurgedAt.toISOString().slice(0, 10)}`
        : 'This connection has no credentials',
    );
  }
  await recordAudit(db, {
    actorId: actor.id,
    action: 'connection.credentials_revealed',
    entityType: 'connection',
    entityId: String(id),
    ip,
  });
  return credentials;
}

/** What a connection's check says once an admin confirmed its login by hand. */
export const CONFIRMED_BY_ADMIN =
  'An administrator signed in to the utility website with this login and confirmed it works.';

/**
 * An admin's word that the customer's login works, for a portal the automated check cannot
 * judge (it could not tell, or the site asked for something it cannot do): the login counts as
 * verified from now on, as after a check that succeeded, and the audit log says who confirmed
 * it. Null when nothing changed (already verified). 404 for no connection, 410 when it has no
 * login to confirm (none given, or purged).
 */
export async function confirmLogin(db: Db, id: number, actor: Viewer, ip: string) {
  const [row] = await db
    .select({
      verified: connections.credentialsVerified,
      purgedAt: connections.credentialsPurgedAt,
      username: connections.utilityUsernameSealed,
      password: connections.utilityPasswordSealed,
    })
    .from(connections)
    .where(eq(connections.id, id))
    .limit(1);
  if (!row) throw new AppError(404, 'Connection not found');
  if (row.purgedAt || !row.username || !row.password) {
    throw new AppError(
      410,
      row.purgedAt
        ? `The credentials were purged on ${row.purgedAt.toISOString().slice(0, 10)}: there is no login to confirm`
        : 'This connection has no login to confirm',
    );
  }
  if (row.verified === true) return null;
  await db
    .update(connections)
    .set({ credentialsVerified: true, verificationMessage: CONFIRMED_BY_ADMIN })
    .where(eq(connections.id, id));
  await recordAudit(db, {
    actorId: actor.id,
    action: 'connection.login_confirmed',
    entityType: 'connection',
    entityId: String(id),
    ip,
  });
  return { message: CONFIRMED_BY_ADMIN };
}

/** Deletes the sealed credentials of these connections for good, and says why in the log. */
export async function purgeCredentials(
  db: Db,
  ids: number[],
  reason: 'completed' | 'retention',
  actorId: number | null,
): Promise<number> {
  if (ids.length === 0) return 0;
  const purged = await db
    .update(connections)
    .set({
      utilityUsernameSealed: null,
      utilityPasswordSealed: null,
      credentialsKeyVersion: null,
      portalSessionSealed: null,
      credentialsPurgedAt: new Date(),
    })
    .where(and(inArray(connections.id, ids), isNotNull(connections.utilityPasswordSealed)))
    .returning({ id: connections.id });
  await recordAudit(
    db,
    purged.map((p) => ({
      actorId,
      action: 'connection.credentials_purged',
      entityType: 'connection',
      entityId: String(p.id),
      details: { reason },
    })),
  );
  return purged.length;
}

/** Connections whose credentials must go: complete ones, and any older than the retention. */
export async function purgeDueCredentials(db: Db, retentionDays: number): Promise<number> {
  const cutoff = new Date(Date.now() - retentionDays * 86_400_000);
  const due = await db
    .select({ id: connections.id, status: connections.status })
    .from(connections)
    .where(
      and(
        isNotNull(connections.utilityPasswordSealed),
        isNull(connections.credentialsPurgedAt),
        or(eq(connections.status, 'complete'), lt(connections.createdAt, cutoff)),
      ),
    )
    .limit(1000);
  const completed = due.filter((d) => d.status === 'complete').map((d) => d.id);
  const expired = due.filter((d) => d.status !== 'complete').map((d) => d.id);
  return (
    (await purgeCredentials(db, completed, 'completed', null)) +
    (await purgeCredentials(db, expired, 'retention', null))
  );
}

/**
 * The customer typed their login again: the new one is sealed in place of the old (the portal
 * session of the old one goes with it), and the connection waits for its check. Refused once
 * the login is verified, the connection complete or its credentials purged.
 */
export async function replaceCredentials(
  db: Db,
  vault: CredentialVault,
  id: number,
  username: string,
  password: string,
): Promise<boolean> {
  const replaced = await db
    .update(connections)
    .set({
      ...sealCredentials(vault, id, username, password),
      portalSessionSealed: null,
      credentialsVerified: null,
      verificationMessage: 'The customer entered their login again; it is being checked.',
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(connections.id, id),
        isNotNull(connections.utilityPasswordSealed),
        isNull(connections.credentialsPurgedAt),
        or(isNull(connections.credentialsVerified), eq(connections.credentialsVerified, false)),
        or(eq(connections.status, 'pending'), eq(connections.status, 'in_progress')),
      ),
    )
    .returning({ id: connections.id });
  if (replaced.length === 0) return false;
  await recordAudit(db, {
    actorId: null,
    action: 'connection.credentials_replaced',
    entityType: 'connection',
    entityId: String(id),
  });
  return true;
}
