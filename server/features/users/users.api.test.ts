import { and, count, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEACTIVATED_MESSAGE,
  FORGOT_PASSWORD_ANSWER,
  PASSWORD_LINK_MESSAGES,
  UserActionResult,
  UserList,
  UserListItem,
} from '../../../common/users.ts';
import { auditLog, outbox, passwordTokens, users } from '../../db/schema.ts';
import { caller, type Method } from '../../test/api.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { createProvider, submission, submitForm } from '../../test/connections.ts';
import {
  createApiKey,
  createUser,
  login,
  signedIn,
  signedInPremium,
  TEST_PASSWORD,
  uniqueName,
} from '../../test/factories.ts';
import { pollUntil } from '../../test/poll.ts';

let t: TestApp;
let admin: { id: number; cookie: string };
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://reports.example.com' });
  const signed = await signedIn(t.app, t.database.db, 'admin');
  admin = { id: signed.user.id, cookie: signed.cookie };
});
afterAll(() => t.close());

const call = caller(() => t.app);

const NEW_PASSWORD = 'a brand new passphrase';

/** The one-time link in the last message queued to an address. */
async function mailedLink(to: string) {
  const [message] = await t.database.db
    .select()
    .from(outbox)
    .where(eq(outbox.toAddress, to))
    .orderBy(desc(outbox.id))
    .limit(1);
  if (!message) throw new Error(`no message to ${to}`);
  const link = /https:\/\/reports\.example\.com\/set-password\?token=([\w-]+)/.exec(
    message.textBody,
  );
  if (!link?.[1]) throw new Error(`no link in the message to ${to}`);
  return { message, token: link[1] };
}

const messagesTo = async (to: string) =>
  (await t.database.db.select({ n: count() }).from(outbox).where(eq(outbox.toAddress, to)))[0]?.n ??
  0;

const auditOf = (userId: number) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityType, 'user'), eq(auditLog.entityId, String(userId))))
    .orderBy(auditLog.id);

const email = () => `${uniqueName('mail')}@example.com`;

async function addUser(body: Record<string, unknown>) {
  const res = await call('POST', '/api/users', admin.cookie, body);
  expect(res.statusCode, res.body).toBe(201);
  return UserActionResult.parse(res.json());
}

describe('who may call the user routes', () => {
  const adminRoutes: [Method, string, object?][] = [
    ['GET', '/api/users'],
    ['POST', '/api/users', { username: 'x', email: 'x@example.com' }],
    ['PATCH', '/api/users/1', { role: 'user' }],
    ['POST', '/api/users/1/reset-password'],
    ['POST', '/api/users/1/send-credentials'],
    ['POST', '/api/users/1/deactivate'],
    ['POST', '/api/users/1/reactivate'],
  ];

  it('refuses anonymous callers (401) and users (403) on every admin route, writing nothing', async () => {
    const { cookie } = await signedIn(t.app, t.database.db);
    const before = (await t.database.db.select({ n: count() }).from(users))[0]?.n;
    for (const [method, url, body] of adminRoutes) {
      expect((await call(method, url, undefined, body)).statusCode, `${method} ${url}`).toBe(401);
      const asUser = await call(method, url, cookie, body);
      expect(asUser.statusCode, `${method} ${url}`).toBe(403);
      expect(asUser.json()).toEqual({ message: expect.any(String) });
    }
    expect((await t.database.db.select({ n: count() }).from(users))[0]?.n).toBe(before);
  });

  it('lets only a signed-in user change their own password and email', async () => {
    expect((await call('PUT', '/api/user/password', undefined, {})).statusCode).toBe(401);
    expect((await call('PUT', '/api/user/email', undefined, {})).statusCode).toBe(401);
  });

  it('refuses API keys on every user route, an admin’s key and a revoked key included', async () => {
    const premium = await signedInPremium(t.app, t.database.db);
    const premiumAdmin = await signedInPremium(t.app, t.database.db, 'admin');
    const keys = [
      (await createApiKey(t.app, premium.cookie)).key,
      (await createApiKey(t.app, premiumAdmin.cookie)).key,
    ];
    const revoked = await createApiKey(t.app, premium.cookie, 'old');
    await t.app.inject({
      method: 'DELETE',
      url: `/api/api-keys/${revoked.apiKey.id}`,
      headers: { cookie: premium.cookie },
    });
    const routes: [Method, string, object?][] = [
      ...adminRoutes,
      ['PUT', '/api/user/password', { currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD }],
      ['PUT', '/api/user/email', { email: 'k@example.com', currentPassword: TEST_PASSWORD }],
    ];
    for (const [method, url, payload] of routes) {
      for (const key of keys) {
        const res = await t.app.inject({
          method,
          url,
          payload,
          headers: { authorization: `Bearer ${key}` },
        });
        expect(res.statusCode, `${method} ${url}`).toBe(403);
        expect(res.json()).toEqual({ message: expect.any(String) });
      }
      const old = await t.app.inject({
        method,
        url,
        payload,
        headers: { authorization: `Bearer ${revoked.key}` },
      });
      expect(old.statusCode, `${method} ${url}`).toBe(403);
    }
    await login(t.app, premium.user.username);
  });
});

