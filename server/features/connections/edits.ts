import { and, eq } from 'drizzle-orm';
import type { ConnectionUpdate } from '../../../common/connections.ts';
import type { Db, Executor } from '../../db/client.ts';
import { connections } from '../../db/schema.ts';
import { recordAudit } from '../../lib/audit.ts';
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
    const before = await findConnectionRow(tx, id, actor);
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
      await recordAudit(tx, {
        actorId: actor.id,
        action: 'connection.status_changed',
        entityType: 'connection',
        entityId: String(id),
        details: { from: before.status, to: update.status },
      });
      if (update.status === 'complete') {
        await purgeCredentials(tx, [id], 'completed', actor.id);
      }
    }
    return before.status;
  });
}

/**
 * A paid report request puts a pending connection to work, with an audit line naming the payer;
 * a connection in any other status stays where it is. `tx` is the transaction that records the
 * payment, so the payment and the move commit together or not at all. Returns where the
 * connection is left (null when it is gone) and whether it moved.
 */
export async function startWork(
  tx: Executor,
  connectionId: number,
  actorId: number,
): Promise<{ moved: boolean; status: ConnectionRow['status'] | null }> {
  const [moved] = await tx
    .update(connections)
    .set({ status: 'in_progress', updatedAt: new Date() })
    .where(and(eq(connections.id, connectionId), eq(connections.status, 'pending')))
    .returning({ id: connections.id });
  if (moved) {
    await recordAudit(tx, {
      actorId,
      action: 'connection.status_changed',
      entityType: 'connection',
      entityId: String(connectionId),
      details: { from: 'pending', to: 'in_progress', reason: 'report requested' },
    });
    return { moved: true, status: 'in_progress' };
  }
  const [row] = await tx
    .select({ status: connections.status })
    .from(connections)
    .where(eq(connections.id, connectionId))
    .limit(1);
  return { moved: false, status: row?.status ?? null };
}
