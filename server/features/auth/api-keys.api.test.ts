import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY_PLAN_ENDED, API_KEYS_PREMIUM_ONLY, ApiKey } from '../../../common/api-keys.ts';
import { UsageResponse } from '../../../common/billing.ts';
import type { Connection } from '../../../common/connections.ts';
import { MyReports } from '../../../common/reports.ts';
import { DEACTIVATED_MESSAGE } from '../../../common/users.ts';
import { apiKeys, reports, users } from '../../db/schema.ts';
import {
  KEY_NOT_ACCEPTED,
  REVOKED_KEY,
  registerAccessControl,
  UNKNOWN_KEY,
} from '../../plugins/access.ts';
import { keyClient } from '../../test/api-client.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { createProvider, loginAccepted, submission, submitForm } from '../../test/connections.ts';
import { createApiKey, signedIn, signedInPremium } from '../../test/factories.ts';
import { pollUntil } from '../../test/poll.ts';
import type { ApiKeyStore } from './api-keys.ts';
import type { SessionStore } from './sessions.ts';

let t: TestApp;
let providerId: number;
beforeAll(async () => {
  t = await createTestApp();
  providerId = (await createProvider(t.database.db)).id;
});
afterAll(() => t.close());

type Who = Awaited<ReturnType<typeof signedIn>>;
type Method = 'GET' | 'POST' | 'DELETE' | 'PUT';

const call = (who: Who | null, method: Method, url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: who ? { cookie: who.cookie } : {} });
const withKey = (key: string, method: Method, url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: { authorization: `Bearer ${key}` } });

const premium = (role: 'user' | 'admin' = 'user'): Promise<Who> =>
  signedInPremium(t.app, t.database.db, role);

const createKey = (who: Who, name?: string) => createApiKey(t.app, who.cookie, name);

async function connectionOf(who: Who): Promise<number> {
  const res = await submitForm(t.app, who.user.uniqueFormUrl, submission(providerId));
  expect(res.statusCode).toBe(201);
  // The utility accepted the login: a report on it is charged at once.
  await loginAccepted(t.app, res.json().id);
  return res.json().id as number;
}

const keyRow = async (id: number) =>
  (await t.database.db.select().from(apiKeys).where(eq(apiKeys.id, id)))[0];

