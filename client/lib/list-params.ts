import { ADMIN_PAGE_SIZE } from '@common/constants.ts';

/**
 * What the admins' paged lists (connections, reports, users) share: filters kept in the URL,
 * read back strictly, and the page counts and words of their pagination.
 */

/** A page number or id from the URL; anything else is null, not sent. */
export function positiveInt(value: string | null): number | null {
  if (!value || !/^\d{1,9}$/.test(value)) return null;
  const n = Number(value);
  return n >= 1 ? n : null;
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A YYYY-MM-DD day from the URL that is a real date; else null. */
export function isoDay(value: string | null): string | null {
  if (!value || !ISO_DAY.test(value)) return null;
  return Number.isNaN(Date.parse(`${value}T00:00:00Z`)) ? null : value;
}

/** A search as typed, no longer than the API reads. */
function searchText(value: string | null): string {
  return (value ?? '').slice(0, 200);
}

/** What every admin list is narrowed and paged by: a search, a provider, and its page. */
export type SearchedList = { search: string; providerId: number | null; page: number };

/** Their names in the URL, next to the shell's own `view`. */
const SEARCHED_LIST_NAMES = {
  search: 'search',
  providerId: 'provider',
  page: 'page',
} as const satisfies Record<keyof SearchedList, string>;

/** The search, provider and page from the URL; anything malformed left out. */
export function readSearchedList(params: URLSearchParams): SearchedList {
  return {
    search: searchText(params.get(SEARCHED_LIST_NAMES.search)),
    providerId: positiveInt(params.get(SEARCHED_LIST_NAMES.providerId)),
    page: positiveInt(params.get(SEARCHED_LIST_NAMES.page)) ?? 1,
  };
}

/** The search, provider and page as the URL keeps them; defaults left out. */
function searchedListValues(list: SearchedList): Record<keyof SearchedList, string | null> {
  return {
    search: searchParam(list.search),
    providerId: list.providerId === null ? null : String(list.providerId),
    page: pageParam(list.page),
  };
}

/**
 * The query string with a list's search, provider and page, and its own filters (`names`,
 * `values`), keeping other parameters (the shell's `view`); a null value leaves it out.
 */
export function writeSearchedList<K extends string>(
  previous: URLSearchParams,
  list: SearchedList,
  names: Record<K, string>,
  values: Record<K, string | null>,
): URLSearchParams {
  return writeParams(
    previous,
    { ...SEARCHED_LIST_NAMES, ...names },
    { ...searchedListValues(list), ...values },
  );
}

/**
 * The query string with a list's values under their URL names, keeping other parameters (the
 * shell's `view`); a null value leaves its parameter out.
 */
export function writeParams<K extends string>(
  previous: URLSearchParams,
  names: Record<K, string>,
  values: Record<K, string | null>,
): URLSearchParams {
  const next = new URLSearchParams(previous);
  for (const key of Object.keys(names) as K[]) {
    const value = values[key];
    if (value === null) next.delete(names[key]);
    else next.set(names[key], value);
  }
  return next;
}

/** A search kept as typed (a trailing space included), so the box and the URL agree. */
export function searchParam(search: string): string | null {
  return search.trim() ? search : null;
}

/** The page in the URL, page 1 left out. */
function pageParam(page: number): string | null {
  return page > 1 ? String(page) : null;
}

/**
 * Whether a list is narrowed beyond its defaults, its page aside (then "Clear filters" is
 * offered). A search of spaces narrows nothing.
 */
export function narrows<L extends { search: string; page: number }>(list: L, defaults: L): boolean {
  return (Object.keys(defaults) as (keyof L)[]).some((key) => {
    if (key === 'page') return false;
    const value = key === 'search' ? list.search.trim() : list[key];
    return value !== defaults[key];
  });
}

export type PageInfo = { total: number; totalCapped: boolean; page: number; pageSize?: number };

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
