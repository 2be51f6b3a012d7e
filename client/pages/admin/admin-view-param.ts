/** The admin shell keeps its selected view in the URL (`/admin?view=providers`), so reload keeps it. */
const ADMIN_PATH = '/admin';
const ADMIN_VIEW_PARAM = 'view';
/**
 * The view shown at the bare admin path. Here, not beside the view list, so the views can link
 * to each other without importing the list that lazy-loads them (an import cycle).
 */
export const DEFAULT_ADMIN_VIEW = 'dashboard';

/** The view named in the query string when it is one of `ids`, else the first (the default). */
export function viewIdFromSearch<Id extends string>(
  search: string,
  ids: readonly [Id, ...Id[]],
): Id {
  const wanted = new URLSearchParams(search).get(ADMIN_VIEW_PARAM);
  return ids.find((id) => id === wanted) ?? ids[0];
}

/** The address of a view; the default view is the bare admin path. */
export function adminViewHref(id: string, defaultId: string): string {
  if (id === defaultId) return ADMIN_PATH;
  return `${ADMIN_PATH}?${new URLSearchParams({ [ADMIN_VIEW_PARAM]: id })}`;
}
