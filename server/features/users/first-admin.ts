import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema.ts';
import type { UsersDeps } from './context.ts';
import { createUser, findUserByUsername } from './rows.ts';

/**
 * Makes sure an administrator exists: the configured one, or, when none is configured and the
 * database has no admin yet, `admin` with a random password printed once.
 */
export async function ensureFirstAdmin(
  { db, log }: Pick<UsersDeps, 'db' | 'log'>,
  configured: { username: string; password: string } | undefined,
): Promise<void> {
  if (configured) {
    if (await findUserByUsername(db, configured.username)) return;
    await createUser(db, { ...configured, email: null, role: 'admin' });
    log.info({ username: configured.username }, 'created the configured administrator');
    return;
  }
  const [anyAdmin] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.role, 'admin'))
    .limit(1);
  if (anyAdmin) return;
  const password = randomBytes(12).toString('base64url');
  await createUser(db, { username: 'admin', email: null, password, role: 'admin' });
  // Printed once, on purpose: it is the only way to learn it. Set ADMIN_PASSWORD to choose one.
  log.warn(`created administrator "admin" with password ${password} (shown once; change it)`);
}
