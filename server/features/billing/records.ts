import { and, desc, eq, inArray, isNull, type SQL, sql, type WithSubquery } from 'drizzle-orm';
import type { UsageRecord, UsageStatus } from '../../../common/billing.ts';
import type { Db } from '../../db/client.ts';
import { billingProfiles, connections, stripeEvents, usageRecords } from '../../db/schema.ts';
import { keyset, type Page } from '../../lib/cursor.ts';

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

/**
 * A new pending request, or undefined when one is already open for the connection (the partial
 * unique index decides, so two requests at the same moment cannot both insert).
 */
type RequestValues = Pick<
  typeof usageRecords.$inferInsert,
  'userId' | 'description' | 'costCents' | 'plan' | 'testMode' | 'reportType'
> & { connectionId: number };

/**
 * The one statement of the paying request's first step, prepared once per database: the row is
 * inserted only when the connection is the user's own (it reads connections, which billing
 * never writes), and only when no request is open for it (the partial unique index).
 */
function prepareInsertRequest(db: Db) {
  const param = <T>(name: keyof RequestValues, type: string) =>
    sql<T>`${sql.placeholder(name)}::${sql.raw(type)}`;
  // Drizzle's insert-select wants every column, in the table's order.
  const owned = db
    .select({
      id: sql<number>`nextval('usage_records_id_seq')`.as('id'),
      userId: connections.userId,
      connectionId: connections.id,
      reportType: param<string>('reportType', 'text').as('report_type'),
      description: param<string | null>('description', 'text').as('description'),
      costCents: param<number>('costCents', 'integer').as('cost_cents'),
      plan: param<'basic' | 'premium'>('plan', 'text').as('plan'),
      status: sql<'pending'>`'pending'::text`.as('status'),
      statusMessage: sql<string | null>`null::text`.as('status_message'),
      testMode: param<boolean>('testMode', 'boolean').as('test_mode'),
      stripePaymentIntentId: sql<string | null>`null::text`.as('stripe_payment_intent_id'),
      stripeInvoiceItemId: sql<string | null>`null::text`.as('stripe_invoice_item_id'),
      stripeRefundId: sql<string | null>`null::text`.as('stripe_refund_id'),
      fulfilledAt: sql<Date | null>`null::timestamptz`.as('fulfilled_at'),
      createdAt: sql<Date>`now()`.as('created_at'),
      updatedAt: sql<Date>`now()`.as('updated_at'),
    })
    .from(connections)
    .where(
      and(
        eq(connections.id, sql.placeholder('connectionId')),
        eq(connections.userId, sql.placeholder('userId')),
      ),
    );
  return db
    .insert(usageRecords)
    .select(owned)
    .onConflictDoNothing()
    .returning()
    .prepare('insert_usage_request');
}

const insertRequestStatements = new WeakMap<Db, ReturnType<typeof prepareInsertRequest>>();

/** A pending request for the user's own connection; undefined when one is open already. */
export async function insertRequest(db: Db, values: RequestValues): Promise<UsageRow | undefined> {
  let statement = insertRequestStatements.get(db);
  if (!statement) {
    statement = prepareInsertRequest(db);
    insertRequestStatements.set(db, statement);
  }
  const [row] = await statement.execute({ ...values, description: values.description ?? null });
  return row;
}

export async function findRecord(db: Db, id: number): Promise<UsageRow | undefined> {
  const [row] = await db.select().from(usageRecords).where(eq(usageRecords.id, id)).limit(1);
  return row;
}

export async function updateRecord(
  db: Db,
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

type RecordChange = Parameters<typeof updateRecord>[2];
type Share<F extends Record<string, SQL>> = { parts: WithSubquery[]; fields: F };

function prepareUpdateWith<F extends Record<string, SQL>>(
  db: Db,
  columns: (keyof RecordChange)[],
  share: Share<F>,
) {
  const set = Object.fromEntries(columns.map((column) => [column, sql.placeholder(column)]));
  const paid = db.$with('paid').as(
    db
      .update(usageRecords)
      .set({ ...set, updatedAt: sql`now()` })
      .where(eq(usageRecords.id, sql.placeholder('recordId')))
      .returning(),
  );
  return db
    .with(paid, ...share.parts)
    .select({ row: { ...paid._.selectedFields }, read: share.fields })
    .from(paid)
    .prepare(`update_usage_with_${columns.join('_')}`);
}

/** Prepared once per share and per set of changed columns (a payment sets two shapes). */
const updateWithStatements = new WeakMap<
  object,
  Map<string, { execute(p: Record<string, unknown>): Promise<unknown> }>
>();

/**
 * The same change as part of one statement with another feature's share of it (its `with`
 * parts on its own tables, and the fields read back): both commit together in one round trip.
 * The statement is prepared once; the share's placeholders are filled from `params`.
 */
export async function updateRecordWith<F extends Record<string, SQL>>(
  db: Db,
  id: number,
  change: RecordChange,
  share: Share<F>,
  params: Record<string, unknown>,
): Promise<{ row: UsageRow; read: { [K in keyof F]: F[K]['_']['type'] } }> {
  const columns = (Object.keys(change) as (keyof RecordChange)[]).sort();
  const key = columns.join(',');
  let byShape = updateWithStatements.get(share);
  if (!byShape) {
    byShape = new Map();
    updateWithStatements.set(share, byShape);
  }
  let statement = byShape.get(key);
  if (!statement) {
    statement = prepareUpdateWith(db, columns, share);
    byShape.set(key, statement);
  }
  const rows = (await statement.execute({ ...change, ...params, recordId: id })) as {
    row: UsageRow;
    read: { [K in keyof F]: F[K]['_']['type'] };
  }[];
  const [result] = rows;
  if (!result) throw new Error(`usage record ${id} vanished`);
  return result;
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

export async function hasPaidRequest(db: Db, connectionId: number, userId: number) {
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
