import { and, eq, isNull, lt, or } from 'drizzle-orm';
import {
  type ConnectionStatus,
  fileTypeOf,
  type RetrievalSummary,
} from '../../../common/connections.ts';
import type { Db } from '../../db/client.ts';
import { connectionFiles, connections } from '../../db/schema.ts';
import { recordAudit } from '../../lib/audit.ts';
import type { ObjectStore } from '../../lib/storage/index.ts';
import { newObjectKey } from '../objects/service.ts';
import { purgeCredentials } from './credentials.ts';
import type { FileRow } from './mapping.ts';

/** What a walk through the customer's portal brought back (the automation feature's result). */
export type RetrievedDocuments = {
  files: Array<{
    kind: 'bill' | 'interval';
    fileName: string;
    contentType: string;
    bytes: Uint8Array;
    sourcePage: string;
    sha256: string;
  }>;
  bills: number;
  intervalExport: boolean;
  notes: string[];
};

/**
 * The page a file came from, without its query or fragment: portals put session tokens there,
 * and the address is shown to admins and the connection's owner.
 */
export function pageWithoutSecrets(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.origin}${parsed.pathname}`;
  } catch {
    return '';
  }
}

/** A retrieval older than this is taken to have died with its worker. */
const STALE_AFTER_MS = 15 * 60_000;

/**
 * Marks a retrieval as running on this connection; false when one already is (a second worker,
 * or "Retrieve now" pressed while the check runs), so two never walk one portal at once.
 */
export async function claimRetrieval(db: Db, connectionId: number): Promise<boolean> {
  const claimed = await db
    .update(connections)
    .set({ retrievalStartedAt: new Date() })
    .where(
      and(
        eq(connections.id, connectionId),
        or(
          isNull(connections.retrievalStartedAt),
          lt(connections.retrievalStartedAt, new Date(Date.now() - STALE_AFTER_MS)),
        ),
      ),
    )
    .returning({ id: connections.id });
  return claimed.length > 0;
}

export async function releaseRetrieval(db: Db, connectionId: number): Promise<void> {
  await db
    .update(connections)
    .set({ retrievalStartedAt: null })
    .where(eq(connections.id, connectionId));
}

/** The admin's sentence: what was found, and what is left to do by hand. */
function retrievalMessage(found: RetrievedDocuments, completed: boolean): string {
  const parts = [
    `bills found: ${found.bills}${found.bills === 0 ? ' (an admin must upload them)' : ''}`,
    found.intervalExport
      ? 'interval export: found'
      : 'interval export: not found on this portal; an admin must upload it',
  ];
  const notes = found.notes.length > 0 ? ` Notes: ${found.notes.join('; ')}.` : '';
  const done = completed ? ' The connection is complete.' : '';
  return `${parts.join('; ')}.${notes}${done}`;
}

/**
 * Stores what the browser retrieved as files of the connection (with where they came from),
 * skipping any whose content the connection already has, and records the summary. Both a bill
 * and an interval export complete the connection (its login is then purged, as when an admin
 * completes it). Returns the new files and the status move, for the caller's events.
 */
export async function recordRetrieved(
  db: Db,
  store: ObjectStore,
  connectionId: number,
  found: RetrievedDocuments,
): Promise<{ added: FileRow[]; completedFrom: ConnectionStatus | null }> {
  const [row] = await db
    .select({ status: connections.status })
    .from(connections)
    .where(eq(connections.id, connectionId));
  if (!row) return { added: [], completedFrom: null };
  const existing = await db
    .select({ hash: connectionFiles.contentHash })
    .from(connectionFiles)
    .where(eq(connectionFiles.connectionId, connectionId));
  const known = new Set(existing.map((e) => e.hash));
  const fresh = found.files.filter((f) => !known.has(f.sha256));
  // Objects first: a row never points at a file that is not there.
  const keys: string[] = [];
  for (const file of fresh) {
    const key = newObjectKey('connection-file', file.contentType, file.fileName);
    await store.put(key, file.bytes, file.contentType);
    keys.push(key);
  }
  const complete = found.bills > 0 && found.intervalExport && row.status !== 'complete';
  return db.transaction(async (tx) => {
    const t = tx;
    const added =
      fresh.length === 0
        ? []
        : await tx
            .insert(connectionFiles)
            .values(
              fresh.map((file, i) => ({
                connectionId,
                objectKey: keys[i] ?? '',
                fileName: file.fileName,
                fileType: fileTypeOf(file.fileName),
                fileSize: file.bytes.length,
                uploadedBy: null,
                importStatus: 'pending',
                source: 'retrieved' as const,
                sourcePage: pageWithoutSecrets(file.sourcePage) || null,
                contentHash: file.sha256,
              })),
            )
            .returning();
    const summary: RetrievalSummary = {
      at: new Date().toISOString(),
      bills: found.bills,
      intervalExport: found.intervalExport ? 'found' : 'not_found',
      message: retrievalMessage(found, complete || row.status === 'complete'),
    };
    await tx
      .update(connections)
      .set({
        retrieval: summary,
        status: complete ? 'complete' : undefined,
        updatedAt: new Date(),
        retrievalStartedAt: null,
      })
      .where(eq(connections.id, connectionId));
    if (complete) {
      await recordAudit(t, {
        actorId: null,
        action: 'connection.status_changed',
        entityType: 'connection',
        entityId: String(connectionId),
        details: { from: row.status, to: 'complete', by: 'retrieval' },
      });
      await purgeCredentials(t, [connectionId], 'completed', null);
    }
    return { added, completedFrom: complete ? row.status : null };
  });
}
