import { and, count, desc, eq, inArray, lt, or, sql } from 'drizzle-orm';
import { headlineData } from '../../../common/quantities.ts';
import type { ReportSummary as ReportSummaryContract } from '../../../common/reports.ts';
import type { Db } from '../../db/client.ts';
import { reports } from '../../db/schema.ts';
import { keyset, type Page } from '../../lib/cursor.ts';

export type ReportRow = typeof reports.$inferSelect;
export type ReportTrigger = ReportRow['trigger'];

export async function findReport(db: Db, id: number): Promise<ReportRow | undefined> {
  const [row] = await db.select().from(reports).where(eq(reports.id, id)).limit(1);
  return row;
}

/** The version waiting to be built for a connection, if one is queued (not yet building). */
export async function queuedVersion(db: Db, connectionId: number) {
  const [row] = await db
    .select()
    .from(reports)
    .where(and(eq(reports.connectionId, connectionId), eq(reports.status, 'queued')))
    .orderBy(desc(reports.version))
    .limit(1);
  return row;
}

/**
 * Adds the next version of a connection's report. Two processes adding at once collide on the
 * (connection, version) unique index; the loser tries the next number.
 */
export async function insertVersion(
  db: Db,
  values: {
    connectionId: number;
    userId: number;
    usageRecordId: number | null;
    trigger: ReportTrigger;
    requestedBy: number | null;
  },
): Promise<ReportRow> {
  for (let attempt = 0; ; attempt++) {
    const [row] = await db
      .insert(reports)
      .values({
        ...values,
        version: sql`(select coalesce(max(${reports.version}), 0) + 1 from ${reports} where ${reports.connectionId} = ${values.connectionId})`,
      })
      .onConflictDoNothing()
      .returning();
    if (row) return row;
    if (attempt >= 5) throw new Error('could not allocate a report version');
  }
}

export async function updateReport(
  db: Db,
  id: number,
  change: Partial<Omit<ReportRow, 'id' | 'connectionId' | 'userId' | 'createdAt'>>,
): Promise<ReportRow> {
  const [row] = await db
    .update(reports)
    .set({ ...change, updatedAt: new Date() })
    .where(eq(reports.id, id))
    .returning();
  if (!row) throw new Error(`report ${id} is gone`);
  return row;
}

/**
 * How long a build's claim on its version lasts unless renewed. A running build renews it every
 * few seconds (`BuildLease`); a version left `building` without a renewal for this long was cut
 * off (a crash, a kill -9, a lost machine) and may be claimed again. Long against a renewal's
 * pause (a busy database, a slow garbage collection), short against the customer's wait.
 */
export const BUILD_LEASE_MS = 30_000;

/** The moment before which a lease still unrenewed has lapsed. */
const lapsedBefore = (now: Date) => new Date(now.getTime() - BUILD_LEASE_MS);

/**
 * Moves a version to building: a queued one, a failed one being retried, or one whose lease
 * lapsed. Answers the row as claimed, its `updatedAt` being the lease this run holds; undefined
 * when another run holds it (or it is ready).
 */
export async function claimForBuild(
  db: Db,
  id: number,
  now = new Date(),
): Promise<ReportRow | undefined> {
  const [row] = await db
    .update(reports)
    .set({ status: 'building', error: null, updatedAt: now })
    .where(
      and(
        eq(reports.id, id),
        or(
          inArray(reports.status, ['queued', 'failed']),
          and(eq(reports.status, 'building'), lt(reports.updatedAt, lapsedBefore(now))),
        ),
      ),
    )
    .returning();
  return row;
}

/** What the run holding a version's lease may write: only while its lease is the row's own. */
const heldBy = (id: number, lease: Date) =>
  and(eq(reports.id, id), eq(reports.status, 'building'), eq(reports.updatedAt, lease));

/** Renews a lease from `lease` to `now`; false when the version is no longer this run's. */
export async function renewLease(db: Db, id: number, lease: Date, now: Date): Promise<boolean> {
  const moved = await db
    .update(reports)
    .set({ updatedAt: now })
    .where(heldBy(id, lease))
    .returning({ id: reports.id });
  return moved.length > 0;
}

