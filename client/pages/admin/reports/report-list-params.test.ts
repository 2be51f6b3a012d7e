import { describe, expect, it } from 'vitest';
import {
  DEFAULT_REPORT_LIST,
  hasReportFilters,
  readReportListParams,
  reportsQueryString,
  writeReportListParams,
} from './report-list-params.ts';

describe('Utility Reports filters in the URL', () => {
  it('open on complete connections, page 1', () => {
    expect(readReportListParams(new URLSearchParams('view=reports'))).toEqual(DEFAULT_REPORT_LIST);
    expect(DEFAULT_REPORT_LIST.status).toBe('complete');
  });

  it('survive a round trip and keep the shell’s own parameters', () => {
    const list = { search: 'acme', providerId: 4, status: 'all' as const, page: 3 };
    const url = writeReportListParams(new URLSearchParams('view=reports'), list);
    expect(url.get('view')).toBe('reports');
    expect(readReportListParams(url)).toEqual(list);
    expect(writeReportListParams(url, DEFAULT_REPORT_LIST).toString()).toBe('view=reports');
  });

  it('fall back to the defaults on anything malformed', () => {
    expect(
      readReportListParams(new URLSearchParams('status=nope&provider=-1&page=0&search=x')),
    ).toEqual({ ...DEFAULT_REPORT_LIST, search: 'x' });
  });

  it('always send the status, so "All statuses" is not the server’s default (complete)', () => {
    expect(reportsQueryString({ ...DEFAULT_REPORT_LIST, status: 'all' })).toBe('?status=all');
    expect(reportsQueryString({ search: ' bob ', providerId: 2, status: 'pending', page: 2 })).toBe(
      '?search=bob&providerId=2&status=pending&page=2',
    );
  });

  it('count only real narrowing as a filter', () => {
    expect(hasReportFilters(DEFAULT_REPORT_LIST)).toBe(false);
    expect(hasReportFilters({ ...DEFAULT_REPORT_LIST, search: '  ' })).toBe(false);
    expect(hasReportFilters({ ...DEFAULT_REPORT_LIST, status: 'all' })).toBe(true);
  });
});
