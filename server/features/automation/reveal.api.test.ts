import { describe, expect, it } from 'vitest';
import type { SelectorDetection } from '../../../common/automation.ts';
import type { LoginCheckView } from '../../../common/credential-check.ts';
import type { Provider } from '../../../common/providers.ts';
import { createProvider, submission, submitForm } from '../../test/connections.ts';
import { signedIn } from '../../test/factories.ts';
import { PORTAL_ACCOUNTS } from './testing/portals.ts';
import { portalsAndApp } from './testing/setup.ts';

const env = portalsAndApp({ BROWSER_PAGE_TIMEOUT_SECONDS: '3', MFA_CODE_WAIT_SECONDS: '5' });

const db = () => env.t.database.db;
const call = (method: 'POST' | 'PUT' | 'GET', url: string, payload?: object) =>
  env.t.app.inject({ method, url, payload, headers: { cookie: env.admin } });

const province = { name: 'Hidden Form Electric', country: 'US', state: 'California' };

/** An admin analyses the login page and saves what Analyze proposed, as the form does. */
async function providerFromAnalysis(path: string) {
  const loginUrl = env.portals.url(path);
  const provider = await createProvider(db(), { ...province, loginUrl });
  const found = (
    await call('POST', '/api/detect-selectors', { loginUrl })
  ).json() as SelectorDetection;
  expect(found.success).toBe(true);
  const saved = await call('PUT', `/api/providers/${provider.id}`, {
    ...province,
    loginUrl,
    usernameSelector: found.selectors.usernameSelectors[0],
    passwordSelector: found.selectors.passwordSelectors[0],
    submitSelector: found.selectors.submitSelectors[0],
    preLoginSteps: found.preLoginSteps,
  });
  expect(saved.statusCode).toBe(200);
  return { provider: saved.json() as Provider, found };
}

/** A customer submits the form for the provider; the check runs at once. */
async function customerCheck(providerId: number, account: { username: string; password: string }) {
  const owner = await signedIn(env.t.app, db(), 'user');
  const email = `customer-${Math.random().toString(36).slice(2)}@example.com`;
  const res = await submitForm(
    env.t.app,
    owner.user.uniqueFormUrl,
    submission(providerId, { ...account, email }),
  );
  expect(res.statusCode).toBe(201);
  await env.t.app.services.queue.drain();
  const view = await env.t.app.inject({
    method: 'GET',
    url: `/api/login-check/${(res.json() as { codeToken: string }).codeToken}`,
  });
  return (view.json() as LoginCheckView).state;
}

describe("a provider's steps before the login", () => {
  it('Analyze proposes them, the provider keeps them, the customer check replays them', async () => {
    const { provider, found } = await providerFromAnalysis('/reveal/radio/en');
    expect(found.preLoginSteps).toEqual([
      { action: 'check', selector: expect.any(String), text: 'I have an account', why: 'reveal' },
    ]);
    expect(provider.preLoginSteps).toEqual(found.preLoginSteps);
    const listed = (await call('GET', '/api/providers')).json() as Provider[];
    expect(listed.find((p) => p.id === provider.id)?.preLoginSteps).toEqual(found.preLoginSteps);

    expect(await customerCheck(provider.id, PORTAL_ACCOUNTS.good)).toBe('signed_in');
    expect(await customerCheck(provider.id, PORTAL_ACCOUNTS.wrong)).toBe('rejected');
  });

  it("a tab step on a French page, through the admin's Test Login", async () => {
    const { provider } = await providerFromAnalysis('/reveal/tab/fr');
    expect(provider.preLoginSteps.map((s) => s.text)).toEqual(['Se connecter']);
    const test = (password: string) =>
      call('POST', '/api/verify-credentials', {
        providerId: provider.id,
        username: 'dana',
        password,
      });
    expect((await test('right-pass')).json()).toMatchObject({ success: true, outcome: 'success' });
    expect((await test('wrong-pass')).json()).toMatchObject({
      success: false,
      outcome: 'invalid_credentials',
    });
  });

  it('are checked when saved: at most 5, selectors of at most 500 characters', async () => {
    const provider = await createProvider(db(), province);
    const step = { action: 'click', selector: '#go', text: 'Sign in', why: 'reveal' };
    const put = (preLoginSteps: unknown) =>
      call('PUT', `/api/providers/${provider.id}`, { ...province, preLoginSteps });
    expect((await put(Array(6).fill(step))).statusCode).toBe(400);
    expect((await put([{ ...step, selector: `#${'a'.repeat(500)}` }])).statusCode).toBe(400);
    expect((await put([{ ...step, action: 'type' }])).statusCode).toBe(400);
    expect((await put([{ ...step, why: 'because' }])).statusCode).toBe(400);
    expect((await put(Array(5).fill(step))).json().preLoginSteps).toHaveLength(5);
    // Cleared by the admin: an empty list, or null.
    expect((await put([])).json().preLoginSteps).toEqual([]);
    expect((await put(null)).json().preLoginSteps).toEqual([]);
  });
});
