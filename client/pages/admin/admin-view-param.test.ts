import { describe, expect, it } from 'vitest';
import { adminViewHref, viewIdFromSearch } from './admin-view-param.ts';

const IDS = ['dashboard', 'providers'] as const;

describe('viewIdFromSearch', () => {
  it('reads a known view from the query string, with or without the leading ?', () => {
    expect(viewIdFromSearch('view=providers', IDS)).toBe('providers');
    expect(viewIdFromSearch('?view=providers&x=1', IDS)).toBe('providers');
  });

  it('falls back to the first view when the value is missing or unknown', () => {
    expect(viewIdFromSearch('', IDS)).toBe('dashboard');
    expect(viewIdFromSearch('view=webhooks', IDS)).toBe('dashboard');
    expect(viewIdFromSearch('view=PROVIDERS', IDS)).toBe('dashboard');
    expect(viewIdFromSearch('view=__proto__', IDS)).toBe('dashboard');
  });
});

describe('adminViewHref', () => {
  it('gives the bare path for the default view and a query for the others', () => {
    expect(adminViewHref('dashboard', 'dashboard')).toBe('/admin');
    expect(adminViewHref('providers', 'dashboard')).toBe('/admin?view=providers');
  });

  it('round-trips through viewIdFromSearch', () => {
    const href = adminViewHref('providers', 'dashboard');
    expect(viewIdFromSearch(href.slice(href.indexOf('?')), IDS)).toBe('providers');
  });
});
