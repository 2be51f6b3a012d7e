import { describe, expect, it } from 'vitest';
import {
  connectionsQueryString,
  EMPTY_LIST_PARAMS,
  hasFilters,
  readListParams,
  writeListParams,
} from './list-params.ts';

describe('readListParams', () => {
  it('reads every filter and the page from the URL', () => {
    const params = new URLSearchParams(
      'view=connections&search=Dana&provider=7&status=in_progress&from=2024-01-01&to=2024-12-31&page=3',
    );
    expect(readListParams(params)).toEqual({
      search: 'Dana',
      providerId: 7,
      status: 'in_progress',
      from: '2024-01-01',
      to: '2024-12-31',
      page: 3,
    });
  });

  it('drops what is malformed instead of sending it', () => {
    const params = new URLSearchParams(
      'provider=abc&status=done&from=2024-13-45&to=yesterday&page=0',
    );
    expect(readListParams(params)).toEqual(EMPTY_LIST_PARAMS);
    expect(readListParams(new URLSearchParams('page=-2&provider=0'))).toEqual(EMPTY_LIST_PARAMS);
  });
});

describe('writeListParams', () => {
  it("keeps the shell's view and leaves defaults out of the URL", () => {
    const previous = new URLSearchParams('view=connections&page=4&status=complete');
    const next = writeListParams(previous, { ...EMPTY_LIST_PARAMS, search: 'Lee ' });
    expect(next.toString()).toBe('view=connections&search=Lee+');
  });

  it('round-trips through readListParams', () => {
    const list = {
      search: 'acme',
      providerId: 2,
      status: 'pending' as const,
      from: '2025-01-01',
      to: null,
      page: 2,
    };
    expect(readListParams(writeListParams(new URLSearchParams(), list))).toEqual(list);
  });
});

describe('connectionsQueryString', () => {
  it("names the API's parameters and leaves empty ones out", () => {
    expect(connectionsQueryString(EMPTY_LIST_PARAMS)).toBe('');
    expect(
      connectionsQueryString({
        search: '  Dana Lee ',
        providerId: 3,
        status: 'complete',
        from: '2024-02-01',
        to: '2024-02-29',
        page: 2,
      }),
    ).toBe('?search=Dana+Lee&providerId=3&status=complete&from=2024-02-01&to=2024-02-29&page=2');
  });

  it('knows when any filter is set', () => {
    expect(hasFilters(EMPTY_LIST_PARAMS)).toBe(false);
    expect(hasFilters({ ...EMPTY_LIST_PARAMS, page: 5 })).toBe(false);
    expect(hasFilters({ ...EMPTY_LIST_PARAMS, search: '   ' })).toBe(false);
    expect(hasFilters({ ...EMPTY_LIST_PARAMS, to: '2024-01-01' })).toBe(true);
  });
});
