import { and, eq } from 'drizzle-orm';
import type { ConnectionUpdate } from '../../../common/connections.ts';
import type { Db } from '../../db/client.ts';
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
    const t = tx as unknown as Db;
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
 * A paid report request moves a pending connection to in_progress: one conditional update (a
 * connection already further along is left alone), recorded like an admin's change. Returns
 * whether it moved.
 */
export async function startWork(db: Db, id: number, actorId: number): Promise<boolean> {
  const moved = await db
    .update(connections)
    .set({ status: 'in_progress', updatedAt: new Date() })
    .where(and(eq(connections.id, id), eq(connections.status, 'pending')))
    .returning({ id: connections.id });
  if (moved.length === 0) return false;
  await recordAudit(db, {
    actorId,
    action: 'connection.status_changed',
    entityType: 'connection',
    entityId: String(id),
    details: { from: 'pending', to: 'in_progress', reason: 'report requested' },
  });
  return true;
}