/**
 * Gives a version back to the queue (a stopping process's build): `queued` again if the run
 * still holds it, for the next run to claim at once instead of after the lease lapses. False
 * when the version is no longer this run's.
 */
export async function releaseLease(db: Db, id: number, lease: Date): Promise<boolean> {
  const released = await db
    .update(reports)
    .set({ status: 'queued', updatedAt: new Date() })
    .where(heldBy(id, lease))
    .returning({ id: reports.id });
  return released.length > 0;
}

/**
 * Writes a build's outcome (ready or failed) if the run still holds the version; undefined when
 * another run took it over, whose outcome then stands alone.
 */
export async function settleBuild(
  db: Db,
  id: number,
  lease: Date,
  change: Partial<Omit<ReportRow, 'id' | 'connectionId' | 'userId' | 'createdAt' | 'updatedAt'>>,
): Promise<ReportRow | undefined> {
  const [row] = await db
    .update(reports)
    .set({ ...change, updatedAt: new Date() })
    .where(heldBy(id, lease))
    .returning();
  return row;
}

/** The versions left `building` whose lease lapsed: all of them, or the one asked about. */
export async function abandonedBuilds(db: Db, now: Date, onlyId?: number): Promise<number[]> {
  const rows = await db
    .select({ id: reports.id })
    .from(reports)
    .where(
      and(
        eq(reports.status, 'building'),
        lt(reports.updatedAt, lapsedBefore(now)),
        onlyId === undefined ? undefined : eq(reports.id, onlyId),
      ),
    )
    .orderBy(reports.id);
  return rows.map((r) => r.id);
}

export async function versionsOf(db: Db, connectionId: number): Promise<ReportRow[]> {
  return db
    .select()
    .from(reports)
    .where(eq(reports.connectionId, connectionId))
    .orderBy(desc(reports.version));
}

/** The newest version of each of these connections, and how many versions each has. */
export async function latestOf(db: Db, connectionIds: number[]) {
  if (connectionIds.length === 0) return new Map<number, { row: ReportRow; versions: number }>();
  const [rows, counts] = await Promise.all([
    db
      .selectDistinctOn([reports.connectionId])
      .from(reports)
      .where(inArray(reports.connectionId, connectionIds))
      .orderBy(reports.connectionId, desc(reports.version)),
    db
      .select({ connectionId: reports.connectionId, n: count() })
      .from(reports)
      .where(inArray(reports.connectionId, connectionIds))
      .groupBy(reports.connectionId),
  ]);
  const countOf = new Map(counts.map((c) => [c.connectionId, c.n]));
  return new Map(
    rows.map((row) => [row.connectionId, { row, versions: countOf.get(row.connectionId) ?? 1 }]),
  );
}

/** The newest version of each connection a user owns. */
/**
 * The newest version of each of these connections of the owner, newest first, a page at a
 * time (the versions' creation time and id make the cursor).
 */
export async function latestOfOwner(
  db: Db,
  userId: number,
  connectionIds: number[],
  page: Page,
): Promise<ReportRow[]> {
  if (connectionIds.length === 0) return [];
  const newest = db
    .selectDistinctOn([reports.connectionId])
    .from(reports)
    .where(and(eq(reports.userId, userId), inArray(reports.connectionId, connectionIds)))
    .orderBy(reports.connectionId, desc(reports.version))
    .as('newest');
  const { where, orderBy } = keyset(newest.createdAt, newest.id, page.after);
  return db
    .select()
    .from(newest)
    .where(where)
    .orderBy(...orderBy)
    .limit(page.limit + 1);
}

/** The stored summary, rounded as data (a version built before the rule may carry float noise). */
export function summaryOf(row: ReportRow): ReportSummaryContract | null {
  const summary = row.summary as ReportSummaryContract | null;
  return summary ? headlineData(summary) : null;
}
