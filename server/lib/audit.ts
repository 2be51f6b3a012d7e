import { type Placeholder, type SQL, sql } from 'drizzle-orm';
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
 * The same line as part of a one-statement change: an insert, for a `with` clause, of one line
 * per row the named earlier part returns (its `id` column is the entity id). The change and its
 * lines then commit together without a transaction of several statements.
 */
export function auditEachRowOf(
  part: string,
  entry: Omit<AuditEntry, 'entityId' | 'actorId'> & { actorId: number | null | Placeholder },
): SQL {
  return sql`insert into ${auditLog} (actor_id, action, entity_type, entity_id, details, ip)
    select ${entry.actorId}::integer, ${entry.action}::text, ${entry.entityType}::text,
      id::text, ${entry.details ? JSON.stringify(entry.details) : null}::jsonb, ${entry.ip ?? null}::text
    from ${sql.identifier(part)}`;
}