describe('managing keys: who may', () => {
  it('creating: anonymous 401, free and basic users and admins without the plan 403', async () => {
    expect((await call(null, 'POST', '/api/api-keys', { name: 'x' })).statusCode).toBe(401);
    const free = await signedIn(t.app, t.database.db);
    const basic = await signedIn(t.app, t.database.db);
    await call(basic, 'POST', '/api/billing/test-card', { plan: 'basic' });
    const admin = await signedIn(t.app, t.database.db, 'admin');
    for (const who of [free, basic, admin]) {
      const res = await call(who, 'POST', '/api/api-keys', { name: 'x' });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: API_KEYS_PREMIUM_ONLY });
      expect(
        await t.database.db.select().from(apiKeys).where(eq(apiKeys.userId, who.user.id)),
      ).toEqual([]);
    }
  });

  it('listing and revoking: anonymous 401; any user sees only their own keys', async () => {
    expect((await call(null, 'GET', '/api/api-keys')).statusCode).toBe(401);
    expect((await call(null, 'DELETE', '/api/api-keys/1')).statusCode).toBe(401);
    const owner = await premium();
    const { apiKey } = await createKey(owner, 'mine');
    const free = await signedIn(t.app, t.database.db);
    const list = await call(free, 'GET', '/api/api-keys');
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([]);
    const revoke = await call(free, 'DELETE', `/api/api-keys/${apiKey.id}`);
    expect(revoke.statusCode).toBe(404);
    expect((await keyRow(apiKey.id))?.revokedAt).toBeNull();
  });

  it('a user who left the plan still lists and revokes their dormant keys', async () => {
    const who = await premium();
    const { apiKey } = await createKey(who, 'dormant');
    await t.database.db.update(users).set({ planType: 'basic' }).where(eq(users.id, who.user.id));
    await t.app.services.sessions.forgetUser(who.user.id);
    const list = await call(who, 'GET', '/api/api-keys');
    expect(list.json()).toEqual([expect.objectContaining({ id: apiKey.id, revokedAt: null })]);
    const revoke = await call(who, 'DELETE', `/api/api-keys/${apiKey.id}`);
    expect(revoke.statusCode).toBe(200);
    expect((await keyRow(apiKey.id))?.revokedAt).not.toBeNull();
  });

  it('a premium user creates a named key shown once, stored as a SHA-256 hash only', async () => {
    const who = await premium();
    const { apiKey, key } = await createKey(who, '  Billing export  ');
    expect(key).toMatch(/^ur_live_[A-Za-z0-9_-]{43}$/);
    expect(apiKey).toMatchObject({
      name: 'Billing export',
      prefix: key.slice(0, 12),
      lastUsedAt: null,
      revokedAt: null,
    });
    const row = await keyRow(apiKey.id);
    expect(row?.userId).toBe(who.user.id);
    expect(row?.keyHash).not.toContain(key.slice(8));
    expect(row?.keyHash).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const list = await call(who, 'GET', '/api/api-keys');
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(key);
    expect(ApiKey.array().parse(list.json())).toEqual([apiKey]);
  });

  it('refuses a missing or too long name with 400 and writes nothing', async () => {
    const who = await premium();
    for (const [payload, message] of [
      [{}, 'Please name the key'],
      [{ name: '   ' }, 'Please name the key'],
      [{ name: 'x'.repeat(101) }, 'Key names are at most 100 characters'],
      [{ name: 42 }, 'Please name the key'],
    ] as const) {
      const res = await call(who, 'POST', '/api/api-keys', payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message });
    }
    expect((await call(who, 'GET', '/api/api-keys')).json()).toEqual([]);
  });

  it('revokes only your own key; another user\u2019s key id answers 404', async () => {
    const owner = await premium();
    const other = await premium();
    const { apiKey } = await createKey(owner);
    const theirs = await call(other, 'DELETE', `/api/api-keys/${apiKey.id}`);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual({ message: 'API key not found' });
    expect((await keyRow(apiKey.id))?.revokedAt).toBeNull();
    expect((await call(other, 'GET', '/api/api-keys')).json()).toEqual([]);

    const res = await call(owner, 'DELETE', `/api/api-keys/${apiKey.id}`);
    expect(res.statusCode).toBe(200);
    const revokedAt = ApiKey.parse(res.json()).revokedAt;
    expect(revokedAt).not.toBeNull();
    // Again is harmless and keeps the first time.
    expect((await call(owner, 'DELETE', `/api/api-keys/${apiKey.id}`)).json().revokedAt).toBe(
      revokedAt,
    );
    for (const id of ['abc', '0', '99999999999']) {
      expect((await call(owner, 'DELETE', `/api/api-keys/${id}`)).statusCode).toBe(400);
    }
  });

  it('keys cannot manage keys (session only)', async () => {
    const who = await premium();
    const { apiKey, key } = await createKey(who);
    for (const [method, url, payload] of [
      ['GET', '/api/api-keys', undefined],
      ['POST', '/api/api-keys', { name: 'minted by a key' }],
      ['DELETE', `/api/api-keys/${apiKey.id}`, undefined],
    ] as const) {
      const res = await withKey(key, method, url, payload);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: KEY_NOT_ACCEPTED });
    }
    expect((await call(who, 'GET', '/api/api-keys')).json()).toHaveLength(1);
  });
});

