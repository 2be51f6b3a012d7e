import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { UsageRecord, UsageStatus } from '../../../common/billing.ts';
import type { Executor } from '../../db/client.ts';
import { connections, usageRecords } from '../../db/schema.ts';
import { keyset, type Page } from '../../lib/cursor.ts';
import { notFound } from '../../lib/errors.ts';

export type UsageRow = typeof usageRecords.$inferSelect;

/** A request is open until it failed, was refunded or its report was delivered. */
const OPEN_STATUSES: UsageStatus[] = [
  'requested',
  'pending',
  'billed',
  'invoiced',
  'requires_action',
];
/** What the user owes or paid: these count towards the total and unlock downloads. */
export const PAID_STATUSES: UsageStatus[] = ['billed', 'invoiced'];
/**
 * A request a report is built for when its data is complete: paid, or to be charged once the
 * report exists.
 */
export const BUILD_STATUSES: UsageStatus[] = [...PAID_STATUSES, 'requested'];

/** Paid for or to be charged on delivery, and its report not delivered yet. */
const waitingForReport = () =>
  and(isNull(usageRecords.fulfilledAt), inArray(usageRecords.status, BUILD_STATUSES));
/** Paid for (billed or on the invoice), and its report not delivered yet. */
const paidAndWaitingNow = () =>
  and(isNull(usageRecords.fulfilledAt), inArray(usageRecords.status, PAID_STATUSES));

const connectionIdsOf = (rows: { connectionId: number | null }[]) =>
  new Set(rows.map((r) => r.connectionId).filter((id): id is number => id !== null));

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

export async function findOpenRequest(
  db: Executor,
  connectionId: number,
): Promise<UsageRow | undefined> {
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

/** What a new request states; every other column starts at its default (pending, unless said). */
type RequestValues = Pick<
  typeof usageRecords.$inferInsert,
  'userId' | 'connectionId' | 'description' | 'costCents' | 'plan' | 'testMode' | 'reportType'
> & { connectionId: number } & Partial<
    Pick<typeof usageRecords.$inferInsert, 'status' | 'statusMessage'>
  >;

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

export async function findRecord(db: Executor, id: number): Promise<UsageRow | undefined> {
  const [row] = await db.select().from(usageRecords).where(eq(usageRecords.id, id)).limit(1);
  return row;
}

/** What settling, an invoice's outcome or a refund may change on a record. */
export type RecordChange = Partial<
  Pick<
    UsageRow,
    'status' | 'statusMessage' | 'stripePaymentIntentId' | 'stripeInvoiceItemId' | 'stripeRefundId'
  >
>;

export async function updateRecord(
  db: Executor,
  id: number,
  change: RecordChange,
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
export async function listRecords(db: Executor, userId: number, page: Page): Promise<UsageRow[]> {
  const { where, orderBy } = keyset(usageRecords.createdAt, usageRecords.id, page.after);
  return db
    .select()
    .from(usageRecords)
    .where(and(eq(usageRecords.userId, userId), where))
    .orderBy(...orderBy)
    .limit(page.limit + 1);
}

/** What a user was billed or has on an invoice, over all their records. */
export async function paidTotalOf(db: Executor, userId: number): Promise<number> {
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
export async function paidConnectionsOf(db: Executor, userId: number): Promise<Set<number>> {
  const rows = await db
    .selectDistinct({ connectionId: usageRecords.connectionId })
    .from(usageRecords)
    .where(and(eq(usageRecords.userId, userId), inArray(usageRecords.status, PAID_STATUSES)));
  return connectionIdsOf(rows);
}

/**
 * Records left pending since before `olderThan`: a crash or a lost answer between charge and
 * record. Read by when the record last changed, since a request charged on delivery turns
 * pending long after it was made.
 */
export async function stalePending(db: Executor, olderThan: Date): Promise<UsageRow[]> {
  return db
    .select()
    .from(usageRecords)
    .where(and(eq(usageRecords.status, 'pending'), sql`${usageRecords.updatedAt} < ${olderThan}`))
    .limit(100);
}

/**
 * A request charged on delivery is taken for its charge: requested -> pending, by one caller
 * only (the row as it is now, or undefined when it is not requested any more).
 */
export async function takeForCharge(db: Executor, id: number): Promise<UsageRow | undefined> {
  const [row] = await db
    .update(usageRecords)
    .set({ status: 'pending', updatedAt: new Date() })
    .where(and(eq(usageRecords.id, id), eq(usageRecords.status, 'requested')))
    .returning();
  return row;
}

export async function recordsOfConnection(db: Executor, connectionId: number): Promise<UsageRow[]> {
  return db
    .select()
    .from(usageRecords)
    .where(eq(usageRecords.connectionId, connectionId))
    .orderBy(desc(usageRecords.createdAt), desc(usageRecords.id))
    .limit(100);
}

/** The report of a paid request was delivered; anything not paid is left as it is. */
export async function fulfilRecord(db: Executor, id: number): Promise<void> {
  await db
    .update(usageRecords)
    .set({ fulfilledAt: new Date(), updatedAt: new Date() })
    .where(and(eq(usageRecords.id, id), paidAndWaitingNow()));
}

/** Which of these connections have a request (paid, or charged on delivery) waiting for its report. */
export async function paidAndWaiting(db: Executor, connectionIds: number[]): Promise<Set<number>> {
  if (connectionIds.length === 0) return new Set();
  const rows = await db
    .select({ connectionId: usageRecords.connectionId })
    .from(usageRecords)
    .where(and(inArray(usageRecords.connectionId, connectionIds), waitingForReport()));
  return connectionIdsOf(rows);
}

/**
 * A deleted account's records keep the money (amount, plan, status, dates, the provider's ids)
 * and lose the words that may name a customer: the description the user typed, and a
 * refund's reason as an admin wrote it.
 */
export async function anonymiseRecordsOf(db: Executor, userId: number): Promise<void> {
  await db
    .update(usageRecords)
    .set({ description: 'Utility report', updatedAt: new Date() })
    .where(eq(usageRecords.userId, userId));
  await db
    .update(usageRecords)
    .set({ statusMessage: 'Refunded' })
    .where(and(eq(usageRecords.userId, userId), eq(usageRecords.status, 'refunded')));
}
