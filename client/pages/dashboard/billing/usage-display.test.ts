import { UsageStatus } from '@common/billing.ts';
import { describe, expect, it } from 'vitest';
import { cardLabel, humanize, usageCost, usageStatusTone } from './usage-display.ts';

describe('usage status', () => {
  it('is green only when billed', () => {
    expect(usageStatusTone('billed')).toBe('green');
    const others = UsageStatus.options.filter((status) => status !== 'billed');
    expect(others.length).toBeGreaterThan(0);
    for (const status of others) expect(usageStatusTone(status)).toBe('yellow');
  });

  it('names statuses in words', () => {
    expect(humanize('billed')).toBe('Billed');
    expect(humanize('requires_action')).toBe('Requires action');
    expect(humanize('past_due')).toBe('Past due');
  });
});

describe('usageCost', () => {
  it('shows what was charged or invoiced', () => {
    expect(usageCost({ costCents: 2999, status: 'billed' })).toEqual({
      amount: '$29.99',
      counted: true,
      note: null,
    });
    expect(usageCost({ costCents: 2500, status: 'invoiced' }).counted).toBe(true);
  });

  it('marks refunded and failed records as not counted', () => {
    expect(usageCost({ costCents: 2999, status: 'refunded' })).toEqual({
      amount: '$29.99',
      counted: false,
      note: 'Refunded',
    });
    expect(usageCost({ costCents: 2999, status: 'failed' })).toMatchObject({
      counted: false,
      note: 'Not charged',
    });
  });
});

describe('cardLabel', () => {
  it('names the brand, the last four digits and the expiry', () => {
    expect(cardLabel({ brand: 'visa', last4: '4242', expires: '12/2030' })).toBe(
      'Visa •••• 4242, expires 12/2030',
    );
    expect(cardLabel({ brand: 'mastercard', last4: '4444', expires: null })).toBe(
      'Mastercard •••• 4444',
    );
  });
});
