/** The dashboard keeps its tab in the URL (`/dashboard?tab=links`), so reload keeps it. */
export const DASHBOARD_TABS = [
  { id: 'connections', label: 'My Connections' },
  { id: 'links', label: 'Customer Links' },
  { id: 'billing', label: 'Usage & Billing' },
  { id: 'account', label: 'Account & API' },
] as const;

export type DashboardTab = (typeof DASHBOARD_TABS)[number]['id'];

const TAB_PARAM = 'tab';

/** The tab named in the query string when there is one, else My Connections. */
export function tabFromSearch(search: string): DashboardTab {
  const wanted = new URLSearchParams(search).get(TAB_PARAM);
  return DASHBOARD_TABS.find(({ id }) => id === wanted)?.id ?? 'connections';
}

/** The dashboard address showing `tab`, keeping the other query parameters. */
export function dashboardHref(search: string, tab: DashboardTab): string {
  const params = new URLSearchParams(search);
  if (tab === 'connections') params.delete(TAB_PARAM);
  else params.set(TAB_PARAM, tab);
  const query = params.toString();
  return query ? `/dashboard?${query}` : '/dashboard';
}
