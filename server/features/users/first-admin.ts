import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
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
    if (
      !(await createdUnlessRaced(() =>
        createUser(db, { ...configured, email: null, role: 'admin' }),
      ))
    )
      return;
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
  const created = await createdUnlessRaced(() =>
    createUser(db, { username: 'admin', email: null, password, role: 'admin' }),
  );
  // Another process starting at the same moment made it (and printed its own password).
  if (!created) return;
  // Printed once, on purpose: it is the only way to learn it. Set ADMIN_PASSWORD to choose one.
  log.warn(`created administrator "admin" with password ${password} (shown once; change it)`);
}

/**
 * Runs the insert; false when another process starting together with this one created the
 * same administrator first (the username is unique, so exactly one of them does).
 */
async function createdUnlessRaced(create: () => Promise<unknown>): Promise<boolean> {
  try {
    await create();
    return true;
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 409) return false;
    throw error;
  }
}
