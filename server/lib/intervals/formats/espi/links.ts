/**
 * ESPI resources point at each other by href, written absolute
 * (`https://host/DataCustodian/espi/1_1/resource/ReadingType/3`), root-relative
 * (`/espi/1_1/resource/ReadingType/07`) or relative (`ReadingType/01`). Hrefs are compared on
 * their path with the host and the `.../resource/` prefix removed, and a relative href matches
 * an absolute one it ends.
 */
export function linkKey(href: string): string {
  let s = href.trim().replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/i, '');
  const resource = s.indexOf('/resource/');
  if (resource !== -1) s = s.slice(resource + '/resource/'.length);
  s = s.replace(/^(\.?\/)+/, '').replace(/\/+$/, '');
  return s;
}

export function sameLink(a: string | undefined, b: string | undefined): boolean {
  if (a === undefined || b === undefined) return false;
  const x = linkKey(a);
  const y = linkKey(b);
  if (x === '' || y === '') return false;
  return x === y || x.endsWith(`/${y}`) || y.endsWith(`/${x}`);
}