describe('calling the API with a key', () => {
  it('reads only the caller\u2019s own connections, files and usage', async () => {
    const who = await premium();
    const stranger = await premium();
    const first = await connectionOf(who);
    const mine = [first, await connectionOf(who)];
    const theirs = { params: { path: { id: await connectionOf(stranger) } } };
    // Through the client typed by the OpenAPI document, as an API customer calls it.
    const api = keyClient(t.app, (await createKey(who)).key);

    const list = await api.GET('/api/v1/my-connections');
    expect(list.response.status).toBe(200);
    expect(list.data?.map((c) => c.id).sort()).toEqual([...mine].sort());
    expect(list.response.headers.get('next-cursor')).toBeNull();

    const own = { params: { path: { id: first } } };
    expect((await api.GET('/api/v1/connections/{id}', own)).data?.id).toBe(first);
    for (const res of [
      await api.GET('/api/v1/connections/{id}', theirs),
      await api.GET('/api/v1/connections/{id}/files', theirs),
      await api.GET('/api/v1/connections/{id}/intervals', theirs),
    ]) {
      expect(res.response.status).toBe(404);
      expect(res.error).toEqual({ message: 'Connection not found' });
    }
    expect((await api.GET('/api/v1/connections/{id}/files', own)).response.status).toBe(200);
    expect((await api.GET('/api/v1/usage')).data?.usage).toEqual([]);
    expect((await api.GET('/api/v1/billing')).data?.plan).toBe('premium');
  });

  it('an admin\u2019s key reads the admin\u2019s own data and never an admin route', async () => {
    const admin = await premium('admin');
    const someone = await premium();
    const theirs = await connectionOf(someone);
    const own = await connectionOf(admin);
    const { key } = await createKey(admin);
    // The session reaches every connection; the key only the admin's own.
    expect((await call(admin, 'GET', `/api/connections/${theirs}`)).statusCode).toBe(200);
    expect((await withKey(key, 'GET', `/api/connections/${theirs}`)).statusCode).toBe(404);
    const list = (await withKey(key, 'GET', '/api/my-connections')).json() as Connection[];
    expect(list.map((c) => c.id)).toEqual([own]);
    for (const [method, url] of [
      ['GET', '/api/stats'],
      ['GET', '/api/connections'],
      ['GET', '/api/users'],
      ['PUT', `/api/connections/${theirs}`],
      ['POST', `/api/connections/${theirs}/credentials`],
    ] as const) {
      const res = await withKey(key, method, url, method === 'PUT' ? { status: 'complete' } : {});
      expect(res.statusCode, url).toBe(403);
      expect(res.json()).toEqual({ message: KEY_NOT_ACCEPTED });
    }
  });

  it('refuses keys on user routes that are not for keys (password, plan, profile)', async () => {
    const who = await premium();
    const { key } = await createKey(who);
    for (const [method, url, payload] of [
      ['GET', '/api/user', undefined],
      ['POST', '/api/billing/plan', { plan: 'basic' }],
      ['POST', '/api/billing/cancel', undefined],
      ['PUT', '/api/user/password', { currentPassword: 'x', newPassword: 'y' }],
      ['POST', '/api/create-setup-intent', { plan: 'premium' }],
    ] as const) {
      const res = await withKey(key, method, url, payload);
      expect(res.statusCode, url).toBe(403);
      expect(res.json()).toEqual({ message: KEY_NOT_ACCEPTED });
    }
    expect((await call(who, 'GET', '/api/billing')).json().plan).toBe('premium');
  });

  it('answers 401 to an unknown, malformed or revoked key, at once after revocation', async () => {
    const who = await premium();
    const { apiKey, key } = await createKey(who);
    expect((await withKey(key, 'GET', '/api/my-connections')).statusCode).toBe(200);
    for (const bad of ['ur_live_nope', `ur_live_${'A'.repeat(43)}`, '', 'x'.repeat(5000)]) {
      const res = await withKey(bad, 'GET', '/api/my-connections');
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: UNKNOWN_KEY });
    }
    // Cached a moment ago; the revocation drops it at once.
    await call(who, 'DELETE', `/api/api-keys/${apiKey.id}`);
    const res = await withKey(key, 'GET', '/api/my-connections');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: REVOKED_KEY });
  });

  it('ignores a key on public routes that do not take keys', async () => {
    const res = await withKey('ur_live_nope', 'GET', '/api/providers');
    expect(res.statusCode).toBe(200);
  });

  it('refuses the key of a user who left the plan (403) or was deactivated (401), at once', async () => {
    const who = await premium();
    const { key } = await createKey(who);
    expect((await withKey(key, 'GET', '/api/usage')).statusCode).toBe(200);
    await t.database.db.update(users).set({ planType: 'basic' }).where(eq(users.id, who.user.id));
    await t.app.services.sessions.forgetUser(who.user.id);
    const ended = await withKey(key, 'GET', '/api/usage');
    expect(ended.statusCode).toBe(403);
    expect(ended.json()).toEqual({ message: API_KEY_PLAN_ENDED });

    await t.database.db.update(users).set({ planType: 'premium' }).where(eq(users.id, who.user.id));
    await t.app.services.sessions.forgetUser(who.user.id);
    expect((await withKey(key, 'GET', '/api/usage')).statusCode).toBe(200);
    await t.database.db.update(users).set({ isActive: false }).where(eq(users.id, who.user.id));
    await t.app.services.sessions.revokeUser(who.user.id);
    const gone = await withKey(key, 'GET', '/api/usage');
    expect(gone.statusCode).toBe(401);
    expect(gone.json()).toEqual({ message: DEACTIVATED_MESSAGE });
  });

  it('writes last_used_at on use, at most once a minute', async () => {
    const who = await premium();
    const { apiKey, key } = await createKey(who);
    expect((await keyRow(apiKey.id))?.lastUsedAt).toBeNull();
    await withKey(key, 'GET', '/api/usage');
    const first = (await keyRow(apiKey.id))?.lastUsedAt;
    expect(first).toBeInstanceOf(Date);
    await withKey(key, 'GET', '/api/usage');
    await withKey(key, 'GET', '/api/billing');
    expect((await keyRow(apiKey.id))?.lastUsedAt).toEqual(first);
    const listed = ApiKey.array().parse((await call(who, 'GET', '/api/api-keys')).json());
    expect(listed[0]?.lastUsedAt).toBe(first?.toISOString());
  });

  it('requests a report once per connection, on the month\u2019s invoice', async () => {
    const who = await premium();
    const connectionId = await connectionOf(who);
    const api = keyClient(t.app, (await createKey(who)).key);
    const first = await api.POST('/api/v1/record-usage', { body: { connectionId } });
    expect(first.response.status, JSON.stringify(first.error)).toBe(200);
    expect(first.data).toMatchObject({ status: 'invoiced', costCents: 2500, connectionId });
    const again = await api.POST('/api/v1/record-usage', { body: { connectionId } });
    expect(again.data?.id).toBe(first.data?.id);
    const usage = (await api.GET('/api/v1/usage')).data;
    expect(usage?.usage).toHaveLength(1);
    expect(usage?.totalCostCents).toBe(2500);
  });

  it('answers /api/v1/... as /api/... for key routes only', async () => {
    const who = await premium();
    await connectionOf(who);
    const { key } = await createKey(who);
    const plain = await withKey(key, 'GET', '/api/my-connections?limit=5');
    const versioned = await withKey(key, 'GET', '/api/v1/my-connections?limit=5');
    expect(versioned.statusCode).toBe(200);
    expect(versioned.json()).toEqual(plain.json());
    expect((await call(who, 'GET', '/api/v1/usage')).statusCode).toBe(200);
    for (const url of ['/api/v1/user', '/api/v1/stats', '/api/v1/api-keys', '/api/v1/nothing']) {
      const res = await withKey(key, 'GET', url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ message: 'Not found' });
    }
  });
});

