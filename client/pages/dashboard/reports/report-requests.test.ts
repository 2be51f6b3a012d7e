import { chargedOnDelivery, type UsageRecord } from '@common/billing.ts';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api.ts';
import {
  billedPlan,
  filesUnlocked,
  onDeliveryReason,
  openReportRequests,
  REPORT_FAILED,
  reportDescription,
  reportErrorMessage,
  reportErrorToast,
  reportPrice,
  reportRequestedToast,
} from './report-requests.ts';

function record(overrides: Partial<UsageRecord>): UsageRecord {
  return {
    id: 1,
    reportType: 'utility_report',
    description: null,
    connectionId: 7,
    cost: 29.99,
    costCents: 2999,
    status: 'billed',
    plan: 'basic',
    statusMessage: null,
    testMode: false,
    createdAt: '2025-03-01T10:00:00.000Z',
    ...overrides,
  };
}

describe('openReportRequests', () => {
  it('counts pending, billed, invoiced and requires_action requests as open', () => {
    const open = openReportRequests([
      record({ id: 1, connectionId: 1, status: 'pending' }),
      record({ id: 2, connectionId: 2, status: 'billed' }),
      record({ id: 3, connectionId: 3, status: 'invoiced' }),
      record({ id: 4, connectionId: 4, status: 'requires_action' }),
    ]);
    expect([...open.keys()].sort()).toEqual([1, 2, 3, 4]);
  });

  it('lets a failed or refunded request be made again', () => {
    const open = openReportRequests([
      record({ id: 1, connectionId: 1, status: 'failed' }),
      record({ id: 2, connectionId: 2, status: 'refunded' }),
      record({ id: 3, connectionId: null, status: 'billed' }),
    ]);
    expect(open.size).toBe(0);
  });

  it('keeps the newest open request of a connection', () => {
    const open = openReportRequests([
      record({ id: 1, status: 'billed', createdAt: '2025-03-01T10:00:00.000Z' }),
      record({ id: 2, status: 'requires_action', createdAt: '2025-03-02T10:00:00.000Z' }),
      record({ id: 3, status: 'failed', createdAt: '2025-03-03T10:00:00.000Z' }),
    ]);
    expect(open.get(7)?.id).toBe(2);
  });
});

describe('filesUnlocked', () => {
  it('opens the files once a request is paid, not before', () => {
    expect(filesUnlocked(undefined)).toBe(false);
    expect(filesUnlocked({ status: 'billed' })).toBe(true);
    expect(filesUnlocked({ status: 'invoiced' })).toBe(true);
    expect(filesUnlocked({ status: 'pending' })).toBe(false);
    expect(filesUnlocked({ status: 'requires_action' })).toBe(false);
  });
});

describe('reportPrice', () => {
  it('charges pay-per-report (and Free) $29.99 now', () => {
    expect(reportPrice('basic')).toEqual({ amount: '$29.99', when: 'charged to your card now' });
    expect(reportPrice('free').amount).toBe('$29.99');
    expect(billedPlan('free')).toBe('basic');
  });

  it("adds $25 to the subscriber's invoice", () => {
    expect(reportPrice('premium')).toEqual({
      amount: '$25',
      when: "added to this month's invoice, billed at month end",
    });
  });

  it('says when the report is charged on delivery', () => {
    expect(reportPrice('basic', true).when).toBe('charged to your card when the report is ready');
    expect(reportPrice('premium', true).when).toBe(
      'added to your monthly invoice when the report is ready',
    );
  });
});

describe('onDeliveryReason', () => {
  const login = {
    hasCredentials: true,
    credentialsPurgedAt: null,
    credentialsVerified: null,
    verificationMessage: null,
  };
  it("names the login's state in plain words, and that nothing is charged now", () => {
    const refused = onDeliveryReason({ ...login, credentialsVerified: false }, 7);
    expect(refused).toMatch(/^The utility did not accept your client's login/);
    expect(refused).toContain('Nothing is charged now');
    expect(refused).toContain('within 7 days after its promised time');
    expect(refused).toContain('cancelled at no charge');
    expect(onDeliveryReason(login, 1)).toContain('within 1 day after');
    expect(onDeliveryReason(login, 7)).toMatch(/^Your client's login has not been confirmed yet/);
    expect(onDeliveryReason({ ...login, hasCredentials: false }, 7)).toMatch(
      /without an online login/,
    );
  });
});

describe('chargedOnDelivery', () => {
  const connection = {
    status: 'in_progress',
    credentialsVerified: null,
    credentialsPurgedAt: null,
  };
  it('charges at once only complete data or an accepted login', () => {
    expect(chargedOnDelivery(connection)).toBe(true);
    expect(chargedOnDelivery({ ...connection, credentialsVerified: false })).toBe(true);
    expect(chargedOnDelivery({ ...connection, credentialsVerified: true })).toBe(false);
    expect(chargedOnDelivery({ ...connection, status: 'complete' })).toBe(false);
    expect(
      chargedOnDelivery({
        ...connection,
        credentialsVerified: true,
        credentialsPurgedAt: '2026-01-01T00:00:00.000Z',
      }),
    ).toBe(true);
  });
});

describe('reportRequestedToast', () => {
  it('says nothing is charged yet for a report charged on delivery', () => {
    expect(reportRequestedToast(record({ status: 'requested' })).description).toMatch(
      /^Nothing is charged until the report is ready \(\$29\.99 then\)\./,
    );
  });

  it('says what was charged', () => {
    expect(reportRequestedToast(record({ status: 'billed' })).description).toMatch(
      /^\$29\.99 was charged to your card\./,
    );
    expect(
      reportRequestedToast(record({ status: 'invoiced', costCents: 2500 })).description,
    ).toMatch(/^\$25\.00 was added to this month's invoice\./);
  });

  it('labels test mode', () => {
    expect(reportRequestedToast(record({ testMode: true })).description).toMatch(
      /Test mode: no card is charged\.$/,
    );
    expect(reportRequestedToast(record({ testMode: false })).description).not.toMatch(/Test/);
  });
});

describe('report errors', () => {
  it("shows the server's message, else the fallback", () => {
    expect(reportErrorMessage(new ApiError('x', 402, { message: 'Your card was declined.' }))).toBe(
      'Your card was declined.',
    );
    expect(reportErrorMessage(new ApiError('500 Internal Server Error', 500, null))).toBe(
      REPORT_FAILED,
    );
    expect(reportErrorMessage(new Error('boom'))).toBe('Failed to generate report');
  });

  it('offers a new card only when the card was declined', () => {
    const declined = reportErrorToast(new ApiError('x', 402, { message: 'Declined' }), 'premium');
    expect(declined).toMatchObject({ title: 'Error', description: 'Declined' });
    expect(declined.action).toEqual({
      label: 'Update payment method',
      href: '/payment?plan=premium',
    });
    const conflict = reportErrorToast(new ApiError('x', 409, { message: 'Already' }), 'basic');
    expect(conflict.action).toBeUndefined();
  });
});

describe('reportDescription', () => {
  it('names the customer and the provider', () => {
    expect(reportDescription({ customerName: 'Dana Lee', provider: { name: 'PG&E' } })).toBe(
      'Utility report: Dana Lee (PG&E)',
    );
  });
});
