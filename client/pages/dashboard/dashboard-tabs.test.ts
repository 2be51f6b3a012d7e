import { describe, expect, it } from 'vitest';
import { dashboardHref, tabFromSearch } from './dashboard-tabs.ts';

describe('dashboard tab in the URL', () => {
  it('reads the tab, defaulting to My Connections', () => {
    expect(tabFromSearch('')).toBe('connections');
    expect(tabFromSearch('?tab=links')).toBe('links');
    expect(tabFromSearch('tab=billing')).toBe('billing');
    expect(tabFromSearch('tab=admin')).toBe('connections');
  });

  it('writes the tab, keeping other parameters', () => {
    expect(dashboardHref('', 'links')).toBe('/dashboard?tab=links');
    expect(dashboardHref('tab=links', 'connections')).toBe('/dashboard');
    expect(dashboardHref('payment=success', 'billing')).toBe(
      '/dashboard?payment=success&tab=billing',
    );
  });
});
