import { and, eq, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import { TURNAROUND_HOURS } from '../../../common/turnaround.ts';
import type { Db } from '../../db/client.ts';
import { reports, usageRecords } from '../../db/schema.ts';
import type { Mailer } from '../../lib/mail/index.ts';
import { overdueRefundMessage } from '../../lib/mail/overdue-refund-message.ts';
import type { BillingDeps } from './deps.ts';
import type { UsageRow } from './records.ts';
import { refundRow } from './refund.ts';

const HOUR_MS = 3_600_000;

/** What the deadline run needs beyond billing's own: the mail path, the grace, the clock. */
export type OverdueOptions = {
  mailer: Pick<Mailer, 'queueInTransaction'>;
  graceDays: number;
  now: Date;
};

/**
 * When a request made at `createdAt` on this plan is past its promise: the plan's turnaround
 * plus the grace. Before it, the report may still come.
 */
const deadlineCutoff = (plan: keyof typeof TURNAROUND_HOURS, { graceDays, now }: OverdueOptions) =>
  new Date(now.getTime() - (TURNAROUND_HOURS[plan] + graceDays * 24) * HOUR_MS);

/**
 * Requests still open past their deadline with no ready report. A subscription's report
 * already paid on a monthly invoice is left to an admin (it can only be refunded from Stripe's
 * dashboard, as the manual refund says).
 */
function overdueWhere(options: OverdueOptions) {
  const readyReport = sql`not exists (select 1 from ${reports} where ${reports.usageRecordId} = ${usageRecords.id} and ${reports.status} = 'ready')`;
  return and(
    isNull(usageRecords.fulfilledAt),
    inArray(usageRecords.status, ['requested', 'pending', 'billed', 'invoiced', 'requires_action']),
    or(ne(usageRecords.plan, 'premium'), ne(usageRecords.status, 'billed')),
    or(
      and(
        eq(usageRecords.plan, 'basic'),
        lt(usageRecords.createdAt, deadlineCutoff('basic', options)),
      ),
      and(
        eq(usageRecords.plan, 'premium'),
        lt(usageRecords.createdAt, deadlineCutoff('premium', options)),
      ),
    ),
    readyReport,
  );
}

/**
 * Refunds (or cancels, when nothing was charged yet) every request whose report did not come
 * by its deadline, and tells the user. One query finds them; each is then handled in its own
 * transaction that locks the row and checks it again, so two runs at once refund it once, and
 * a crash between the provider and the record is answered by the same idempotency key next run.
 * Answers how many were refunded.
 */
export async function refundOverdue(deps: BillingDeps, options: OverdueOptions): Promise<number> {
  const candidates = await deps.db
    .select({ id: usageRecords.id })
    .from(usageRecords)
    .where(overdueWhere(options))
    .limit(100);
  let refunded = 0;
  let failure: unknown;
  for (const { id } of candidates) {
    // One request the provider did not answer for does not hold up the others; the run then
    // fails, and its retry sends that one's refund again under the same key.
    try {
      if (await refundOne(deps, options, id)) refunded += 1;
    } catch (error) {
      failure ??= error;
    }
  }
  if (failure !== undefined) throw failure;
  return refunded;
}

async function refundOne(deps: BillingDeps, options: OverdueOptions, id: number) {
  const [seen] = await deps.db.select().from(usageRecords).where(eq(usageRecords.id, id));
  // Who to tell is read first: nothing but the row is queried while it is locked.
  const subject = seen?.connectionId
    ? await deps.connections.reportSubject(seen.connectionId)
    : null;
  const reason = 'the report was not delivered in time';
  const done = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(usageRecords)
      .where(and(eq(usageRecords.id, id), overdueWhere(options)))
      .for('update', { skipLocked: true });
    // Refunded by another run, delivered meanwhile, or being handled right now.
    if (!row) return null;
    const db = tx as unknown as Db;
    const after = await refundRow({ ...deps, db }, row, null, reason);
    const email = subject?.owner.email;
    if (!subject || !email) return { row: after, send: null };
    const { send } = await options.mailer.queueInTransaction(db, {
      kind: 'overdue_refund',
      to: email,
      connectionId: row.connectionId,
      ...overdueRefundMessage({
        username: subject.owner.username,
        customerName: subject.customerName,
        amountCents: row.costCents,
        outcome: outcomeOf(row),
      }),
    });
    return { row: after, send };
  });
  if (!done) return false;
  await done.send?.();
  await deps.events.emit('report.cancelled', {
    usageRecordId: done.row.id,
    connectionId: done.row.connectionId,
    reason,
    ownerEmailed: done.send !== null,
  });
  return true;
}

/** What became of the money, for the user's email. */
function outcomeOf(row: UsageRow) {
  if (row.status === 'billed' && row.plan === 'basic' && !row.testMode) return 'refunded';
  if (row.status === 'invoiced' && !row.testMode) return 'removed';
  return 'not_charged';
}