describe('GET /api/users', () => {
  it('lists users with plan, payment method, last sign-in and state; searches on the server', async () => {
    const name = uniqueName('listed');
    const listed = await createUser(t.database.db, {
      username: name,
      email: `${name}@example.com`,
    });
    await login(t.app, name);
    const res = await call('GET', `/api/users?search=${name.toUpperCase()}`, admin.cookie);
    expect(res.statusCode).toBe(200);
    const list = UserList.parse(res.json());
    expect(list.total).toBe(1);
    expect(list.allUsers).toBeGreaterThanOrEqual(2);
    expect(list.users).toEqual([
      UserListItem.parse({
        id: listed.id,
        username: name,
        email: `${name}@example.com`,
        role: 'user',
        planType: 'free',
        hasPaymentMethod: false,
        createdAt: listed.createdAt.toISOString(),
        lastSignInAt: list.users[0]?.lastSignInAt,
        isActive: true,
      }),
    ]);
    expect(Date.now() - Date.parse(list.users[0]?.lastSignInAt ?? '')).toBeLessThan(60_000);
    expect(res.body).not.toMatch(/password|argon2|uniqueFormUrl/i);
  });

  it('pages by 20, newest first, and treats % and _ in a search as text', async () => {
    const prefix = uniqueName('page');
    for (let i = 0; i < 21; i++) await createUser(t.database.db, { username: `${prefix}_${i}` });
    const first = UserList.parse(
      (await call('GET', `/api/users?search=${prefix}`, admin.cookie)).json(),
    );
    expect(first.total).toBe(21);
    expect(first.users).toHaveLength(20);
    expect(first.users[0]?.username).toBe(`${prefix}_20`);
    const second = UserList.parse(
      (await call('GET', `/api/users?search=${prefix}&page=2`, admin.cookie)).json(),
    );
    expect(second.users.map((u) => u.username)).toEqual([`${prefix}_0`]);
    const wildcard = UserList.parse(
      (await call('GET', '/api/users?search=%25', admin.cookie)).json(),
    );
    expect(wildcard.total).toBe(0);
  });

  it('answers 400 for a bad page', async () => {
    const res = await call('GET', '/api/users?page=0', admin.cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: expect.any(String) });
  });
});

