import type { AttentionItem } from '@common/attention.ts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { AttentionList } from './attention-list.tsx';

const item = (overrides: Partial<AttentionItem>): AttentionItem => ({
  connectionId: 1,
  customerName: 'Dana Lee',
  providerName: 'PG&E',
  ownerUsername: 'solar_pro',
  reasons: ['login_failed'],
  why: ['The utility portal refused the customer’s login'],
  since: new Date(Date.now() - 3 * 3_600_000).toISOString(),
  paidRequest: null,
  ...overrides,
});

describe('the Needs attention list', () => {
  it('shows each row with why it is there, and a button that opens it', () => {
    const list = createElement(AttentionList, {
      items: [
        item({
          connectionId: 7,
          customerName: 'Overdue Customer',
          reasons: ['paid_waiting', 'login_failed'],
          why: ['Paid 30 h ago, no report: 6 h past the 24-hour turnaround', 'Login refused'],
          paidRequest: {
            usageRecordId: 3,
            requestedAt: '2030-01-01T00:00:00.000Z',
            dueAt: '2030-01-02T00:00:00.000Z',
            overdue: true,
            onDelivery: false,
          },
        }),
        item({}),
      ],
    });
    const html = renderToStaticMarkup(
      createElement(QueryClientProvider, { client: new QueryClient() }, list),
    );
    expect(html).toContain('Overdue');
    expect(html).toContain('Paid 30 h ago, no report: 6 h past the 24-hour turnaround');
    expect(html).toContain(
      'aria-label="Open Dana Lee: The utility portal refused the customer’s login"',
    );
    expect(html).toContain('Waiting 3 h');
    expect(html.indexOf('Overdue Customer')).toBeLessThan(html.indexOf('Dana Lee'));
  });
});
