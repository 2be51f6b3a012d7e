import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connections } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { createProvider, submission, submitForm } from '../../test/connections.ts';
import { createUser, signedIn } from '../../test/factories.ts';
import { verifyConnectionCredentialsJob } from './jobs.ts';
import { ProviderGate } from './provider-gate.ts';
import { PORTAL_ACCOUNTS } from './testing/portals.ts';
import { portalsAndApp } from './testing/setup.ts';
import { TransientLoginError } from './verification.ts';

const env = portalsAndApp({ BROWSER_PAGE_TIMEOUT_SECONDS: '3', MFA_CODE_WAIT_SECONDS: '5' });

const post = (url: string, payload: object, cookie = env.admin) =>
  env.t.app.inject({ method: 'POST', url, payload, headers: { cookie } });

describe('access', () => {
  it.each(['/api/detect-selectors', '/api/verify-credentials'])(
    '%s is for admins only',
    async (url) => {
      const body = { loginUrl: env.portals.url('/plain'), username: 'a', password: 'b' };
      expect((await env.t.app.inject({ method: 'POST', url, payload: body })).statusCode).toBe(401);
      const asUser = await post(url, body, env.user);
      expect(asUser.statusCode).toBe(403);
      expect(asUser.json()).toEqual({ message: 'You do not have access to this' });
    },
  );
});

describe('POST /api/detect-selectors', () => {
  it('returns the ranked selectors of a login page', async () => {
    const res = await post('/api/detect-selectors', { loginUrl: env.portals.url('/plain') });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      loginFlow: 'single-page',
      selectors: {
        usernameSelectors: expect.arrayContaining(['#username']),
        passwordSelectors: expect.arrayContaining(['#password']),
      },
    });
  });

  it.each([
    ['http://10.0.0.1/login', /private address/],
    ['http://169.254.169.254/latest/meta-data/', /cloud metadata/],
    ['http://[::1]:8080/', /loopback/],
    ['http://localhost:5000/', /local name/],
  ])('refuses %s before opening it', async (loginUrl, reason) => {
    const res = await post('/api/detect-selectors', { loginUrl });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(reason);
    expect(res.json().message).toMatch(/BROWSER_ALLOWED_HOSTS/);
  });

  it('rejects a missing or non-http URL', async () => {
    expect((await post('/api/detect-selectors', {})).json()).toEqual({
      message: 'Enter the login URL',
    });
    expect((await post('/api/detect-selectors', { loginUrl: 'ftp://x.test/' })).json()).toEqual({
      message: 'Login URL must be a valid http(s) URL',
    });
  });
});

describe('POST /api/verify-credentials', () => {
  const { good, wrong } = PORTAL_ACCOUNTS;

  it('tests a login page not saved yet, with typed selectors', async () => {
    const res = await post('/api/verify-credentials', {
      loginUrl: env.portals.url('/portal'),
      usernameSelector: '#username',
      passwordSelector: '#password',
      submitSelector: '',
      ...good,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      outcome: 'success',
      message: 'Signed in to the utility portal. No action needed.',
      // This portal's account page has no bills or usage pages: the retrieval says so.
      retrieval: {
        bills: [],
        intervalExport: null,
        notes: ['no bill history page was found'],
      },
    });
  });

  it("tests a saved provider's login and explains a failure", async () => {
    const provider = await createProvider(env.t.database.db, {
      loginUrl: env.portals.url('/portal'),
    });
    const res = await post('/api/verify-credentials', { providerId: provider.id, ...wrong });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: false, outcome: 'invalid_credentials' });
    expect(res.json().message).toMatch(/did not accept this username and password/);
    expect(res.body).not.toContain(wrong.password);
  });

  it('needs a provider with a login URL, or a login URL', async () => {
    const bare = await createProvider(env.t.database.db, { name: 'No Portal Power' });
    const cases: [object, number, string][] = [
      [
        { providerId: bare.id, ...good },
        400,
        'No Portal Power has no login URL yet. Add it, then test the login.',
      ],
      [{ providerId: 999_999, ...good }, 404, 'Provider not found'],
      [good, 400, 'Choose a provider or enter a login URL'],
      [
        { loginUrl: env.portals.url('/portal'), username: 'dana' },
        400,
        'Enter the password to test',
      ],
    ];
    for (const [body, status, message] of cases) {
      const res = await post('/api/verify-credentials', body);
      expect([res.statusCode, res.json().message]).toEqual([status, message]);
    }
  });
});

