import { CONNECTION_STATUSES, type ConnectionStatus } from '@common/connections.ts';
import { isoDay, narrows, readSearchedList, writeSearchedList } from '@/lib/list-params.ts';

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

/** The URL's names for the Connections view's own filters, next to the search and page. */
const KEYS = { status: 'status', from: 'from', to: 'to' } as const;

/** Reads the filters from the query string; anything malformed is left out, not sent. */
export function readListParams(params: URLSearchParams): ListParams {
  const status = params.get(KEYS.status);
  return {
    ...readSearchedList(params),
    status: CONNECTION_STATUSES.find((s) => s === status) ?? null,
    from: isoDay(params.get(KEYS.from)),
    to: isoDay(params.get(KEYS.to)),
  };
}

/** The query string with these filters, keeping other parameters (the shell's `view`). */
export function writeListParams(previous: URLSearchParams, list: ListParams): URLSearchParams {
  return writeSearchedList(previous, list, KEYS, {
    status: list.status,
    from: list.from,
    to: list.to,
  });
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
  return narrows(list, EMPTY_LIST_PARAMS);
}
