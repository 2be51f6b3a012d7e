import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { UsageRecord, UsageStatus } from '../../../common/billing.ts';
import type { Db, Executor } from '../../db/client.ts';
import { billingProfiles, connections, stripeEvents, usageRecords } from '../../db/schema.ts';
import { keyset, type Page } from '../../lib/cursor.ts';
import { notFound } from '../../lib/errors.ts';

export type UsageRow = typeof usageRecords.$inferSelect;
export type ProfileRow = typeof billingProfiles.$inferSelect;

/** A request is open until it failed, was refunded or its report was delivered. */
export const OPEN_STATUSES: UsageStatus[] = ['pending', 'billed', 'invoiced', 'requires_action'];
/** What the user owes or paid: these count towards the total and unlock downloads. */
export const PAID_STATUSES: UsageStatus[] = ['billed', 'invoiced'];

export function toUsageRecord(row: UsageRow): UsageRecord {
  return {
    id: row.id,
    reportType: row.reportType,
    description: row.description,
    connectionId: row.connectionId,
    cost: row.costCents / 100,
    costCents: row.costCents,
    status: row.status,
    plan: row.plan,
    statusMessage: row.statusMessage,
    testMode: row.testMode,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function findOpenRequest(db: Db, connectionId: number): Promise<UsageRow | undefined> {
  const [row] = await db
    .select()
    .from(usageRecords)
    .where(
      and(
        eq(usageRecords.connectionId, connectionId),
        isNull(usageRecords.fulfilledAt),
        inArray(usageRecords.status, OPEN_STATUSES),
      ),
    )
    .limit(1);
  return row;
}

/** What a new request states; every other column starts at its default (pending). */
type RequestValues = Pick<
  typeof usageRecords.$inferInsert,
  'userId' | 'connectionId' | 'description' | 'costCents' | 'plan' | 'testMode' | 'reportType'
> & { connectionId: number };

/**
 * A new pending request on the user's own connection, or undefined when one is already open
 * for it: the partial unique index decides, so two requests at the same moment cannot both
 * insert. The row's user is read from the connection, matched to the user: a connection that
 * is someone else's (or none) gives no user, which the column refuses, and the answer is 404.
 * The check is part of the insert because every purchase waits for it, and a query of its own
 * would cost about as much again.
 */
export async function insertRequest(
  db: Executor,
  values: RequestValues,
): Promise<UsageRow | undefined> {
  const owner = sql<number>`(select ${connections.userId} from ${connections}
    where ${connections.id} = ${values.connectionId} and ${connections.userId} = ${values.userId})`;
  try {
    const [row] = await db
      .insert(usageRecords)
      .values({ ...values, userId: owner })
      .onConflictDoNothing()
      .returning();
    return row;
  } catch (error) {
    if (isMissingUser(error)) throw notFound('Connection not found');
    throw error;
  }
}

/** The database refused a row without a user (drivers wrap their error in `cause`). */
function isMissingUser(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string; column?: string } }).cause;
  return cause?.code === '23502' && cause.column === 'user_id';
}

export async function findRecord(db: Db, id: number): Promise<UsageRow | undefined> {
  const [row] = await db.select().from(usageRecords).where(eq(usageRecords.id, id)).limit(1);
  return row;
}

export async function updateRecord(
  db: Executor,
  id: number,
  change: Partial<
    Pick<
      UsageRow,
      | 'status'
      | 'statusMessage'
      | 'stripePaymentIntentId'
      | 'stripeInvoiceItemId'
      | 'stripeRefundId'
    >
  >,
): Promise<UsageRow> {
  const [row] = await db
    .update(usageRecords)
    .set({ ...change, updatedAt: new Date() })
    .where(eq(usageRecords.id, id))
    .returning();
  if (!row) throw new Error(`usage record ${id} vanished`);
  return row;
}

/** A user's records, newest first, a page at a time (one row more than asked: see pageResult). */
export async function listRecords(db: Db, userId: number, page: Page): Promise<UsageRow[]> {
  const { where, orderBy } = keyset(usageRecords.createdAt, usageRecords.id, page.after);
  return db
    .select()
    .from(usageRecords)
    .where(and(eq(usageRecords.userId, userId), where))
    .orderBy(...orderBy)
    .limit(page.limit + 1);
}

/** What a user was billed or has on an invoice, over all their records. */
export async function paidTotalOf(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ cents: sql<string | null>`sum(${usageRecords.costCents})` })
    .from(usageRecords)
    .where(and(eq(usageRecords.userId, userId), inArray(usageRecords.status, PAID_STATUSES)));
  return Number(row?.cents ?? 0);
}