describe('Add User', () => {
  it('with Send credentials: emails a one-time link (never a password) that sets the password once', async () => {
    const username = uniqueName('new');
    const address = email();
    const result = await addUser({ username, email: address, role: 'user', sendCredentials: true });
    expect(result).toMatchObject({
      emailed: true,
      link: null,
      expiresAt: null,
      user: { username, email: address, role: 'user', planType: 'free', isActive: true },
    });
    const { message, token } = await mailedLink(address);
    expect(message.kind).toBe('set_password');
    expect(message.textBody).toContain(username);
    expect(message.htmlBody).toContain(`token=${token}`);
    // The only secret in it is the link: no "Password: ..." line of any kind.
    expect(message.textBody).not.toMatch(/password:\s+(?!https:)/i);

    // No password works before the link is used.
    const early = await call('POST', '/api/login', undefined, { username, password: '!unset' });
    expect(early.statusCode).toBe(401);

    const check = await call('POST', '/api/password/check', undefined, { token });
    expect(check.statusCode).toBe(200);
    expect(check.json()).toMatchObject({ username, purpose: 'set_password' });
    const expires = Date.parse(check.json().expiresAt) - Date.now();
    expect(expires).toBeGreaterThan(71 * 3600_000);
    expect(expires).toBeLessThanOrEqual(72 * 3600_000);

    const set = await call('POST', '/api/password/set', undefined, {
      token,
      password: NEW_PASSWORD,
    });
    expect(set.statusCode, set.body).toBe(200);
    await login(t.app, username, NEW_PASSWORD);

    const again = await call('POST', '/api/password/set', undefined, {
      token,
      password: 'another one!',
    });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ message: PASSWORD_LINK_MESSAGES.used });
    await login(t.app, username, NEW_PASSWORD);

    const stored = await t.database.db
      .select()
      .from(passwordTokens)
      .where(eq(passwordTokens.userId, result.user.id));
    expect(stored).toHaveLength(1);
    expect(stored[0]?.tokenHash).not.toContain(token);
    expect(stored[0]?.createdBy).toBe(admin.id);
    const actions = (await auditOf(result.user.id)).map((a) => [a.action, a.actorId]);
    expect(actions).toEqual([
      ['user.created', admin.id],
      ['user.password_set', result.user.id],
    ]);
  });

  it('without Send credentials: shows the link once and mails nothing', async () => {
    const username = uniqueName('handover');
    const address = email();
    const result = await addUser({
      username,
      email: address,
      role: 'admin',
      sendCredentials: false,
    });
    expect(result.emailed).toBe(false);
    expect(result.user.role).toBe('admin');
    expect(result.link).toMatch(/^https:\/\/reports\.example\.com\/set-password\?token=[\w-]{43}$/);
    expect(Date.parse(result.expiresAt ?? '')).toBeGreaterThan(Date.now());
    expect(await messagesTo(address)).toBe(0);
    const token = new URL(result.link ?? '').searchParams.get('token');
    const set = await call('POST', '/api/password/set', undefined, {
      token,
      password: NEW_PASSWORD,
    });
    expect(set.statusCode).toBe(200);
    await login(t.app, username, NEW_PASSWORD);
  });

  it('defaults to role user with credentials sent', async () => {
    const address = email();
    const result = await addUser({ username: uniqueName('defaults'), email: address });
    expect(result.user.role).toBe('user');
    expect(result.emailed).toBe(true);
    expect(await messagesTo(address)).toBe(1);
  });

  it('refuses missing fields and a bad email with the messages the form shows, writing nothing', async () => {
    const cases: [object, string][] = [
      [{ email: 'a@example.com' }, 'Please fill in all required fields'],
      [{ username: '  ', email: 'a@example.com' }, 'Please fill in all required fields'],
      [{ username: uniqueName() }, 'Please fill in all required fields'],
      [{ username: uniqueName(), email: '' }, 'Please fill in all required fields'],
      [{ username: uniqueName(), email: 'not-an-email' }, 'Please enter a valid email address'],
      [{ username: uniqueName(), email: 'a@example.com', role: 'owner' }, expect.any(String)],
    ];
    const before = (await t.database.db.select({ n: count() }).from(users))[0]?.n;
    for (const [body, message] of cases) {
      const res = await call('POST', '/api/users', admin.cookie, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toEqual({ message });
    }
    expect((await t.database.db.select({ n: count() }).from(users))[0]?.n).toBe(before);
  });

  it('answers 409 for a taken username (any case) and mails nothing', async () => {
    const taken = await createUser(t.database.db);
    const address = email();
    const res = await call('POST', '/api/users', admin.cookie, {
      username: taken.username.toUpperCase(),
      email: address,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'Username already exists' });
    expect(await messagesTo(address)).toBe(0);
  });
});

