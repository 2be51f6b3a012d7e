import { describe, expect, it } from 'vitest';
import { ApiError } from './api.ts';
import {
  paymentReturnUrl,
  setupErrorToast,
  setupFailedToast,
  UNEXPECTED_ERROR_TOAST,
} from './setup-outcome.ts';

describe('payment setup failures', () => {
  it("shows the provider's message as Payment Setup Failed", () => {
    expect(setupFailedToast('Your card was declined.')).toEqual({
      title: 'Payment Setup Failed',
      description: 'Your card was declined.',
      variant: 'destructive',
    });
  });

  it('never shows an empty message', () => {
    expect(setupFailedToast(undefined).description).toMatch(/could not be added/);
    expect(setupFailedToast('  ').description).toMatch(/could not be added/);
  });

  it("passes on the server's refusal, and calls anything else unexpected", () => {
    const refused = new ApiError('This card was declined.', 402, { message: 'x' });
    expect(setupErrorToast(refused)).toMatchObject({
      title: 'Payment Setup Failed',
      description: 'This card was declined.',
    });
    expect(setupErrorToast(new TypeError('undefined is not a function'))).toBe(
      UNEXPECTED_ERROR_TOAST,
    );
    expect(UNEXPECTED_ERROR_TOAST).toMatchObject({
      title: 'Error',
      description: 'An unexpected error occurred. Please try again.',
    });
  });
});

describe('paymentReturnUrl', () => {
  it('is the dashboard with the success flag', () => {
    expect(paymentReturnUrl('https://reports.example')).toBe(
      'https://reports.example/dashboard?payment=success',
    );
  });
});