export async function hasPaidRequest(db: Executor, connectionId: number, userId: number) {
  const [row] = await db
    .select({ one: sql`1` })
    .from(usageRecords)
    .where(
      and(
        eq(usageRecords.connectionId, connectionId),
        eq(usageRecords.userId, userId),
        inArray(usageRecords.status, PAID_STATUSES),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** The connections this user paid a report for (paid access, for many at once). */
export async function paidConnectionsOf(db: Db, userId: number): Promise<Set<number>> {
  const rows = await db
    .selectDistinct({ connectionId: usageRecords.connectionId })
    .from(usageRecords)
    .where(and(eq(usageRecords.userId, userId), inArray(usageRecords.status, PAID_STATUSES)));
  return new Set(rows.map((r) => r.connectionId).filter((id): id is number => id !== null));
}

/** Records still pending after `olderThan`: a crash or a lost answer between charge and record. */
export async function stalePending(db: Db, olderThan: Date): Promise<UsageRow[]> {
  return db
    .select()
    .from(usageRecords)
    .where(and(eq(usageRecords.status, 'pending'), sql`${usageRecords.createdAt} < ${olderThan}`))
    .limit(100);
}

export async function getProfile(db: Db, userId: number): Promise<ProfileRow | undefined> {
  const [row] = await db
    .select()
    .from(billingProfiles)
    .where(eq(billingProfiles.userId, userId))
    .limit(1);
  return row;
}

export async function saveProfile(
  db: Db,
  userId: number,
  change: Partial<Omit<ProfileRow, 'userId' | 'updatedAt'>>,
): Promise<void> {
  const values = { ...change, updatedAt: new Date() };
  await db
    .insert(billingProfiles)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: billingProfiles.userId, set: values });
}

export async function findProfileBySubscription(db: Db, subscriptionId: string) {
  const [row] = await db
    .select()
    .from(billingProfiles)
    .where(eq(billingProfiles.subscriptionId, subscriptionId))
    .limit(1);
  return row;
}

/** Records a provider event; false when it was seen before (a replay or a duplicate). */
export async function firstSighting(db: Db, id: string, type: string): Promise<boolean> {
  const rows = await db
    .insert(stripeEvents)
    .values({ id, type })
    .onConflictDoNothing()
    .returning({ id: stripeEvents.id });
  return rows.length > 0;
}

/** Forgets an event whose handling failed, so the provider's retry applies it. */
export async function forgetEvent(db: Db, id: string): Promise<void> {
  await db.delete(stripeEvents).where(eq(stripeEvents.id, id));
}

export async function recordsWithInvoiceItems(db: Db, itemIds: string[]) {
  if (itemIds.length === 0) return [];
  return db.select().from(usageRecords).where(inArray(usageRecords.stripeInvoiceItemId, itemIds));
}

export async function recordByPaymentIntent(db: Db, paymentIntentId: string) {
  const [row] = await db
    .select()
    .from(usageRecords)
    .where(eq(usageRecords.stripePaymentIntentId, paymentIntentId))
    .limit(1);
  return row;
}

export async function recordsOfConnection(db: Db, connectionId: number): Promise<UsageRow[]> {
  return db
    .select()
    .from(usageRecords)
    .where(eq(usageRecords.connectionId, connectionId))
    .orderBy(desc(usageRecords.createdAt), desc(usageRecords.id))
    .limit(100);
}

export async function fulfilRecord(db: Db, id: number): Promise<void> {
  await db
    .update(usageRecords)
    .set({ fulfilledAt: new Date(), updatedAt: new Date() })
    .where(
      and(
        eq(usageRecords.id, id),
        isNull(usageRecords.fulfilledAt),
        inArray(usageRecords.status, PAID_STATUSES),
      ),
    );
}

export async function paidAndWaiting(db: Db, connectionIds: number[]): Promise<Set<number>> {
  if (connectionIds.length === 0) return new Set();
  const rows = await db
    .select({ connectionId: usageRecords.connectionId })
    .from(usageRecords)
    .where(
      and(
        inArray(usageRecords.connectionId, connectionIds),
        isNull(usageRecords.fulfilledAt),
        inArray(usageRecords.status, PAID_STATUSES),
      ),
    );
  return new Set(rows.map((r) => r.connectionId).filter((id): id is number => id !== null));
}
