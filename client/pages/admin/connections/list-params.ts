import { CONNECTION_STATUSES, type ConnectionStatus } from '@common/connections.ts';
import { ADMIN_PAGE_SIZE } from '@common/constants.ts';

/** The Connections view's filters and page, as kept in the URL so a reload keeps them. */
export type ListParams = {
  search: string;
  providerId: number | null;
  status: ConnectionStatus | null;
  /** YYYY-MM-DD, created on or after / on or before (UTC days). */
  from: string | null;
  to: string | null;
  page: number;
};

export const EMPTY_LIST_PARAMS: ListParams = {
  search: '',
  providerId: null,
  status: null,
  from: null,
  to: null,
  page: 1,
};

/** The URL's names for the fields, next to the shell's own `view`. */
const KEYS = {
  search: 'search',
  providerId: 'provider',
  status: 'status',
  from: 'from',
  to: 'to',
  page: 'page',
} as const satisfies Record<keyof ListParams, string>;

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

function positiveInt(value: string | null): number | null {
  if (!value || !/^\d{1,9}$/.test(value)) return null;
  const n = Number(value);
  return n >= 1 ? n : null;
}

function isoDay(value: string | null): string | null {
  if (!value || !ISO_DAY.test(value)) return null;
  return Number.isNaN(Date.parse(`${value}T00:00:00Z`)) ? null : value;
}

/** Reads the filters from the query string; anything malformed is left out, not sent. */
export function readListParams(params: URLSearchParams): ListParams {
  const status = params.get(KEYS.status);
  return {
    search: (params.get(KEYS.search) ?? '').slice(0, 200),
    providerId: positiveInt(params.get(KEYS.providerId)),
    status: CONNECTION_STATUSES.find((s) => s === status) ?? null,
    from: isoDay(params.get(KEYS.from)),
    to: isoDay(params.get(KEYS.to)),
    page: positiveInt(params.get(KEYS.page)) ?? 1,
  };
}

/** The query string with these filters, keeping other parameters (the shell's `view`). */
export function writeListParams(previous: URLSearchParams, list: ListParams): URLSearchParams {
  const next = new URLSearchParams(previous);
  const values: Record<keyof ListParams, string | null> = {
    // Kept as typed (a trailing space included), so the box and the URL agree while typing.
    search: list.search.trim() ? list.search : null,
    providerId: list.providerId === null ? null : String(list.providerId),
    status: list.status,
    from: list.from,
    to: list.to,
    page: list.page > 1 ? String(list.page) : null,
  };
  for (const key of Object.keys(KEYS) as (keyof ListParams)[]) {
    const value = values[key];
    if (value === null) next.delete(KEYS[key]);
    else next.set(KEYS[key], value);
  }
  return next;
}

/** The API's query string for GET /api/connections (empty filters left out). */
export function connectionsQueryString(list: ListParams): string {
  const query = new URLSearchParams();
  if (list.search.trim()) query.set('search', list.search.trim());
  if (list.providerId !== null) query.set('providerId', String(list.providerId));
  if (list.status) query.set('status', list.status);
  if (list.from) query.set('from', list.from);
  if (list.to) query.set('to', list.to);
  if (list.page > 1) query.set('page', String(list.page));
  const text = query.toString();
  return text ? `?${text}` : '';
}

export function hasFilters(list: ListParams): boolean {
  return (
    list.search.trim() !== '' ||
    list.providerId !== null ||
    list.status !== null ||
    list.from !== null ||
    list.to !== null
  );
}

type PageInfo = { total: number; totalCapped: boolean; page: number; pageSize?: number };

const integer = new Intl.NumberFormat('en-US');

/** "Showing 11 to 20 of 35 results"; "of 1,000+ results" when the server stopped counting. */
export function paginationText({
  total,
  totalCapped,
  page,
  pageSize = ADMIN_PAGE_SIZE,
}: PageInfo): string {
  if (total === 0) return 'No results';
  const first = (page - 1) * pageSize + 1;
  const last = totalCapped ? page * pageSize : Math.min(page * pageSize, total);
  const of = `${integer.format(total)}${totalCapped ? '+' : ''}`;
  return `Showing ${integer.format(first)} to ${integer.format(last)} of ${of} result${
    total === 1 && !totalCapped ? '' : 's'
  }`;
}

/** How many pages the total fills (at least the current one when the total was capped). */
export function pageCount({ total, totalCapped, page, pageSize = ADMIN_PAGE_SIZE }: PageInfo) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return totalCapped ? Math.max(pages, page + 1) : pages;
}

/**
 * The page buttons to show: the first, the last, and the current one with a neighbour on each
 * side; null marks a gap ("…"). `[1, null, 4, 5, 6, null, 12]`.
 */
export function pageWindow(current: number, pages: number): (number | null)[] {
  const wanted = new Set([1, pages, current - 1, current, current + 1]);
  const sorted = [...wanted].filter((p) => p >= 1 && p <= pages).sort((a, b) => a - b);
  const out: (number | null)[] = [];
  for (const p of sorted) {
    const previous = out[out.length - 1];
    if (typeof previous === 'number' && p - previous === 2) out.push(previous + 1);
    else if (typeof previous === 'number' && p - previous > 2) out.push(null);
    out.push(p);
  }
  return out;
}
