import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';
import { createProvider, submission } from '../test/connections.ts';
import { login, signedIn } from '../test/factories.ts';
import { CROSS_SITE_MESSAGE } from './csrf.ts';

describe('requests from other sites with the session cookie', () => {
  let t: TestApp;
  let cookie: string;
  let username: string;
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL: 'https://reports.example.com' });
    const admin = await signedIn(t.app, t.database.db, 'admin');
    cookie = admin.cookie;
    username = admin.user.username;
  });
  afterAll(() => t.close());

  const logout = (headers: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie, ...headers } });
  const stillSignedIn = async () =>
    (await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie } })).statusCode;

  it('refuses a body-less admin POST from a sibling subdomain, another port or another site', async () => {
    for (const headers of <Record<string, string>[]>[
      { 'sec-fetch-site': 'same-site', origin: 'https://evil.example.com' },
      { 'sec-fetch-site': 'cross-site', origin: 'https://attacker.test' },
      { origin: 'https://reports.example.com:8443' },
      { origin: 'null' },
    ]) {
      const res = await logout(headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(403);
      expect(res.json()).toEqual({ message: CROSS_SITE_MESSAGE });
    }
    const reveal = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/1/test',
      headers: { cookie, 'sec-fetch-site': 'same-site' },
    });
    expect(reveal.statusCode).toBe(403);
    expect(await stillSignedIn()).toBe(200);
  });

  it('takes a Referer without Origin for the origin: a page of another site is refused', async () => {
    for (const referer of [
      'https://attacker.test/innocent-page',
      'https://evil.example.com/',
      'https://reports.example.com:8443/dashboard',
      'not an address',
    ]) {
      const res = await logout({ referer });
      expect(res.statusCode, referer).toBe(403);
      expect(res.json()).toEqual({ message: CROSS_SITE_MESSAGE });
    }
    expect(await stillSignedIn()).toBe(200);
    const ownPage = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks',
      headers: { cookie, referer: 'https://reports.example.com/dashboard?tab=webhooks' },
      payload: { url: 'not a url' },
    });
    expect(ownPage.statusCode).toBe(400);
  });

  it("lets the app's own pages, PUBLIC_URL and clients without browser headers through", async () => {
    const search = {
      method: 'GET' as const,
      url: '/api/connections',
      headers: { cookie, 'sec-fetch-site': 'cross-site' },
    };
    // Reading is not changing: a GET is never refused here (CORS keeps its answer from the other site).
    expect((await t.app.inject(search)).statusCode).toBe(200);
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks',
      headers: { cookie, origin: 'https://reports.example.com' },
      payload: { url: 'not a url' },
    });
    expect(ok.statusCode).toBe(400);
    expect((await logout({ 'sec-fetch-site': 'same-origin' })).statusCode).toBe(200);
    expect(await stillSignedIn()).toBe(401);
    cookie = await login(t.app, username);
    expect((await logout({})).statusCode).toBe(200);
  });

  it('does not ask for an origin where no session cookie is sent (the public form)', async () => {
    const me = await signedIn(t.app, t.database.db, 'user');
    const user = await t.app.inject({
      method: 'GET',
      url: '/api/user',
      headers: { cookie: me.cookie },
    });
    const provider = await createProvider(t.database.db);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/form/${user.json().uniqueFormUrl}`,
      headers: { 'sec-fetch-site': 'cross-site', origin: 'https://client-site.example' },
      payload: submission(provider.id),
    });
    expect(res.statusCode).toBe(201);
  });
});

describe('the session cookie behind TLS', () => {
  it('is Secure with COOKIE_SECURE=true, and when a trusted proxy says https', async () => {
    for (const [env, headers, secure] of [
      [{ COOKIE_SECURE: 'true' }, {}, true],
      [{ TRUST_PROXY: 'true' }, { 'x-forwarded-proto': 'https' }, true],
      [{}, { 'x-forwarded-proto': 'https' }, false],
    ] as const) {
      const t = await createTestApp(env);
      const user = await signedIn(t.app, t.database.db, 'user');
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/login',
        headers,
        payload: { username: user.user.username, password: user.user.password },
      });
      const sid = res.cookies.find((c) => c.name === 'sid');
      expect(Boolean(sid?.secure), JSON.stringify(env)).toBe(secure);
      await t.close();
    }
  });
});
