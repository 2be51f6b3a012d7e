import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BillingTerms } from '../../../common/billing.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';

// The pricing page and the Generate Report dialog state the refund deadline this server keeps,
// not a figure written into the page.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ REPORT_DEADLINE_DAYS: '3' });
});
afterAll(() => t.close());

describe('GET /api/billing/terms', () => {
  it('answers anyone with the deadline as set', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/billing/terms' });
    expect(res.statusCode).toBe(200);
    expect(BillingTerms.parse(res.json())).toEqual({ reportDeadlineDays: 3 });
  });
});
