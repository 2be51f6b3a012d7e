import type { KnownSelectorsOrigin } from '@common/known-selectors.ts';

/** "owner/repo path/to/file" for a GitHub file address pinned to a commit; else the address. */
function sourceLabel(source: string): string {
  const match = /^https:\/\/github\.com\/([^/]+\/[^/]+)\/blob\/[0-9a-f]+\/(.+)$/.exec(source);
  return match ? `${match[1]} ${match[2]}` : source;
}

/**
 * Where the provider's login selectors came from while they are still the ones shipped with
 * the starter catalogue: a public scraper, read at a date. Portals change; Test Login says when
 * the page no longer matches them.
 */
export function KnownSelectorsNote({ origin }: { origin: KnownSelectorsOrigin | null }) {
  if (!origin) return null;
  return (
    <p className="text-slate-500 text-xs">
      Selectors known from{' '}
      <a
        href={origin.source}
        target="_blank"
        rel="noreferrer"
        className="underline hover:text-slate-700"
      >
        {sourceLabel(origin.source)}
      </a>
      , seen {origin.seenAt}.
    </p>
  );
}
