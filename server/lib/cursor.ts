import { and, desc, eq, lt, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { PageQuery } from '../../common/pagination.ts';
import { badRequest } from './errors.ts';

/** A position in a newest-first list: the last row's creation time (ms) and id. */
export type Cursor = { createdAt: Date; id: number };

/** What a paginated query needs: where to start, and how many rows. */
export type Page = { after: Cursor | undefined; limit: number };

function encodeCursor(row: { createdAt: Date; id: number }): string {
  return Buffer.from(`${row.createdAt.getTime()}.${row.id}`).toString('base64url');
}

/**
 * The last millisecond of year 9999. Later times are written with a six-digit year that
 * PostgreSQL cannot read back, and no row was created after it.
 */
const LAST_CURSOR_MS = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

function decodeCursor(value: string): Cursor {
  const match = /^(\d{1,15})\.(\d{1,10})$/.exec(Buffer.from(value, 'base64url').toString());
  const ms = Number(match?.[1]);
  const id = Number(match?.[2]);
  if (!match || ms > LAST_CURSOR_MS || id < 1 || id > 2_147_483_647) {
    throw badRequest('Invalid cursor');
  }
  return { createdAt: new Date(ms), id };
}

/**
 * The page a query asks for. Without a cursor or limit the list keeps what it always answered
 * (up to `defaultLimit`, the dashboard's list).
 */
export function pageOf(query: PageQuery, defaultLimit: number): Page {
  return {
    after: query.cursor === undefined ? undefined : decodeCursor(query.cursor),
    limit: query.limit ?? defaultLimit,
  };
}

/**
 * Newest-first order and the "after the cursor" condition on (created_at, id). Timestamps are
 * compared at millisecond precision, the cursor's, so a row stored with microseconds is neither
 * skipped nor repeated between pages.
 */
export function keyset(createdAt: AnyPgColumn, id: AnyPgColumn, after: Cursor | undefined) {
  const at = sql`date_trunc('milliseconds', ${createdAt})`;
  const since = after && sql`${after.createdAt.toISOString()}::timestamptz`;
  const where: SQL | undefined =
    after && since ? or(lt(at, since), and(eq(at, since), lt(id, after.id))) : undefined;
  return { where, orderBy: [desc(at), desc(id)] };
}

/** Fetch `limit + 1` rows; this cuts the extra one off and says where the next page starts. */
export function pageResult<T>(
  rows: T[],
  limit: number,
  position: (row: T) => { createdAt: Date; id: number },
): { items: T[]; nextCursor: string | null } {
  if (rows.length <= limit) return { items: rows, nextCursor: null };
  const items = rows.slice(0, limit);
  const last = items[items.length - 1];
  return { items, nextCursor: last ? encodeCursor(position(last)) : null };
}
