import { describe, expect, it } from 'vitest';
import { hasPaymentMethod, planSummary } from './payment-status.ts';

describe('hasPaymentMethod', () => {
  it('needs both the customer and the payment method', () => {
    expect(hasPaymentMethod({ stripeCustomerId: 'cus_1', paymentMethodId: 'pm_1' })).toBe(true);
    expect(hasPaymentMethod({ stripeCustomerId: 'cus_1', paymentMethodId: null })).toBe(false);
    expect(hasPaymentMethod({ stripeCustomerId: null, paymentMethodId: 'pm_1' })).toBe(false);
    expect(hasPaymentMethod({ stripeCustomerId: '', paymentMethodId: '' })).toBe(false);
  });
});

describe('planSummary', () => {
  it('labels the default plan Free at the per-report price', () => {
    expect(planSummary('free')).toEqual({ label: 'Free', price: '$29.99 per report' });
  });

  it('names the chosen plan with its prices', () => {
    expect(planSummary('basic')).toEqual({ label: 'Pay-Per-Report', price: '$29.99 per report' });
    expect(planSummary('premium')).toEqual({
      label: 'Monthly Subscription',
      price: '$25 per report + $25 per month',
    });
  });
});
