import { describe, expect, it } from 'vitest';
import { verdictFor } from './classify.ts';
import type { LoginTarget } from './login.ts';
import { testLogin } from './service.ts';
import { PORTAL_ACCOUNTS } from './testing/portals.ts';
import { portalsAndBrowser } from './testing/setup.ts';

const env = portalsAndBrowser({ pageTimeoutMs: 3000, taskTimeoutMs: 40_000 });

const { good, goodEmail, wrong, locked, mfa } = PORTAL_ACCOUNTS;
const login = (
  path: string,
  account: { username: string; password: string },
  saved: Partial<LoginTarget> = {},
  timeoutMs?: number,
) => testLogin(env.browser, { loginUrl: env.portals.url(path), ...saved }, account, { timeoutMs });

describe('credential test on a plain portal', () => {
  it.each([
    ['signs in', good, 'success'],
    [
      'a wrong password is invalid credentials (the footer warning is not a lock)',
      wrong,
      'invalid_credentials',
    ],
    ['a locked account', locked, 'account_locked'],
    ['a verification code prompt after the password', mfa, 'mfa_required'],
  ] as const)('%s', async (_name, account, outcome) => {
    const result = await login('/portal', account);
    expect(result.outcome).toBe(outcome);
  });

  it('quotes the portal and says who must act, without repeating the credentials', async () => {
    const result = await login('/portal', wrong);
    const verdict = verdictFor(result, 'test');
    expect(verdict).toMatchObject({ success: false, credentialsVerified: false });
    expect(verdict.message).toContain('The username or password you entered is incorrect');
    expect(verdict.message).toContain('The customer must');
    expect(verdict.message).not.toContain(wrong.password);
  });

  it('uses saved selectors, and says which one matches nothing', async () => {
    const saved = {
      usernameSelector: '#username',
      passwordSelector: '#password',
      submitSelector: '#login-form button',
    };
    expect((await login('/portal', good, saved)).outcome).toBe('success');
    const broken = await login('/portal', good, { ...saved, usernameSelector: '#user-name' }, 7000);
    expect(broken).toEqual({
      outcome: 'navigation_failed',
      detail: 'the username selector #user-name matches nothing on the page',
    });
  });
});

describe('credential test on harder portals', () => {
  it.each([
    ['identifier-first (username, Continue, password)', '/two-step', good, 'success'],
    ['identifier-first with a wrong password', '/two-step', wrong, 'invalid_credentials'],
    ['a form drawn late by JavaScript', '/delayed', good, 'success'],
    ['a JavaScript form that answers in place', '/delayed', wrong, 'invalid_credentials'],
    ['a shadow-root form', '/shadow', good, 'success'],
    ['a message inside the shadow root', '/shadow', locked, 'account_locked'],
    ['a same-origin iframe', '/iframe', good, 'success'],
    ['a cross-origin iframe', '/iframe-cross', wrong, 'invalid_credentials'],
    ['decoys before the form', '/decoys', goodEmail, 'success'],
  ] as const)('%s', async (_name, path, account, outcome) => {
    expect((await login(path, account)).outcome).toBe(outcome);
  });
});

describe('portals that cannot be judged', () => {
  it('a captcha: nothing is submitted', async () => {
    const before = env.portals.requests.filter((r) => r === 'POST /portal/session').length;
    expect((await login('/captcha', good)).outcome).toBe('captcha');
    expect(env.portals.requests.filter((r) => r === 'POST /portal/session').length).toBe(before);
  });

  it('a user name the email field refuses', async () => {
    const result = await login('/decoys', good);
    expect(result.outcome).toBe('invalid_credentials');
    expect(result.detail).toMatch(/@/);
  });

  it('a maintenance page (HTTP 503)', async () => {
    const result = await login('/down', good);
    expect(result).toMatchObject({ outcome: 'portal_unavailable' });
    expect(verdictFor(result, 'job')).toMatchObject({ transient: true, credentialsVerified: null });
  });

  it('a portal that never answers times out', async () => {
    const started = Date.now();
    const result = await login('/hang', good);
    expect(result).toEqual({
      outcome: 'portal_unavailable',
      detail: 'the page did not load within 3 s',
    });
    expect(Date.now() - started).toBeLessThan(8000);
    expect(await env.browser.openContexts()).toBe(0);
  });
});