describe('one-time links', () => {
  it('are bound to their user, expire, and unknown ones say so', async () => {
    const address = email();
    const first = await addUser({ username: uniqueName('bound'), email: address });
    const other = await createUser(t.database.db);
    const { token } = await mailedLink(address);

    const unknown = await call('POST', '/api/password/check', undefined, { token: `${token}x` });
    expect(unknown.json()).toEqual({ message: PASSWORD_LINK_MESSAGES.unknown });

    await t.database.db
      .update(passwordTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordTokens.userId, first.user.id));
    for (const url of ['/api/password/check', '/api/password/set']) {
      const res = await call('POST', url, undefined, { token, password: NEW_PASSWORD });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: PASSWORD_LINK_MESSAGES.expired });
    }
    // Nothing changed for anyone: the other user's password is theirs.
    await login(t.app, other.username);
  });

  it('a newer link replaces the older one', async () => {
    const address = email();
    const result = await addUser({ username: uniqueName('newer'), email: address });
    const { token: older } = await mailedLink(address);
    const sent = await call('POST', `/api/users/${result.user.id}/send-credentials`, admin.cookie);
    expect(sent.statusCode).toBe(200);
    const { token: newer } = await mailedLink(address);
    expect(newer).not.toBe(older);
    const stale = await call('POST', '/api/password/check', undefined, { token: older });
    expect(stale.json()).toEqual({ message: PASSWORD_LINK_MESSAGES.expired });
    expect(
      (await call('POST', '/api/password/check', undefined, { token: newer })).statusCode,
    ).toBe(200);
  });

  it('refuses a weak password without using the link up', async () => {
    const address = email();
    await addUser({ username: uniqueName('weak'), email: address });
    const { token } = await mailedLink(address);
    const weak = await call('POST', '/api/password/set', undefined, { token, password: 'short' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().message).toMatch(/at least 8/);
    expect((await call('POST', '/api/password/check', undefined, { token })).statusCode).toBe(200);
  });

  it('work once under two simultaneous submits', async () => {
    const address = email();
    await addUser({ username: uniqueName('race'), email: address });
    const { token } = await mailedLink(address);
    const answers = await Promise.all(
      [NEW_PASSWORD, 'the other passphrase'].map((password) =>
        call('POST', '/api/password/set', undefined, { token, password }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
  });
});

describe('Reset Password and Send Credentials', () => {
  it('reset mails a 1-hour link; setting the password ends every old session', async () => {
    const address = email();
    const user = await createUser(t.database.db, { email: address });
    const cookie = await login(t.app, user.username);
    const res = await call('POST', `/api/users/${user.id}/reset-password`, admin.cookie);
    expect(res.statusCode).toBe(200);
    expect(UserActionResult.parse(res.json())).toMatchObject({ emailed: true, link: null });
    const { message, token } = await mailedLink(address);
    expect(message.kind).toBe('reset_password');
    const info = (await call('POST', '/api/password/check', undefined, { token })).json();
    expect(info.purpose).toBe('reset_password');
    expect(Date.parse(info.expiresAt) - Date.now()).toBeLessThanOrEqual(3600_000);

    // The old password still works until the link is used.
    expect((await call('GET', '/api/user', cookie)).statusCode).toBe(200);
    await call('POST', '/api/password/set', undefined, { token, password: NEW_PASSWORD });
    expect((await call('GET', '/api/user', cookie)).statusCode).toBe(401);
    const old = await call('POST', '/api/login', undefined, {
      username: user.username,
      password: TEST_PASSWORD,
    });
    expect(old.statusCode).toBe(401);
    await login(t.app, user.username, NEW_PASSWORD);
    expect((await auditOf(user.id)).map((a) => a.action)).toEqual([
      'user.password_reset_sent',
      'user.password_reset',
    ]);
  });

  it('hands the link to the admin when the user has no email', async () => {
    const user = await createUser(t.database.db, { email: null });
    const res = await call('POST', `/api/users/${user.id}/send-credentials`, admin.cookie);
    expect(res.statusCode).toBe(200);
    const result = UserActionResult.parse(res.json());
    expect(result.emailed).toBe(false);
    expect(result.link).toContain('/set-password?token=');
    expect(result.message).toContain('has no email address');
  });

  it('answers 404 for an unknown user and 400 for an id that is not one', async () => {
    expect((await call('POST', '/api/users/999999/reset-password', admin.cookie)).statusCode).toBe(
      404,
    );
    for (const id of ['abc', '0', '-1', '2147483648', '1.5']) {
      const res = await call('POST', `/api/users/${id}/reset-password`, admin.cookie);
      expect(res.statusCode, id).toBe(400);
      expect(res.json()).toEqual({ message: 'Invalid id' });
    }
  });

  it('refuses control characters in searches, identifiers and tokens with a 400', async () => {
    const cases: [Method, string, object?][] = [
      ['GET', '/api/users?search=a%00b'],
      ['POST', '/api/password/forgot', { identifier: 'a\u0000b' }],
      ['POST', '/api/password/check', { token: 'a\u0000b' }],
      ['POST', '/api/password/set', { token: 'a\u0000b', password: NEW_PASSWORD }],
    ];
    for (const [method, url, body] of cases) {
      const res = await call(method, url, admin.cookie, body);
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toEqual({ message: expect.any(String) });
    }
  });
});

describe('Deactivate and reactivate', () => {
  it('ends every session, refuses login with a clear message, closes the form link, keeps the data', async () => {
    const { user, cookie } = await signedIn(t.app, t.database.db);
    const provider = await createProvider(t.database.db);
    const form = await submitForm(t.app, user.uniqueFormUrl, submission(provider.id));
    expect(form.statusCode, form.body).toBe(201);

    const res = await call('POST', `/api/users/${user.id}/deactivate`, admin.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: user.id, isActive: false });

    expect((await call('GET', '/api/user', cookie)).statusCode).toBe(401);
    const refused = await call('POST', '/api/login', undefined, {
      username: user.username,
      password: TEST_PASSWORD,
    });
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ message: DEACTIVATED_MESSAGE });
    const owner = await call('GET', `/api/form-owner/${user.uniqueFormUrl}`);
    expect(owner.statusCode).toBe(404);
    const connections = await call('GET', `/api/connections?search=${user.username}`, admin.cookie);
    expect(connections.json().total).toBe(1);

    const back = await call('POST', `/api/users/${user.id}/reactivate`, admin.cookie);
    expect(back.json()).toMatchObject({ isActive: true });
    await login(t.app, user.username);
    expect((await call('GET', `/api/form-owner/${user.uniqueFormUrl}`)).statusCode).toBe(200);
    expect((await auditOf(user.id)).map((a) => [a.action, a.actorId])).toEqual([
      ['user.deactivated', admin.id],
      ['user.reactivated', admin.id],
    ]);
  });

  it('refuses to deactivate or demote yourself or the last admin', async () => {
    const self = await call('POST', `/api/users/${admin.id}/deactivate`, admin.cookie);
    expect(self.statusCode).toBe(400);
    expect(self.json()).toEqual({ message: 'You cannot deactivate your own account.' });
    const demote = await call('PATCH', `/api/users/${admin.id}`, admin.cookie, { role: 'user' });
    expect(demote.json()).toEqual({ message: 'You cannot remove your own administrator role.' });

    // Leave two active admins; when each deactivates the other at once, one must remain.
    const second = await signedIn(t.app, t.database.db, 'admin');
    const others = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.role, 'admin'), eq(users.isActive, true)));
    const parked = others.map((o) => o.id).filter((id) => id !== admin.id && id !== second.user.id);
    for (const id of parked) {
      expect((await call('POST', `/api/users/${id}/deactivate`, admin.cookie)).statusCode).toBe(
        200,
      );
    }
    // Straight to the service, so both get past the access check before either commits.
    const answers = await Promise.allSettled([
      t.app.services.users.setActive({ id: admin.id }, second.user.id, false),
      t.app.services.users.setActive({ id: second.user.id }, admin.id, false),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual(['fulfilled', 'rejected']);
    const refused = answers.find((a) => a.status === 'rejected');
    expect((refused as PromiseRejectedResult).reason).toMatchObject({
      statusCode: 400,
      message: 'At least one active administrator must remain.',
    });
    const active = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.role, 'admin'), eq(users.isActive, true)));
    expect(active).toHaveLength(1);
    // Put things back for the tests that follow.
    const survivor = active[0]?.id === admin.id ? admin.cookie : second.cookie;
    for (const id of [admin.id, second.user.id, ...parked]) {
      await call('POST', `/api/users/${id}/reactivate`, survivor);
    }
    const [me] = await t.database.db.select().from(users).where(eq(users.id, admin.id));
    admin.cookie = await login(t.app, me?.username ?? '');
  });

  it('takes effect at once in a second app process on the same database', async () => {
    const { buildApp } = await import('../../app.ts');
    const other = await buildApp({ config: t.config, database: t.database, jobMode: 'inline' });
    try {
      await other.databaseReady;
      const { user, cookie } = await signedIn(t.app, t.database.db);
      const onOther = () => other.inject({ method: 'GET', url: '/api/user', headers: { cookie } });
      expect((await onOther()).statusCode).toBe(200);
      expect((await onOther()).statusCode).toBe(200);
      await call('POST', `/api/users/${user.id}/deactivate`, admin.cookie);
      const status = await pollUntil(
        async () => (await onOther()).statusCode,
        (s) => s !== 200,
      );
      expect(status).toBe(401);
    } finally {
      await other.close();
    }
  });
});