describe('cursor pagination', () => {
  it('pages through connections newest first; without a cursor the list is unchanged', async () => {
    const who = await premium();
    for (let i = 0; i < 5; i++) await connectionOf(who);
    const { key } = await createKey(who);
    const all = (await withKey(key, 'GET', '/api/my-connections')).json() as Connection[];
    expect(all).toHaveLength(5);
    expect((await call(who, 'GET', '/api/my-connections')).json()).toEqual(all);

    const seen: number[] = [];
    let cursor: string | undefined;
    const sizes: number[] = [];
    do {
      const res = await withKey(
        key,
        'GET',
        `/api/my-connections?limit=2${cursor ? `&cursor=${cursor}` : ''}`,
      );
      expect(res.statusCode).toBe(200);
      const page = res.json() as Connection[];
      sizes.push(page.length);
      seen.push(...page.map((c) => c.id));
      cursor = res.headers['next-cursor'] as string | undefined;
    } while (cursor);
    expect(sizes).toEqual([2, 2, 1]);
    expect(seen).toEqual(all.map((c) => c.id));
  });

  it('pages through usage records and reports; nextCursor is null at the end', async () => {
    const who = await premium();
    const ids = [await connectionOf(who), await connectionOf(who), await connectionOf(who)];
    const { key } = await createKey(who);
    for (const connectionId of ids) {
      expect((await withKey(key, 'POST', '/api/record-usage', { connectionId })).statusCode).toBe(
        200,
      );
      await t.database.db.insert(reports).values({ connectionId, userId: who.user.id });
    }
    const whole = UsageResponse.parse((await call(who, 'GET', '/api/usage')).json());
    expect(whole.usage).toHaveLength(3);
    expect(whole.nextCursor).toBeNull();
    const first = UsageResponse.parse((await withKey(key, 'GET', '/api/usage?limit=2')).json());
    expect(first.usage.map((u) => u.id)).toEqual(whole.usage.slice(0, 2).map((u) => u.id));
    expect(first.totalCostCents).toBe(7500);
    const second = UsageResponse.parse(
      (await withKey(key, 'GET', `/api/usage?limit=2&cursor=${first.nextCursor}`)).json(),
    );
    expect(second.usage.map((u) => u.id)).toEqual([whole.usage[2]?.id]);
    expect(second.nextCursor).toBeNull();

    const allReports = MyReports.parse((await call(who, 'GET', '/api/my/reports')).json());
    expect(allReports.reports.map((r) => r.connectionId).sort()).toEqual([...ids].sort());
    expect(allReports.nextCursor).toBeNull();
    const one = MyReports.parse((await withKey(key, 'GET', '/api/my/reports?limit=1')).json());
    const rest = MyReports.parse(
      (await withKey(key, 'GET', `/api/my/reports?limit=5&cursor=${one.nextCursor}`)).json(),
    );
    expect([...one.reports, ...rest.reports].map((r) => r.id)).toEqual(
      allReports.reports.map((r) => r.id),
    );
    expect(rest.nextCursor).toBeNull();
  });

  it.each([
    ['cursor=!!', 'Invalid cursor'],
    [`cursor=${Buffer.from('not a cursor').toString('base64url')}`, 'Invalid cursor'],
    ['limit=0', 'limit must be a number from 1 to 100'],
    ['limit=101', 'limit must be a number from 1 to 100'],
    ['limit=abc', 'limit must be a number from 1 to 100'],
  ])('refuses %s with 400', async (query, message) => {
    const who = await premium();
    const { key } = await createKey(who);
    for (const url of ['/api/my-connections', '/api/my/reports', '/api/usage']) {
      const res = await withKey(key, 'GET', `${url}?${query}`);
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toEqual({ message });
    }
  });
});