describe('verification after a customer submits the form', () => {
  const stateOf = async (id: number) => {
    const [row] = await env.t.database.db.select().from(connections).where(eq(connections.id, id));
    return row;
  };
  const submit = async (path: string | null, account: { username: string; password: string }) => {
    const owner = await createUser(env.t.database.db);
    const provider = await createProvider(env.t.database.db, {
      loginUrl: path ? env.portals.url(path) : null,
    });
    const res = await submitForm(env.t.app, owner.uniqueFormUrl, submission(provider.id, account));
    expect(res.statusCode).toBe(201);
    return res.json().id as number;
  };

  it('answers the customer at once, then records a verified login', async () => {
    const id = await submit('/delayed', PORTAL_ACCOUNTS.good);
    expect((await stateOf(id))?.credentialsVerified).toBeNull();
    await env.t.app.services.queue.drain();
    const row = await stateOf(id);
    expect(row).toMatchObject({
      credentialsVerified: true,
      verificationMessage: 'Signed in to the utility portal. No action needed.',
    });
    expect(row?.verifiedAt).toBeInstanceOf(Date);
  });

  it.each([
    ['a wrong password', '/portal', PORTAL_ACCOUNTS.wrong, false, /The customer must check/],
    ['a locked account', '/portal', PORTAL_ACCOUNTS.locked, false, /locked or disabled/],
    [
      'an MFA prompt the customer never answers',
      '/portal',
      PORTAL_ACCOUNTS.mfa,
      null,
      /did not enter the verification code in time/,
    ],
    ['a captcha', '/captcha', PORTAL_ACCOUNTS.good, null, /captcha/],
    ['a portal under maintenance', '/down', PORTAL_ACCOUNTS.good, null, /retried automatically/],
    ['no login page', null, PORTAL_ACCOUNTS.good, null, /no login page set up/],
  ] as const)('records %s', async (_name, path, account, verified, message) => {
    const id = await submit(path, account);
    await env.t.app.services.queue.drain();
    const row = await stateOf(id);
    expect(row?.credentialsVerified).toBe(verified);
    expect(row?.verificationMessage).toMatch(message);
    expect(row?.verificationMessage).not.toContain(account.password);
  });

  it('retries a portal that stays down; its last try hands the login to an admin', async () => {
    const id = await submit('/down', PORTAL_ACCOUNTS.good);
    await env.t.app.services.queue.drain();
    const job = verifyConnectionCredentialsJob as never;
    await expect(
      env.t.app.services.queue.run(job, { connectionId: id }, { retryCount: 1, final: false }),
    ).rejects.toThrow(TransientLoginError);

    await env.t.app.services.queue.run(job, { connectionId: id }, { retryCount: 3, final: true });
    const row = await stateOf(id);
    expect(row?.credentialsVerified).toBeNull();
    expect(row?.verificationMessage).toMatch(/not responding/);
    expect(row?.verificationMessage).toMatch(/An admin must check the login by hand/);
    expect(row?.verificationMessage).not.toMatch(/retried automatically/);
  });
});

describe('ProviderGate', () => {
  it('spaces logins to one provider, not to different ones', async () => {
    const gate = new ProviderGate();
    const lastCheckAt = (id: number) => env.t.app.services.connections.lastLoginCheckAt(id);
    const a = await createProvider(env.t.database.db);
    const b = await createProvider(env.t.database.db);
    const started = Date.now();
    const firstA = await gate.reserve(a.id, 400, lastCheckAt);
    const firstB = await gate.reserve(b.id, 400, lastCheckAt);
    expect(Math.max(firstA, firstB) - started).toBeLessThan(300);
    // The second login to A gets the slot one interval after the first, B is not held up.
    const secondA = await gate.reserve(a.id, 400, lastCheckAt);
    expect(secondA - firstA).toBe(400);
    expect(await gate.reserve(a.id, 0, lastCheckAt)).toBeLessThan(secondA);
  });

  it('brings a check whose portal slot is far off back later instead of holding a worker', async () => {
    const provider = await createProvider(env.t.database.db, {
      loginUrl: 'http://127.0.0.1:9/login',
    });
    const { cookie } = await signedIn(env.t.app, env.t.database.db, 'user');
    const me = await env.t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie } });
    const queued: unknown[] = [];
    const services = {
      ...env.t.app.services,
      config: { ...env.t.app.services.config, providerLoginIntervalMs: 60_000 },
      queue: { enqueue: async (...args: unknown[]) => queued.push(args) },
    };
    const sent = await submitForm(env.t.app, me.json().uniqueFormUrl, submission(provider.id));
    await env.t.app.services.queue.drain();
    const started = Date.now();
    await verifyConnectionCredentialsJob.handler(
      { connectionId: sent.json().id },
      { ...(services as unknown as object), log: env.t.app.log } as never,
      { retryCount: 0, final: false },
    );
    expect(Date.now() - started).toBeLessThan(1500);
    expect(queued).toEqual([
      [
        verifyConnectionCredentialsJob,
        { connectionId: sent.json().id, slot: expect.any(Number) },
        { startAfter: expect.any(Date) },
      ],
    ]);
  });
});

describe('without Chromium', () => {
  let bare: TestApp;
  beforeAll(async () => {
    bare = await createTestApp({
      CHROMIUM_PATH: '/nonexistent/chromium',
      BROWSER_ALLOWED_HOSTS: '127.0.0.1',
    });
  });
  afterAll(() => bare?.close());

  it('answers 503 naming CHROMIUM_PATH; the rest of the app works', async () => {
    const cookie = (await signedIn(bare.app, bare.database.db, 'admin')).cookie;
    for (const [url, body] of [
      ['/api/detect-selectors', { loginUrl: env.portals.url('/plain') }],
      [
        '/api/verify-credentials',
        { loginUrl: env.portals.url('/plain'), username: 'a', password: 'b' },
      ],
    ] as const) {
      const res = await bare.app.inject({
        method: 'POST',
        url,
        payload: body,
        headers: { cookie },
      });
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toMatch(/CHROMIUM_PATH/);
    }
    const owner = await createUser(bare.database.db);
    const provider = await createProvider(bare.database.db, {
      loginUrl: env.portals.url('/portal'),
    });
    const res = await submitForm(bare.app, owner.uniqueFormUrl, submission(provider.id));
    expect(res.statusCode).toBe(201);
    await bare.app.services.queue.drain();
    const [row] = await bare.database.db
      .select()
      .from(connections)
      .where(eq(connections.id, res.json().id));
    expect(row?.credentialsVerified).toBeNull();
    expect(row?.verificationMessage).toMatch(/^Not checked automatically: .*CHROMIUM_PATH/);
  });
});
