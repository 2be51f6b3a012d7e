import { and, count, desc, eq, gte, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Connection, ConnectionPage, ConnectionQuery } from '../../../common/connections.ts';
import { ADMIN_PAGE_SIZE } from '../../../common/constants.ts';
import type { Db } from '../../db/client.ts';
import { connectionFiles, connections, providers, users } from '../../db/schema.ts';
import { keyset, type Page, pageResult } from '../../lib/cursor.ts';
import { notFound } from '../../lib/errors.ts';
import { findConnectionRow, ownedBy, type Viewer } from './access.ts';
import { type ConnectionRow, forOwner, toConnection } from './mapping.ts';

/** Past this many matches the admin list reports "1,000+" rather than counting them all. */
const TOTAL_CAP = 1000;

/** Who reads the connections: admins get the technical wording, owners the plain one. */
type Audience = 'admin' | 'owner';
const audienceOf = (viewer: Viewer): Audience => (viewer.role === 'admin' ? 'admin' : 'owner');

/** Loads provider, owner and files for a set of connection rows, in their order. */
async function hydrate(db: Db, rows: ConnectionRow[], audience: Audience): Promise<Connection[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [providerRows, userRows, fileRows] = await Promise.all([
    db
      .select({ id: providers.id, name: providers.name, state: providers.state })
      .from(providers)
      .where(inArray(providers.id, [...new Set(rows.map((r) => r.providerId))])),
    db
      .select({ id: users.id, username: users.username })
      .from(users)
      .where(inArray(users.id, [...new Set(rows.map((r) => r.userId))])),
    db
      .select()
      .from(connectionFiles)
      .where(inArray(connectionFiles.connectionId, ids))
      .orderBy(connectionFiles.createdAt, connectionFiles.id),
  ]);
  const providerById = new Map(providerRows.map((p) => [p.id, p]));
  const userById = new Map(userRows.map((u) => [u.id, u]));
  return rows.map((row) => {
    const connection = toConnection(
      row,
      providerById.get(row.providerId) ?? { id: row.providerId, name: 'Unknown', state: '' },
      userById.get(row.userId) ?? { id: row.userId, username: 'Unknown' },
      fileRows.filter((f) => f.connectionId === row.id),
    );
    return audience === 'admin' ? connection : forOwner(connection);
  });
}

/** The text an admin search looks in: customer, account and (by id) owner and provider. */
const customerSearchText = sql`lower(coalesce(${connections.customerName}, '') || ' ' || coalesce(${connections.customerEmail}, '') || ' ' || coalesce(${connections.accountName}, '') || ' ' || coalesce(${connections.accountNumber}, ''))`;

const likePattern = (term: string) => `%${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Matches the term in the customer and account fields (trigram index), or by owner username or
 * provider name. Owners and providers are looked up first: as plain id lists the planner can
 * combine all three indexes, where subqueries inside the OR made it read every row.
 */
async function searchFilter(db: Db, term: string): Promise<SQL | undefined> {
  const pattern = likePattern(term);
  const [owners, matchingProviders] = await Promise.all([
    db.select({ id: users.id }).from(users).where(sql`lower(${users.username}) like ${pattern}`),
    db
      .select({ id: providers.id })
      .from(providers)
      .where(sql`lower(${providers.name}) like ${pattern}`),
  ]);
  return or(
    sql`${customerSearchText} like ${pattern}`,
    owners.length
      ? inArray(
          connections.userId,
          owners.map((o) => o.id),
        )
      : undefined,
    matchingProviders.length
      ? inArray(
          connections.providerId,
          matchingProviders.map((p) => p.id),
        )
      : undefined,
  );
}

export async function listConnections(db: Db, query: ConnectionQuery): Promise<ConnectionPage> {
  const filters = and(
    query.search ? await searchFilter(db, query.search) : undefined,
    query.providerId ? eq(connections.providerId, query.providerId) : undefined,
    query.status ? eq(connections.status, query.status) : undefined,
    query.from ? gte(connections.createdAt, new Date(`${query.from}T00:00:00Z`)) : undefined,
    query.to
      ? lt(connections.createdAt, new Date(Date.parse(`${query.to}T00:00:00Z`) + 86_400_000))
      : undefined,
  );
  const [rows, counted] = await Promise.all([
    db
      .select()
      .from(connections)
      .where(filters)
      .orderBy(desc(connections.createdAt), desc(connections.id))
      .limit(ADMIN_PAGE_SIZE)
      .offset((query.page - 1) * ADMIN_PAGE_SIZE),
    // Counting a broad match means reading every matching row; past the cap the page says
    // "N+" instead, which keeps every search fast on a large table.
    db.select({ n: count() }).from(
      db
        .select({ one: sql`1` })
        .from(connections)
        .where(filters)
        .limit(TOTAL_CAP + 1)
        .as('capped'),
    ),
  ]);
  const n = counted[0]?.n ?? 0;
  return {
    items: await hydrate(db, rows, 'admin'),
    total: Math.min(n, TOTAL_CAP),
    totalCapped: n > TOTAL_CAP,
    page: query.page,
    pageSize: ADMIN_PAGE_SIZE,
  };
}

/** The newest connections a viewer may see (the dashboards' recent lists and My Connections). */
/** A viewer's connections, newest first, one page at a time (My Connections, the API). */
export async function latestConnections(db: Db, viewer: Viewer, page: Page) {
  const { where, orderBy } = keyset(connections.createdAt, connections.id, page.after);
  const rows = await db
    .select()
    .from(connections)
    .where(and(ownedBy(viewer), where))
    .orderBy(...orderBy)
    .limit(page.limit + 1);
  const { items, nextCursor } = pageResult(rows, page.limit, (row) => row);
  return { connections: await hydrate(db, items, audienceOf(viewer)), nextCursor };
}

export async function getConnection(db: Db, id: number, viewer: Viewer): Promise<Connection> {
  const [connection] = await hydrate(
    db,
    [await findConnectionRow(db, id, viewer)],
    audienceOf(viewer),
  );
  if (!connection) throw notFound('Connection not found');
  return connection;
}
