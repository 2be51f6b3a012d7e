import { CONNECTION_STATUSES, type ConnectionStatus } from '@common/connections.ts';

/** The status filter's choices, in the order shown; the view opens on complete (SPEC section 2). */
export const REPORT_STATUS_FILTERS = ['complete', 'in_progress', 'pending', 'all'] as const;
export type ReportStatusFilter = ConnectionStatus | 'all';
export const DEFAULT_REPORT_STATUS: ReportStatusFilter = 'complete';

export const REPORT_STATUS_LABELS: Record<ReportStatusFilter, string> = {
  complete: 'Complete',
  in_progress: 'In progress',
  pending: 'Pending',
  all: 'All statuses',
};

/** The Utility Reports view's filters and page, kept in the URL so a reload keeps them. */
export type ReportListParams = {
  search: string;
  providerId: number | null;
  status: ReportStatusFilter;
  page: number;
};

export const DEFAULT_REPORT_LIST: ReportListParams = {
  search: '',
  providerId: null,
  status: DEFAULT_REPORT_STATUS,
  page: 1,
};

/** The URL's names for the fields, next to the shell's own `view`. */
const KEYS = {
  search: 'search',
  providerId: 'provider',
  status: 'status',
  page: 'page',
} as const satisfies Record<keyof ReportListParams, string>;

function positiveInt(value: string | null): number | null {
  if (!value || !/^\d{1,9}$/.test(value)) return null;
  const n = Number(value);
  return n >= 1 ? n : null;
}

function statusFilter(value: string | null): ReportStatusFilter {
  if (value === 'all') return 'all';
  return CONNECTION_STATUSES.find((status) => status === value) ?? DEFAULT_REPORT_STATUS;
}

/** Reads the filters from the query string; anything malformed falls back to its default. */
export function readReportListParams(params: URLSearchParams): ReportListParams {
  return {
    search: (params.get(KEYS.search) ?? '').slice(0, 200),
    providerId: positiveInt(params.get(KEYS.providerId)),
    status: statusFilter(params.get(KEYS.status)),
    page: positiveInt(params.get(KEYS.page)) ?? 1,
  };
}

/** The query string with these filters, keeping other parameters; defaults are left out. */
export function writeReportListParams(
  previous: URLSearchParams,
  list: ReportListParams,
): URLSearchParams {
  const next = new URLSearchParams(previous);
  const values: Record<keyof ReportListParams, string | null> = {
    // Kept as typed (a trailing space included), so the box and the URL agree while typing.
    search: list.search.trim() ? list.search : null,
    providerId: list.providerId === null ? null : String(list.providerId),
    status: list.status === DEFAULT_REPORT_STATUS ? null : list.status,
    page: list.page > 1 ? String(list.page) : null,
  };
  for (const key of Object.keys(KEYS) as (keyof ReportListParams)[]) {
    const value = values[key];
    if (value === null) next.delete(KEYS[key]);
    else next.set(KEYS[key], value);
  }
  return next;
}

/**
 * The API's query string for GET /api/reports. The status is always sent, `all` included:
 * the server's own default (complete) must not decide what "All statuses" shows.
 */
export function reportsQueryString(list: ReportListParams): string {
  const query = new URLSearchParams();
  const search = list.search.trim();
  if (search) query.set('search', search);
  if (list.providerId !== null) query.set('providerId', String(list.providerId));
  query.set('status', list.status);
  if (list.page > 1) query.set('page', String(list.page));
  return `?${query}`;
}

/** Whether the list is narrowed beyond the view's defaults (then "Clear filters" is offered). */
export function hasReportFilters(list: ReportListParams): boolean {
  return (
    list.search.trim() !== '' || list.providerId !== null || list.status !== DEFAULT_REPORT_STATUS
  );
}
