import type { NoticePage } from '@common/notices.ts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { noticesQueryKey } from './notices-queries.ts';
import { NoticesSection } from './notices-section.tsx';

function render(page: NoticePage) {
  // The page is given: nothing is fetched while rendering.
  const client = new QueryClient({
    defaultOptions: { queries: { queryFn: () => new Promise(() => {}), staleTime: Infinity } },
  });
  client.setQueryData(noticesQueryKey(1), page);
  return renderToStaticMarkup(
    createElement(QueryClientProvider, { client }, createElement(NoticesSection)),
  );
}

const notice = (id: number, read: boolean) => ({
  id,
  kind: 'login_failed' as const,
  connectionId: 1,
  title: `PG&E did not accept Maria's login ${id}`,
  body: 'The utility did not accept the login Maria Gonzalez entered for PG&E.',
  read,
  createdAt: new Date().toISOString(),
});

describe('the Notices section', () => {
  it('says how many are unread, marks the new ones and offers to mark them read', () => {
    const markup = render({
      notices: [notice(2, false), notice(1, true)],
      total: 2,
      unread: 1,
      page: 1,
      pageSize: 20,
    });
    expect(markup).toContain('Notices (1 unread)');
    expect(markup.match(/>New</g)).toHaveLength(1);
    expect(markup).toContain('PG&amp;E did not accept');
    expect(markup).toContain('Mark all as read');
    expect(markup.indexOf('login 2')).toBeLessThan(markup.indexOf('login 1'));
    // One page holds them all: no pages to go through.
    expect(markup).not.toContain('aria-label="Pagination"');
  });

  it('pages through more notices than a page holds', () => {
    const notices = Array.from({ length: 20 }, (_, i) => notice(45 - i, true));
    const markup = render({ notices, total: 45, unread: 0, page: 1, pageSize: 20 });
    expect(markup).toContain('aria-label="Pagination"');
    expect(markup).toContain('Showing 1 to 20 of 45');
    expect(markup).toContain('Next');
  });

  it('says so when there is nothing', () => {
    const markup = render({ notices: [], total: 0, unread: 0, page: 1, pageSize: 20 });
    expect(markup).toContain('Nothing yet.');
    expect(markup).not.toContain('unread');
    expect(markup).not.toContain('Mark all as read');
  });
});
