import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { User } from '../../../common/api.ts';
import { DEACTIVATED_MESSAGE } from '../../../common/users.ts';
import { sessions, users } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { createUser, login, TEST_PASSWORD, uniqueName } from '../../test/factories.ts';
import { pollUntil } from '../../test/poll.ts';
import { sessionCleanupJob } from './jobs.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const register = (payload: Record<string, unknown>, cookie?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/register',
    payload,
    headers: cookie ? { cookie } : {},
  });
const getUser = (cookie?: string) =>
  t.app.inject({ method: 'GET', url: '/api/user', headers: cookie ? { cookie } : {} });
const userCount = async () => (await t.database.db.select({ n: count() }).from(users))[0]?.n;

describe('POST /api/register', () => {
  it('creates a signed-in user with role user, plan free and an unguessable form link', async () => {
    const username = uniqueName();
    const res = await register({ username, email: 'pat@example.com', password: TEST_PASSWORD });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(User.strict().parse(body)).toMatchObject({
      username,
      email: 'pat@example.com',
      role: 'user',
      planType: 'free',
      stripeCustomerId: null,
      paymentMethodId: null,
    });
    expect(body.uniqueFormUrl).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(res.body).not.toMatch(/argon2|password/i);

    const cookie = res.cookies.find((c) => c.name === 'sid');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    const me = await getUser(`sid=${cookie?.value}`);
    expect(me.statusCode).toBe(200);
    expect(me.json().id).toBe(body.id);
  });

  it('stores an argon2id hash, never the password', async () => {
    const username = uniqueName();
    await register({ username, email: null, password: TEST_PASSWORD });
    const [row] = await t.database.db.select().from(users).where(eq(users.username, username));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row?.passwordHash).not.toContain(TEST_PASSWORD);
  });

  it('sends an empty email as null', async () => {
    const res = await register({ username: uniqueName(), email: '', password: TEST_PASSWORD });
    expect(res.statusCode).toBe(201);
    expect(res.json().email).toBeNull();
  });

  it.each([
    [{ username: '', password: TEST_PASSWORD }, 'Username is required'],
    [{ username: '   ', password: TEST_PASSWORD }, 'Username is required'],
    [{ password: TEST_PASSWORD }, 'Username is required'],
    [{ username: 'someone', password: '' }, 'Password is required'],
    [{ username: 'someone', password: 'short' }, 'Password must be at least 8 characters'],
    [
      { username: 'someone', email: 'not-an-email', password: TEST_PASSWORD },
      'Please enter a valid email address',
    ],
  ])('refuses %j with a clear message and writes nothing', async (payload, message) => {
    const before = await userCount();
    const res = await register(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
    expect(await userCount()).toBe(before);
  });

  it('refuses a taken username, whatever its case', async () => {
    const existing = await createUser(t.database.db);
    const before = await userCount();
    const res = await register({
      username: existing.username.toUpperCase(),
      email: null,
      password: TEST_PASSWORD,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'Username already exists' });
    expect(await userCount()).toBe(before);
  });

  it('ignores a role sent by the client', async () => {
    const res = await register({ username: uniqueName(), password: TEST_PASSWORD, role: 'admin' });
    expect(res.statusCode).toBe(201);
    expect(res.json().role).toBe('user');
  });
});