describe('roles', () => {
  it('a promoted user reaches admin routes on their next request, a demoted one no longer', async () => {
    const { user, cookie } = await signedIn(t.app, t.database.db);
    expect((await call('GET', '/api/users', cookie)).statusCode).toBe(403);
    await call('PATCH', `/api/users/${user.id}`, admin.cookie, { role: 'admin' });
    expect((await call('GET', '/api/users', cookie)).statusCode).toBe(200);
    await call('PATCH', `/api/users/${user.id}`, admin.cookie, { role: 'user' });
    expect((await call('GET', '/api/users', cookie)).statusCode).toBe(403);
    expect((await auditOf(user.id)).map((a) => a.details)).toEqual([
      { from: 'user', to: 'admin' },
      { from: 'admin', to: 'user' },
    ]);
  });
});

describe('Forgot password', () => {
  const forgot = (identifier: unknown) =>
    call('POST', '/api/password/forgot', undefined, { identifier });

  const waitForMessages = (to: string, n: number) =>
    pollUntil(
      () => messagesTo(to),
      (count) => count >= n,
      { timeoutMs: 5000 },
    );

  it('answers the same whether or not the account exists, and mails a reset link when it does', async () => {
    const address = email();
    const user = await createUser(t.database.db, { email: address });
    const known = await forgot(user.username.toUpperCase());
    const byEmail = await forgot(address);
    const unknown = await forgot(`${uniqueName('nobody')}@example.com`);
    for (const res of [known, byEmail, unknown]) {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: FORGOT_PASSWORD_ANSWER });
    }
    expect(await waitForMessages(address, 2)).toBe(2);
    const { token, message } = await mailedLink(address);
    expect(message.kind).toBe('reset_password');
    await call('POST', '/api/password/set', undefined, { token, password: NEW_PASSWORD });
    await login(t.app, user.username, NEW_PASSWORD);
  });

  it('sends at most 3 links an hour to one account, and none to a deactivated one', async () => {
    const address = email();
    const user = await createUser(t.database.db, { email: address });
    for (let i = 0; i < 5; i++) expect((await forgot(user.username)).statusCode).toBe(200);
    await waitForMessages(address, 3);
    await new Promise((r) => setTimeout(r, 300));
    expect(await messagesTo(address)).toBe(3);

    const gone = email();
    const deactivated = await createUser(t.database.db, { email: gone });
    await call('POST', `/api/users/${deactivated.id}/deactivate`, admin.cookie);
    await forgot(deactivated.username);
    await new Promise((r) => setTimeout(r, 300));
    expect(await messagesTo(gone)).toBe(0);
  });

  it('asks for an identifier', async () => {
    const res = await forgot('  ');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Please enter your username or email' });
  });

  it('is rate limited per address', async () => {
    const limited = await createTestApp({ AUTH_RATE_LIMIT: '2' });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 3; i++) {
        const res = await limited.app.inject({
          method: 'POST',
          url: '/api/password/forgot',
          payload: { identifier: 'someone' },
        });
        codes.push(res.statusCode);
      }
      expect(codes).toEqual([200, 200, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe('the signed-in user’s password and email', () => {
  it('changes the password with the current one; other sessions end, this one stays', async () => {
    const { user, cookie } = await signedIn(t.app, t.database.db);
    const elsewhere = await login(t.app, user.username);
    const wrong = await call('PUT', '/api/user/password', cookie, {
      currentPassword: 'not it',
      newPassword: NEW_PASSWORD,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ message: 'Current password is incorrect' });
    expect((await call('GET', '/api/user', elsewhere)).statusCode).toBe(200);

    const ok = await call('PUT', '/api/user/password', cookie, {
      currentPassword: TEST_PASSWORD,
      newPassword: NEW_PASSWORD,
    });
    expect(ok.statusCode).toBe(200);
    expect((await call('GET', '/api/user', cookie)).statusCode).toBe(200);
    expect((await call('GET', '/api/user', elsewhere)).statusCode).toBe(401);
    await login(t.app, user.username, NEW_PASSWORD);
    expect((await auditOf(user.id)).map((a) => a.action)).toEqual(['user.password_changed']);
  });

  it('changes the email with the current password', async () => {
    const { user, cookie } = await signedIn(t.app, t.database.db);
    const address = email();
    const wrong = await call('PUT', '/api/user/email', cookie, {
      email: address,
      currentPassword: 'nope',
    });
    expect(wrong.statusCode).toBe(400);
    const bad = await call('PUT', '/api/user/email', cookie, {
      email: 'nope',
      currentPassword: TEST_PASSWORD,
    });
    expect(bad.json()).toEqual({ message: 'Please enter a valid email address' });
    const ok = await call('PUT', '/api/user/email', cookie, {
      email: address,
      currentPassword: TEST_PASSWORD,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ id: user.id, email: address });
    expect((await call('GET', '/api/user', cookie)).json().email).toBe(address);
  });
});
