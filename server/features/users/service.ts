import { randomBytes } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Role, User } from '../../../common/api.ts';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { hashPassword } from '../../lib/passwords.ts';

export type UserRow = typeof users.$inferSelect;

/** The API shape of a user: never the password hash. */
export function toApiUser(row: UserRow): User {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    role: row.role,
    createdAt: row.createdAt.toISOString(),
    stripeCustomerId: row.stripeCustomerId,
    paymentMethodId: row.paymentMethodId,
    planType: row.planType,
    uniqueFormUrl: row.uniqueFormUrl,
  };
}

/** 128 random bits: a form link nobody can guess or enumerate. */
export const newFormUrl = () => randomBytes(16).toString('base64url');

export const isUniqueViolation = (error: unknown) =>
  typeof error === 'object' &&
  error !== null &&
  ((error as { code?: string }).code === '23505' ||
    (error as { cause?: { code?: string } }).cause?.code === '23505');

export async function createUser(
  db: Db,
  input: { username: string; email: string | null; password: string; role?: Role },
): Promise<UserRow> {
  const passwordHash = await hashPassword(input.password);
  try {
    const [row] = await db
      .insert(users)
      .values({
        username: input.username,
        email: input.email,
        passwordHash,
        role: input.role ?? 'user',
        planType: 'free',
        uniqueFormUrl: newFormUrl(),
      })
      .returning();
    if (!row) throw new Error('insert returned no row');
    return row;
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('Username already exists');
    throw error;
  }
}

/** The active owner of a customer form link, or 404 Form not found. */
export async function findFormOwner(db: Db, uniqueFormUrl: string) {
  const [owner] = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(and(eq(users.uniqueFormUrl, uniqueFormUrl), eq(users.isActive, true)))
    .limit(1);
  if (!owner) throw notFound('Form not found');
  return owner;
}

export async function findUserByUsername(db: Db, username: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`)
    .limit(1);
  return row;
}

/**
 * Makes sure an administrator exists: the configured one, or, when none is configured and the
 * database has no admin yet, `admin` with a random password printed once.
 */
export async function ensureFirstAdmin(
  db: Db,
  configured: { username: string; password: string } | undefined,
  log: FastifyBaseLogger,
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
    .where(and(eq(users.role, 'admin')))
    .limit(1);
  if (anyAdmin) return;
  const password = randomBytes(12).toString('base64url');
  await createUser(db, { username: 'admin', email: null, password, role: 'admin' });
  // Printed once, on purpose: it is the only way to learn it. Set ADMIN_PASSWORD to choose one.
  log.warn(`created administrator "admin" with password ${password} (shown once; change it)`);
}

export async function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export async function findUserByStripeCustomer(
  db: Db,
  customerId: string,
): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(eq(users.stripeCustomerId, customerId))
    .limit(1);
  return row;
}

/**
 * Stores the payment provider's customer id once: when two requests race, the first id stays
 * and is returned to both.
 */
export async function attachStripeCustomer(
  db: Db,
  userId: number,
  customerId: string,
): Promise<string> {
  await db
    .update(users)
    .set({ stripeCustomerId: customerId, updatedAt: new Date() })
    .where(and(eq(users.id, userId), isNull(users.stripeCustomerId)));
  const row = await findUserById(db, userId);
  if (!row?.stripeCustomerId) throw notFound('User not found');
  return row.stripeCustomerId;
}

/** The card reports are charged to, and the plan the user chose with it (SPEC section 3). */
export async function setPaymentMethod(
  db: Db,
  userId: number,
  change: { paymentMethodId?: string; planType?: 'free' | 'basic' | 'premium' },
): Promise<void> {
  await db
    .update(users)
    .set({ ...change, updatedAt: new Date() })
    .where(eq(users.id, userId));
}
