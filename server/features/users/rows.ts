import { randomBytes } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Role, User } from '../../../common/api.ts';
import type { UserListItem } from '../../../common/users.ts';
import type { Executor } from '../../db/client.ts';
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

/** A row of the admin's User Management list. */
export function toListItem(row: UserRow): UserListItem {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    role: row.role,
    planType: row.planType,
    hasPaymentMethod: Boolean(row.stripeCustomerId && row.paymentMethodId),
    createdAt: row.createdAt.toISOString(),
    lastSignInAt: row.lastSignInAt?.toISOString() ?? null,
    isActive: row.isActive,
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
  db: Executor,
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

export async function findUserByUsername(
  db: Executor,
  username: string,
): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`)
    .limit(1);
  return row;
}

export async function findUserById(db: Executor, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/**
 * A user's row, locked until the transaction ends: changes to one account then run one after
 * the other, each seeing the one before.
 */
export async function lockUser(tx: Executor, userId: number): Promise<UserRow> {
  const [row] = await tx.select().from(users).where(eq(users.id, userId)).limit(1).for('update');
  // A deleted account is only the holder of its money records: nothing changes it any more.
  if (!row || row.deletedAt) throw notFound('User not found');
  return row;
}

export async function findUserByStripeCustomer(
  db: Executor,
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
  db: Executor,
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

/**
 * The card reports are charged to and the plan the user is on: the billing service decides
 * both (either may change alone); the users feature only stores them on the account.
 */
export async function setPaymentMethod(
  db: Executor,
  userId: number,
  change: { paymentMethodId?: string; planType?: 'free' | 'basic' | 'premium' },
): Promise<void> {
  await db
    .update(users)
    .set({ ...change, updatedAt: new Date() })
    .where(eq(users.id, userId));
}

/** Stamped at each sign-in, for the admin's list. */
export async function stampSignIn(db: Executor, userId: number): Promise<void> {
  await db.update(users).set({ lastSignInAt: new Date() }).where(eq(users.id, userId));
}
