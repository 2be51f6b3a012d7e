import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { billingProfiles, stripeEvents } from '../../db/schema.ts';

/** A user's card and subscription as Stripe last described them. */
export type ProfileRow = typeof billingProfiles.$inferSelect;

export async function getProfile(db: Executor, userId: number): Promise<ProfileRow | undefined> {
  const [row] = await db
    .select()
    .from(billingProfiles)
    .where(eq(billingProfiles.userId, userId))
    .limit(1);
  return row;
}

export async function saveProfile(
  db: Executor,
  userId: number,
  change: Partial<Omit<ProfileRow, 'userId' | 'updatedAt'>>,
): Promise<void> {
  const values = { ...change, updatedAt: new Date() };
  await db
    .insert(billingProfiles)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: billingProfiles.userId, set: values });
}

/** Records a provider event; false when it was seen before (a replay or a duplicate). */
export async function firstSighting(db: Executor, id: string, type: string): Promise<boolean> {
  const rows = await db
    .insert(stripeEvents)
    .values({ id, type })
    .onConflictDoNothing()
    .returning({ id: stripeEvents.id });
  return rows.length > 0;
}

/** Forgets an event whose handling failed, so the provider's retry applies it. */
export async function forgetEvent(db: Executor, id: string): Promise<void> {
  await db.delete(stripeEvents).where(eq(stripeEvents.id, id));
}
