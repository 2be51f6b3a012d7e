import { describe, expect, it } from 'vitest';
import {
  cancelConfirmation,
  switchConfirmation,
  switchLabel,
  switchTarget,
} from './billing-actions.ts';

describe('switching plans', () => {
  it('offers the other plan, and none before a plan is chosen', () => {
    expect(switchTarget('basic')).toBe('premium');
    expect(switchTarget('premium')).toBe('basic');
    expect(switchTarget('free')).toBeNull();
  });

  it('names the buttons after the plans', () => {
    expect(switchLabel('premium')).toBe('Switch to Monthly Subscription');
    expect(switchLabel('basic')).toBe('Switch to Pay-Per-Report');
  });

  it('states the prices before switching', () => {
    expect(switchConfirmation('premium', null).description).toMatch(
      /\$25 monthly fee starts today.*\$25, billed at month end/,
    );
    const toBasic = switchConfirmation('basic', '2025-03-31T12:00:00.000Z');
    expect(toBasic.description).toMatch(/\(March 31, 2025\)/);
    expect(toBasic.description).toMatch(/\$29\.99 each/);
  });

  it('says until when a cancelled subscription lasts', () => {
    expect(cancelConfirmation('2025-03-31T12:00:00.000Z').description).toMatch(
      /until the end of the current period \(March 31, 2025\)/,
    );
    expect(cancelConfirmation(null).description).toMatch(/current period and is not renewed/);
  });
});
