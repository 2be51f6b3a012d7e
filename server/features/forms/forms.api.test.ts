import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FormOwner } from '../../../common/forms.ts';
import { connections } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { createProvider, submission, submitForm } from '../../test/connections.ts';
import { createUser, signedIn } from '../../test/factories.ts';
import { pngLogo } from '../../test/logos.ts';

let t: TestApp;
let owner: Awaited<ReturnType<typeof createUser>>;
let providerId: number;
beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t.database.db);
  providerId = (await createProvider(t.database.db)).id;
});
afterAll(() => t.close());

const connectionCount = async () =>
  (
    await t.database.db
      .select({ n: count() })
      .from(connections)
      .where(eq(connections.userId, owner.id))
  )[0]?.n;

describe('GET /api/form-owner/:uniqueFormUrl', () => {
  it('names the link owner in neutral words, never by the username they sign in with', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/form-owner/${owner.uniqueFormUrl}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      displayName: 'your energy professional',
      companyName: null,
      logoUrl: null,
    });
    expect(res.body).not.toContain(owner.username);
  });

  it('names the business and gives its logo, at an address tied to the link', async () => {
    const pro = await signedIn(t.app, t.database.db);
    await t.app.inject({
      method: 'PUT',
      url: '/api/user/business',
      payload: { companyName: 'Sunrise Solar', replyToEmail: 'office@sunrise.example' },
      headers: { cookie: pro.cookie },
    });
    const logo = pngLogo();
    await t.app.inject({
      method: 'PUT',
      url: '/api/user/business/logo',
      payload: logo,
      headers: { cookie: pro.cookie, 'content-type': 'image/png' },
    });
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/form-owner/${pro.user.uniqueFormUrl}`,
    });
    expect(res.statusCode).toBe(200);
    const answer = FormOwner.parse(res.json());
    expect(answer).toEqual({
      displayName: 'Sunrise Solar',
      companyName: 'Sunrise Solar',
      logoUrl: expect.stringMatching(
        new RegExp(`^/api/form-owner/${pro.user.uniqueFormUrl}/logo\\?v=[\\w-]+\\.png$`),
      ),
    });
    // Public: the customer is not signed in. Nothing else of the account is given.
    expect(res.body).not.toContain(pro.user.username);
    expect(res.body).not.toContain('office@sunrise.example');
    const served = await t.app.inject({ method: 'GET', url: answer.logoUrl as string });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(logo)).toBe(true);
    // Another link, or none, gives no logo.
    for (const link of [owner.uniqueFormUrl, 'nope']) {
      const other = await t.app.inject({ method: 'GET', url: `/api/form-owner/${link}/logo` });
      expect(other.statusCode).toBe(404);
    }
  });

  it.each(['nope', String(owner?.id ?? 1)])(
    'answers 404 for an unknown link (%s)',
    async (link) => {
      const res = await t.app.inject({ method: 'GET', url: `/api/form-owner/${link}` });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Form not found' });
    },
  );
});

describe('POST /api/form/:uniqueFormUrl', () => {
  it('creates a pending connection owned by the link user, credentials sealed, consent recorded', async () => {
    const res = await submitForm(t.app, owner.uniqueFormUrl, submission(providerId));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ status: 'pending' });
    expect(res.body).not.toContain('portal-pass-123');
    const [row] = await t.database.db
      .select()
      .from(connections)
      .where(eq(connections.id, res.json().id));
    expect(row).toMatchObject({
      userId: owner.id,
      providerId,
      status: 'pending',
      customerName: 'Dana Customer',
    });
    expect(row?.consentAt).toBeInstanceOf(Date);
    expect(row?.utilityPasswordSealed).toMatch(/^v1\./);
    expect(row?.utilityPasswordSealed).not.toContain('portal-pass-123');
    expect(row?.utilityUsernameSealed).not.toContain('dana-portal');
  });

  it('creates one connection for a double-clicked submit', async () => {
    const before = await connectionCount();
    const payload = submission(providerId, { submissionKey: 'key-double-click-1' });
    const [a, b] = await Promise.all([
      submitForm(t.app, owner.uniqueFormUrl, payload),
      submitForm(t.app, owner.uniqueFormUrl, payload),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 201]);
    expect(a.json().id).toBe(b.json().id);
    expect(await connectionCount()).toBe((before ?? 0) + 1);
  });

  it.each([
    [{ name: '' }, 'Name is required'],
    [{ email: 'not-an-email' }, 'Please enter a valid email address'],
    [{ address: ' ' }, 'Service address is required'],
    [{ username: '' }, 'Utility username is required'],
    [{ password: '' }, 'Utility password is required'],
    [{ providerId: '' }, 'Please choose your utility provider'],
    [{ providerId: 999999 }, 'Please choose a utility provider from the list'],
    [{ consent: undefined }, 'Please tick the box to authorize access to your utility account'],
    [{ consent: false }, 'Please tick the box to authorize access to your utility account'],
  ])('refuses %o and writes nothing', async (overrides, message) => {
    const before = await connectionCount();
    const res = await submitForm(t.app, owner.uniqueFormUrl, submission(providerId, overrides));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
    expect(await connectionCount()).toBe(before);
  });

  it('refuses an inactive provider', async () => {
    const retired = await createProvider(t.database.db, { isActive: false });
    const res = await submitForm(t.app, owner.uniqueFormUrl, submission(retired.id));
    expect(res.statusCode).toBe(400);
  });

  it('answers 404 for an unknown link', async () => {
    const res = await submitForm(t.app, 'no-such-link', submission(providerId));
    expect(res.statusCode).toBe(404);
  });

  it('is rate limited per IP', async () => {
    const limited = await createTestApp({ FORM_RATE_LIMIT: '2' });
    try {
      const user = await createUser(limited.database.db);
      const provider = await createProvider(limited.database.db);
      const send = () =>
        limited.app.inject({
          method: 'POST',
          url: `/api/form/${user.uniqueFormUrl}`,
          payload: submission(provider.id),
          remoteAddress: '203.0.113.50',
        });
      expect((await send()).statusCode).toBe(201);
      expect((await send()).statusCode).toBe(201);
      const third = await send();
      expect(third.statusCode).toBe(429);
      expect(third.json().message).toMatch(/Too many attempts/);
    } finally {
      await limited.close();
    }
  });
});
