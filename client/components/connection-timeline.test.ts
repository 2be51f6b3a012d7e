import type { Timeline } from '@common/timeline.ts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import {
  ConnectionHistory,
  ConnectionTimelineSection,
  timelineQueryKey,
} from './connection-timeline.tsx';

function render(component: typeof ConnectionHistory, timeline: Timeline) {
  // The timeline is given: nothing is fetched while rendering.
  const client = new QueryClient({
    defaultOptions: { queries: { queryFn: () => new Promise(() => {}), staleTime: Infinity } },
  });
  client.setQueryData(timelineQueryKey(7), timeline);
  return renderToStaticMarkup(
    createElement(QueryClientProvider, { client }, createElement(component, { connectionId: 7 })),
  );
}

const ownerEvents: Timeline = {
  events: [
    { at: '2026-06-03T12:00:00.000Z', kind: 'refund', title: 'Refunded: $29.99' },
    { at: '2026-06-02T10:00:00.000Z', kind: 'charge', title: 'Report paid: $29.99' },
    { at: '2026-06-01T09:00:00.000Z', kind: 'submitted', title: 'Submitted by the customer' },
  ],
};

describe("a connection's history", () => {
  it("shows the owner the events newest first, each with its date, in a closed 'History'", () => {
    const markup = render(ConnectionHistory, ownerEvents);
    expect(markup).toMatch(/^<details[^>]*><summary[^>]*>History<\/summary>/);
    expect(markup).toContain('Jun 3, 2026');
    expect(markup.indexOf('Refunded: $29.99')).toBeLessThan(markup.indexOf('Report paid'));
    expect(markup.indexOf('Report paid')).toBeLessThan(markup.indexOf('Submitted by'));
    expect(markup).not.toContain('font-mono');
  });

  it('shows admins the technical detail under each line', () => {
    const markup = render(ConnectionTimelineSection, {
      events: [
        {
          at: '2026-06-01T09:00:00.000Z',
          kind: 'email',
          title: 'Email to the owner: New submission from Dana',
          detail: 'to owner@example.com · new_submission · stored',
        },
      ],
    });
    expect(markup).toContain('History');
    expect(markup).toContain('to owner@example.com · new_submission · stored');
  });

  it('says so when nothing happened yet', () => {
    expect(render(ConnectionHistory, { events: [] })).toContain('Nothing yet.');
  });
});
