import { eq, sql } from 'drizzle-orm';
import type { ConnectionUpdate } from '../../../common/connections.ts';
import type { Db } from '../../db/client.ts';
import { connections } from '../../db/schema.ts';
import { auditEachRowOf, recordAudit } from '../../lib/audit.ts';
import { findConnectionRow, type Viewer } from './access.ts';
import { purgeCredentials } from './credentials.ts';
import type { ConnectionRow } from './mapping.ts';

/**
 * An admin's edit. Typed figures stop later imports from overwriting them; a status change is
 * recorded with who and when; completing a connection purges its credentials. Returns the
 * status before the edit.
 */
export async function applyEdit(
  db: Db,
  id: number,
  update: ConnectionUpdate,
  actor: Viewer,
): Promise<ConnectionRow['status']> {
  return db.transaction(async (tx) => {
    const t = tx;
    const before = await findConnectionRow(t, id, actor);
    const figures = ['startDate', 'endDate', 'usage', 'cost'] as const;
    const touchesFigures = figures.some((f) => update[f] !== undefined);
    await tx
      .update(connections)
      .set({
        startDate: update.startDate,
        endDate: update.endDate,
        usageKwh:
          update.usage === undefined
            ? undefined
            : update.usage === null
              ? null
              : update.usage.toFixed(3),
        costCents:
          update.cost === undefined
            ? undefined
            : update.cost === null
              ? null
              : Math.round(update.cost * 100),
        status: update.status,
        notes: update.notes,
        accountName: update.accountName,
        accountNumber: update.accountNumber,
        serviceAddress: update.serviceAddress,
        figuresSetManually: touchesFigures ? true : undefined,
        updatedAt: new Date(),
      })
      .where(eq(connections.id, id));
    if (update.status && update.status !== before.status) {
      await recordAudit(t, {
        actorId: actor.id,
        action: 'connection.status_changed',
        entityType: 'connection',
        entityId: String(id),
        details: { from: before.status, to: update.status },
      });
      if (update.status === 'complete') {
        await purgeCredentials(t, [id], 'completed', actor.id);
      }
    }
    return before.status;
  });
}

/**
 * A paid request puts a pending connection to work, with its audit line, as this feature's
 * share of the caller's one statement (the payment's record is the other share): `with` parts
 * on this feature's tables, and the fields the outer select reads back. The statement commits
 * the payment, the move and the audit line together in one round trip. The parts name the
 * connection and the actor by placeholders, so the caller prepares its statement once and
 * passes `params(...)` with each run.
 */
export function startWorkShare(db: Db) {
  const connectionId = sql.placeholder('workConnectionId');
  const moved = db.$with('work_moved', { id: sql<number>`id` }).as(
    sql`update ${connections} set status = 'in_progress', updated_at = now()
      where id = ${connectionId} and status = 'pending' returning id`,
  );
  const audited = db.$with('work_audited', { id: sql<number>`id` }).as(
    sql`${auditEachRowOf('work_moved', {
      actorId: sql.placeholder('workActorId'),
      action: 'connection.status_changed',
      entityType: 'connection',
      details: { from: 'pending', to: 'in_progress', reason: 'report requested' },
    })} returning id`,
  );
  return {
    parts: [moved, audited],
    fields: {
      workMoved: sql<boolean>`(select count(*) from ${moved}) > 0`,
      // The outer select reads the statement's snapshot: the status before the move.
      workStatusBefore: sql<
        ConnectionRow['status'] | null
      >`(select status from ${connections} where id = ${connectionId})`,
    },
    params: (id: number, actorId: number) => ({ workConnectionId: id, workActorId: actorId }),
    /** Where the connection is left, from the fields read back; null when it is gone. */
    outcome(read: { workMoved: boolean; workStatusBefore: ConnectionRow['status'] | null }) {
      if (read.workStatusBefore === null) return { moved: false, status: null };
      return read.workMoved
        ? { moved: true, status: 'in_progress' as const }
        : { moved: false, status: read.workStatusBefore };
    },
  };
}

export type StartWorkShare = ReturnType<typeof startWorkShare>;
