import { eq, inArray } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { connectionFiles, connections } from '../../db/schema.ts';
import type { ObjectStore } from '../../lib/storage/index.ts';

/**
 * Removes every connection of a deleted account: the files' objects first, then the rows, whose
 * deletion takes everything under them (files, interval and gas series, the sealed credentials
 * and portal session, code requests, the customer's check page and fix links). Objects go first
 * so that a run cut short and run again still finds their keys; deleting a missing object is
 * harmless. Returns the ids of the connections removed.
 */
export async function eraseConnectionsOf(
  { db, store }: { db: Db; store: Pick<ObjectStore, 'delete'> },
  userId: number,
): Promise<number[]> {
  const ids = await connectionIdsOf(db, userId);
  if (ids.length === 0) return [];
  const files = await db
    .select({ key: connectionFiles.objectKey })
    .from(connectionFiles)
    .where(inArray(connectionFiles.connectionId, ids));
  for (const file of files) await store.delete(file.key);
  await db.delete(connections).where(inArray(connections.id, ids));
  return ids;
}

export async function connectionIdsOf(db: Executor, userId: number): Promise<number[]> {
  const rows = await db
    .select({ id: connections.id })
    .from(connections)
    .where(eq(connections.userId, userId));
  return rows.map((row) => row.id);
}
