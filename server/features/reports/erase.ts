import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { reports } from '../../db/schema.ts';
import type { ObjectStore } from '../../lib/storage/index.ts';

/**
 * Removes every report version of a deleted account: all each connection's reports stored under
 * its folder (a build's half-written files too), then the rows. A run cut short and run again
 * finds the rest, since the rows go last.
 */
export async function eraseReportsOf(
  { db, store }: { db: Db; store: Pick<ObjectStore, 'list' | 'delete'> },
  userId: number,
): Promise<void> {
  const rows = await db
    .selectDistinct({ connectionId: reports.connectionId })
    .from(reports)
    .where(eq(reports.userId, userId));
  for (const { connectionId } of rows) {
    const keys: string[] = [];
    for await (const object of store.list(`reports/${connectionId}/`)) keys.push(object.key);
    for (const key of keys) await store.delete(key);
  }
  await db.delete(reports).where(eq(reports.userId, userId));
}