describe('POST /api/login', () => {
  it('signs in with the right password, whatever the username case', async () => {
    const user = await createUser(t.database.db);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: user.username.toUpperCase(), password: user.password },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: user.id, username: user.username });
    expect(res.body).not.toContain('passwordHash');
  });

  it.each([
    ['a wrong password', 'right-user', 'wrong password!'],
    ['an unknown username', 'nobody-here', TEST_PASSWORD],
  ])('refuses %s with the same message', async (_case, name, password) => {
    const user = await createUser(t.database.db);
    const username = name === 'right-user' ? user.username : uniqueName('ghost');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username, password },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Invalid username or password' });
    expect(res.cookies.find((c) => c.name === 'sid')).toBeUndefined();
  });

  it('requires both fields', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'x' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Password is required' });
  });

  it('rotates the session: the cookie sent with a login stops working', async () => {
    const user = await createUser(t.database.db);
    const first = await login(t.app, user.username);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: user.username, password: user.password },
      headers: { cookie: first },
    });
    const second = `sid=${res.cookies.find((c) => c.name === 'sid')?.value}`;
    expect(second).not.toBe(first);
    expect((await getUser(first)).statusCode).toBe(401);
    expect((await getUser(second)).statusCode).toBe(200);
  });

  it('stores only a keyed hash of the session token', async () => {
    const user = await createUser(t.database.db);
    const cookie = await login(t.app, user.username);
    const token = cookie.slice('sid='.length);
    const rows = await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.id).not.toBe(token);
    expect(rows[0]?.id).not.toContain(token);
  });

  it('refuses a deactivated account and ends its sessions', async () => {
    const user = await createUser(t.database.db);
    const cookie = await login(t.app, user.username);
    await t.database.db.update(users).set({ isActive: false }).where(eq(users.id, user.id));
    await t.app.services.sessions.revokeUser(user.id);
    expect((await getUser(cookie)).statusCode).toBe(401);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: user.username, password: user.password },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: DEACTIVATED_MESSAGE });
  });
});

describe('POST /api/logout and GET /api/user', () => {
  it('answers 401 with a message when signed out', async () => {
    const res = await getUser();
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Not signed in' });
    expect((await getUser('sid=made-up-token')).statusCode).toBe(401);
  });

  it('deletes the session on logout so the old cookie is dead at once', async () => {
    const user = await createUser(t.database.db);
    const cookie = await login(t.app, user.username);
    expect((await getUser(cookie)).statusCode).toBe(200);
    const res = await t.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.cookies.find((c) => c.name === 'sid')?.value).toBe('');
    expect((await getUser(cookie)).statusCode).toBe(401);
    const left = await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(left).toHaveLength(0);
  });
});

describe('error format', () => {
  it('answers unknown API paths with a JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Not found' });
  });

  it('answers malformed JSON with a 400 message', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: '{"username":',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(typeof res.json().message).toBe('string');
  });
});

describe('several app processes on one database', () => {
  it('drop a session from every cache at once when it is revoked in another process', async () => {
    // A second app on the same database stands in for another process behind the balancer.
    const { buildApp } = await import('../../app.ts');
    const other = await buildApp({ config: t.config, database: t.database, jobMode: 'inline' });
    try {
      await other.databaseReady;
      const user = await createUser(t.database.db);
      const cookie = await login(t.app, user.username);
      const onOther = () => other.inject({ method: 'GET', url: '/api/user', headers: { cookie } });
      // The other process validates the session and caches it.
      expect((await onOther()).statusCode).toBe(200);
      expect((await onOther()).statusCode).toBe(200);
      await t.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie } });
      // NOTIFY arrives asynchronously; it must land well inside the cache's lifetime.
      const status = await pollUntil(
        async () => (await onOther()).statusCode,
        (s) => s !== 200,
      );
      expect(status).toBe(401);

      const again = await login(t.app, user.username);
      const withAgain = () =>
        other.inject({ method: 'GET', url: '/api/user', headers: { cookie: again } });
      expect((await withAgain()).statusCode).toBe(200);
      await t.app.services.sessions.revokeUser(user.id);
      const after = await pollUntil(
        async () => (await withAgain()).statusCode,
        (s) => s !== 200,
      );
      expect(after).toBe(401);
    } finally {
      await other.close();
    }
  });
});

describe('the expired-sessions job', () => {
  it('deletes only expired sessions', async () => {
    const user = await createUser(t.database.db);
    const past = new Date(Date.now() - 1000);
    const future = new Date(Date.now() + 60_000);
    await t.database.db.insert(sessions).values([
      { id: `expired-${user.id}`, userId: user.id, expiresAt: past },
      { id: `live-${user.id}`, userId: user.id, expiresAt: future },
    ]);
    await t.app.services.queue.run(sessionCleanupJob, {});
    const left = await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(left.map((s) => s.id)).toEqual([`live-${user.id}`]);
  });
});
