import { describe, expect, it } from 'vitest';
import {
  isoDay,
  narrows,
  pageCount,
  pageWindow,
  paginationText,
  positiveInt,
  readSearchedList,
  searchParam,
  writeParams,
  writeSearchedList,
} from './list-params.ts';

describe('the search, provider and page of a list', () => {
  it('round-trip through the URL with the list’s own filters, defaults left out', () => {
    const list = { search: 'Lee ', providerId: 3, page: 2 };
    const url = writeSearchedList(
      new URLSearchParams('view=reports'),
      list,
      { status: 'status' },
      {
        status: 'all',
      },
    );
    expect(url.toString()).toBe('view=reports&search=Lee+&provider=3&page=2&status=all');
    expect(readSearchedList(url)).toEqual(list);
    const cleared = writeSearchedList(url, { search: ' ', providerId: null, page: 1 }, {}, {});
    expect(cleared.toString()).toBe('view=reports&status=all');
  });
});

describe('narrows', () => {
  const defaults = { search: '', status: 'complete', page: 1 };

  it('counts a filter away from its default, not the page or a search of spaces', () => {
    expect(narrows({ ...defaults, page: 3 }, defaults)).toBe(false);
    expect(narrows({ ...defaults, search: '   ' }, defaults)).toBe(false);
    expect(narrows({ ...defaults, search: 'acme' }, defaults)).toBe(true);
    expect(narrows({ ...defaults, status: 'all' }, defaults)).toBe(true);
  });
});

describe('values read from the URL', () => {
  it('takes positive whole numbers and real days only', () => {
    expect(positiveInt('12')).toBe(12);
    expect([positiveInt('0'), positiveInt('-3'), positiveInt('1.5'), positiveInt(null)]).toEqual([
      null,
      null,
      null,
      null,
    ]);
    expect(isoDay('2024-02-29')).toBe('2024-02-29');
    expect([isoDay('2024-13-45'), isoDay('yesterday'), isoDay(null)]).toEqual([null, null, null]);
  });

  it("writes a list's values, keeping other parameters and leaving empty ones out", () => {
    const next = writeParams(
      new URLSearchParams('view=reports&page=4'),
      { search: 'search', page: 'page' },
      { search: searchParam('Lee '), page: null },
    );
    expect(next.toString()).toBe('view=reports&search=Lee+');
    expect(searchParam('   ')).toBeNull();
  });
});

describe('paginationText', () => {
  it('says which rows of how many are shown', () => {
    expect(paginationText({ total: 35, totalCapped: false, page: 1 })).toBe(
      'Showing 1 to 10 of 35 results',
    );
    expect(paginationText({ total: 35, totalCapped: false, page: 4 })).toBe(
      'Showing 31 to 35 of 35 results',
    );
    expect(paginationText({ total: 1, totalCapped: false, page: 1 })).toBe(
      'Showing 1 to 1 of 1 result',
    );
  });

  it('marks a capped total with a plus', () => {
    expect(paginationText({ total: 1000, totalCapped: true, page: 1 })).toBe(
      'Showing 1 to 10 of 1,000+ results',
    );
    expect(paginationText({ total: 1000, totalCapped: true, page: 120 })).toBe(
      'Showing 1,191 to 1,200 of 1,000+ results',
    );
  });

  it('has no range when nothing matched', () => {
    expect(paginationText({ total: 0, totalCapped: false, page: 1 })).toBe('No results');
  });
});

describe('pageCount and pageWindow', () => {
  it('counts pages, and one more while the server has not counted them all', () => {
    expect(pageCount({ total: 0, totalCapped: false, page: 1 })).toBe(1);
    expect(pageCount({ total: 10, totalCapped: false, page: 1 })).toBe(1);
    expect(pageCount({ total: 11, totalCapped: false, page: 1 })).toBe(2);
    expect(pageCount({ total: 1000, totalCapped: true, page: 100 })).toBe(101);
  });

  it('shows the ends and the neighbours of the current page, with gaps', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(5, 12)).toEqual([1, null, 4, 5, 6, null, 12]);
    expect(pageWindow(3, 12)).toEqual([1, 2, 3, 4, null, 12]);
    expect(pageWindow(12, 12)).toEqual([1, null, 11, 12]);
  });
});