describe('per-key rate limit', () => {
  let small: TestApp;
  beforeAll(async () => {
    small = await createTestApp({ API_RATE_LIMIT: '3' });
  });
  afterAll(() => small.close());

  it('sends the RateLimit headers and answers 429 past the budget, per key', async () => {
    const who = await signedIn(small.app, small.database.db);
    await small.app.inject({
      method: 'POST',
      url: '/api/billing/test-card',
      payload: { plan: 'premium' },
      headers: { cookie: who.cookie },
    });
    const newKey = async () =>
      (
        await small.app.inject({
          method: 'POST',
          url: '/api/api-keys',
          payload: { name: 'k' },
          headers: { cookie: who.cookie },
        })
      ).json().key as string;
    const [key, otherKey] = [await newKey(), await newKey()];
    const get = (k: string, url = '/api/usage') =>
      small.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${k}` } });

    const first = await get(key);
    expect(first.headers).toMatchObject({ 'ratelimit-limit': '3', 'ratelimit-remaining': '2' });
    expect(Number(first.headers['ratelimit-reset'])).toBeGreaterThan(0);
    // One budget over every route the key calls.
    expect((await get(key, '/api/my-connections')).headers['ratelimit-remaining']).toBe('1');
    expect((await get(key, '/api/v1/billing')).headers['ratelimit-remaining']).toBe('0');
    const over = await get(key);
    expect(over.statusCode).toBe(429);
    expect(over.json().message).toMatch(
      /^Too many requests with this API key \(at most 3 a minute\)/,
    );
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    // Another key, and the dashboard's session, are not held back.
    expect((await get(otherKey)).statusCode).toBe(200);
    const session = await small.app.inject({
      method: 'GET',
      url: '/api/usage',
      headers: { cookie: who.cookie },
    });
    expect(session.statusCode).toBe(200);
    expect(session.headers['ratelimit-limit']).toBeUndefined();
  });
});

describe('revocation across processes', () => {
  it('a key revoked in one process is refused by a second process at once', async () => {
    const { buildApp } = await import('../../app.ts');
    const other = await buildApp({ config: t.config, database: t.database, jobMode: 'inline' });
    try {
      await other.databaseReady;
      const who = await premium();
      const { apiKey, key } = await createKey(who);
      const onOther = () =>
        other.inject({
          method: 'GET',
          url: '/api/usage',
          headers: { authorization: `Bearer ${key}` },
        });
      expect((await onOther()).statusCode).toBe(200);
      expect((await onOther()).statusCode).toBe(200);
      await call(who, 'DELETE', `/api/api-keys/${apiKey.id}`);
      const status = await pollUntil(
        async () => (await onOther()).statusCode,
        (s) => s !== 200,
        { timeoutMs: 3000 },
      );
      expect(status).toBe(401);
    } finally {
      await other.close();
    }
  });
});

describe('route registration', () => {
  it('throws for an admin route that would take API keys', async () => {
    const app = Fastify();
    registerAccessControl(app, {
      sessions: {} as SessionStore,
      apiKeys: {} as ApiKeyStore,
      keyRateLimit: 1,
    });
    expect(() =>
      app.get('/api/secret', { config: { access: 'admin', apiKey: true } }, async () => 'x'),
    ).toThrow(/is for admins: API keys never reach it/);
    expect(() => app.get('/api/undeclared', async () => 'x')).toThrow(/does not declare/);
    await app.close();
  });
});
