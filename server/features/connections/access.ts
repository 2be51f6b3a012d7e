import { and, eq, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { connections } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';
import type { UserRow } from '../users/service.ts';
import type { ConnectionRow } from './mapping.ts';

/** Who is asking: admins reach every connection, users only their own. */
export type Viewer = Pick<UserRow, 'id' | 'role'>;

export const ownedBy = (viewer: Viewer): SQL | undefined =>
  viewer.role === 'admin' ? undefined : eq(connections.userId, viewer.id);

/** One connection row, or 404 when it does not exist or belongs to someone else. */
export async function findConnectionRow(
  db: Executor,
  id: number,
  viewer: Viewer,
): Promise<ConnectionRow> {
  const [row] = await db
    .select()
    .from(connections)
    .where(and(eq(connections.id, id), ownedBy(viewer)))
    .limit(1);
  if (!row) throw notFound('Connection not found');
  return row;
}
