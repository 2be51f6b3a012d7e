import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { auditLog } from '../db/schema.ts';

/** One line of the audit log: who did what to which row, and from where. */
export type AuditEntry = {
  actorId: number | null;
  action: string;
  entityType: string;
  entityId: string;
  details?: Record<string, unknown>;
  ip?: string;
};

/**
 * The audit log is written only here, by any feature that must record who did what (status
 * changes, credential reveals and purges, and later admin actions on users). Pass the
 * transaction of the change so the line and the change land together.
 */
export async function recordAudit(db: Db, entries: AuditEntry | AuditEntry[]): Promise<void> {
  const list = Array.isArray(entries) ? entries : [entries];
  if (list.length === 0) return;
  await db.insert(auditLog).values(list);
}

/**
 * Clears the details of every line about one row (a deleted account's: the old and new email,
 * the business name): who did what, and when, stays; what it said about the person goes.
 */
export async function clearAuditDetails(
  db: Db,
  entityType: string,
  entityId: string,
): Promise<void> {
  await db
    .update(auditLog)
    .set({ details: null })
    .where(and(eq(auditLog.entityType, entityType), eq(auditLog.entityId, entityId)));
}
