import { describe, expect, it } from 'vitest';
import { classifyMissingForm, classifyPage, verdictFor } from './classify.ts';
import type { PageSignals } from './page-types.ts';

const page = (overrides: Partial<PageSignals> = {}): PageSignals => ({
  lines: [],
  captcha: false,
  otpField: false,
  visiblePassword: false,
  title: '',
  ...overrides,
});
const outcomeOf = (fresh: string[], signals: Partial<PageSignals> = {}, status?: number) =>
  classifyPage(fresh, page({ lines: fresh, ...signals }), status)?.outcome ?? null;

describe('classifyPage', () => {
  it.each([
    ['The username or password you entered is incorrect.', 'invalid_credentials'],
    ['Invalid login. Please try again.', 'invalid_credentials'],
    ["We couldn't find an account with that email.", 'invalid_credentials'],
    ['Login failed', 'invalid_credentials'],
    ['Your account has been locked. Call us to unlock it.', 'account_locked'],
    ['Too many failed sign-in attempts. Try again later.', 'account_locked'],
    ['Your account is temporarily disabled.', 'account_locked'],
    ['Enter the 6-digit code we sent to your phone', 'mfa_required'],
    ['Two-step verification', 'mfa_required'],
    ['Open your authenticator app', 'mfa_required'],
    ['The site is under maintenance. Please try again later.', 'portal_unavailable'],
    ['Service Unavailable', 'portal_unavailable'],
    ['Welcome back, Dana', 'success'],
    ['Sign out', 'success'],
  ])('%s -> %s', (line, outcome) => {
    expect(outcomeOf([line])).toBe(outcome);
  });

  it('puts a lock before a wrong password, and a captcha before everything', () => {
    expect(outcomeOf(['Invalid password. Your account is now locked.'])).toBe('account_locked');
    expect(outcomeOf(['Invalid password.'], { captcha: true })).toBe('captcha');
  });

  it('reads a code field as MFA, and a security banner on a dashboard as success', () => {
    expect(outcomeOf([], { otpField: true })).toBe('mfa_required');
    expect(outcomeOf(['Sign out', 'Turn on two-step verification for extra security'])).toBe(
      'success',
    );
  });

  it('takes an HTTP 5xx as the portal being down', () => {
    expect(outcomeOf([], {}, 502)).toBe('portal_unavailable');
  });

  it('waits while nothing conclusive shows, or the form is still there', () => {
    expect(outcomeOf(['Loading…'])).toBeNull();
    expect(outcomeOf(['Welcome'], { visiblePassword: true })).toBeNull();
  });

  it('explains a page without a form', () => {
    expect(classifyMissingForm(page({ captcha: true }), 'x').outcome).toBe('captcha');
    expect(classifyMissingForm(page({ lines: ['Temporarily unavailable'] }), 'x').outcome).toBe(
      'portal_unavailable',
    );
    expect(classifyMissingForm(page(), 'no form')).toEqual({
      outcome: 'navigation_failed',
      detail: 'no form',
    });
  });
});

describe('verdictFor', () => {
  it('records true, false or null, and retries only an unavailable portal', () => {
    const verdicts = Object.fromEntries(
      (
        [
          'success',
          'invalid_credentials',
          'account_locked',
          'mfa_required',
          'captcha',
          'portal_unavailable',
          'navigation_failed',
        ] as const
      ).map((outcome) => {
        const v = verdictFor({ outcome }, 'job');
        return [outcome, [v.success, v.credentialsVerified, v.transient]];
      }),
    );
    expect(verdicts).toEqual({
      success: [true, true, false],
      invalid_credentials: [false, false, false],
      account_locked: [false, false, false],
      mfa_required: [false, false, false],
      captcha: [false, null, false],
      portal_unavailable: [false, null, true],
      navigation_failed: [false, null, false],
    });
  });

  it('on the last automatic try, a portal still down goes to an admin and is not retried', () => {
    const last = verdictFor({ outcome: 'portal_unavailable', detail: 'HTTP 503' }, 'last-job');
    expect(last).toMatchObject({ credentialsVerified: null, transient: false });
    expect(last.message).toMatch(/not responding \(HTTP 503\)/);
    expect(last.message).toMatch(/An admin must check the login by hand/);
    expect(last.message).not.toMatch(/retried automatically/);
    expect(verdictFor({ outcome: 'success' }, 'last-job').message).toBe(
      verdictFor({ outcome: 'success' }, 'job').message,
    );
  });

  it('says who must act', () => {
    expect(verdictFor({ outcome: 'invalid_credentials' }, 'job').message).toMatch(
      /The customer must/,
    );
    expect(verdictFor({ outcome: 'account_locked' }, 'job').message).toMatch(/The customer must/);
    expect(verdictFor({ outcome: 'mfa_required' }, 'job').message).toMatch(/An admin must/);
    expect(verdictFor({ outcome: 'captcha' }, 'job').message).toMatch(/An admin must/);
    expect(verdictFor({ outcome: 'navigation_failed' }, 'job').message).toMatch(/An admin must/);
    expect(verdictFor({ outcome: 'portal_unavailable' }, 'job').message).toMatch(
      /Nobody needs to act now/,
    );
    expect(verdictFor({ outcome: 'portal_unavailable' }, 'test').message).toMatch(
      /Try again later/,
    );
  });
});
