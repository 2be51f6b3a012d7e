import { CONNECTION_STATUSES, type ConnectionStatus } from '@common/connections.ts';
import { narrows, readSearchedList, writeSearchedList } from '@/lib/list-params.ts';

/** The status filter's choices, in the order shown; the view opens on complete (those have reports). */
export const REPORT_STATUS_FILTERS = ['complete', 'in_progress', 'pending', 'all'] as const;
export type ReportStatusFilter = ConnectionStatus | 'all';
const DEFAULT_REPORT_STATUS: ReportStatusFilter = 'complete';

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

/** The URL's name for the Utility Reports view's own filter, next to the search and page. */
const KEYS = { status: 'status' } as const;

function statusFilter(value: string | null): ReportStatusFilter {
  if (value === 'all') return 'all';
  return CONNECTION_STATUSES.find((status) => status === value) ?? DEFAULT_REPORT_STATUS;
}

/** Reads the filters from the query string; anything malformed falls back to its default. */
export function readReportListParams(params: URLSearchParams): ReportListParams {
  return { ...readSearchedList(params), status: statusFilter(params.get(KEYS.status)) };
}

/** The query string with these filters, keeping other parameters; defaults are left out. */
export function writeReportListParams(
  previous: URLSearchParams,
  list: ReportListParams,
): URLSearchParams {
  return writeSearchedList(previous, list, KEYS, {
    status: list.status === DEFAULT_REPORT_STATUS ? null : list.status,
  });
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
  return narrows(list, DEFAULT_REPORT_LIST);
}
