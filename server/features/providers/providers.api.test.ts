import { count } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { Provider, PublicProvider } from '../../../common/providers.ts';
import { connections, providers } from '../../db/schema.ts';
import { adminAndUserApp, caller } from '../../test/api.ts';

const suite = adminAndUserApp();

const valid = {
  name: 'Pacific Gas and Electric',
  state: 'California',
  url: 'https://www.pge.com',
  loginUrl: 'https://myaccount.pge.com/myaccount/s/login',
  imageUrl: null,
};

const call = caller(() => suite.t.app);
const providerCount = async () =>
  (await suite.t.database.db.select({ n: count() }).from(providers))[0]?.n;

async function create(overrides: object = {}) {
  const res = await call('POST', '/api/providers', suite.admin.cookie, { ...valid, ...overrides });
  expect(res.statusCode).toBe(201);
  return Provider.parse(res.json());
}

describe('who may write providers', () => {
  it.each([
    ['anonymous', undefined, 401],
    ['a user', 'user', 403],
  ])('refuses %s on POST, PUT and DELETE', async (_who, as, status) => {
    const provider = await create();
    const cookie = as === 'user' ? suite.user.cookie : undefined;
    const before = await providerCount();
    expect((await call('POST', '/api/providers', cookie, valid)).statusCode).toBe(status);
    const put = await call('PUT', `/api/providers/${provider.id}`, cookie, {
      ...valid,
      name: 'Hacked',
    });
    expect(put.statusCode).toBe(status);
    expect((await call('DELETE', `/api/providers/${provider.id}`, cookie)).statusCode).toBe(status);
    expect(await providerCount()).toBe(before);
    const list = (await call('GET', '/api/providers', suite.admin.cookie)).json() as Provider[];
    expect(list.find((p) => p.id === provider.id)?.name).toBe(valid.name);
  });
});

describe('GET /api/providers', () => {
  it('shows the public only active providers and no internal fields', async () => {
    const active = await create({ name: 'Active Utility' });
    const inactive = await create({ name: 'Retired Utility' });
    await call('PUT', `/api/providers/${inactive.id}`, suite.admin.cookie, {
      ...valid,
      name: 'Retired Utility',
      isActive: false,
      usernameSelector: '#user',
    });
    for (const cookie of [undefined, suite.user.cookie]) {
      const res = await call('GET', '/api/providers', cookie);
      expect(res.statusCode).toBe(200);
      const list = res.json() as Record<string, unknown>[];
      expect(list.map((p) => p.id)).toContain(active.id);
      expect(list.map((p) => p.id)).not.toContain(inactive.id);
      for (const p of list)
        expect(Object.keys(p).sort()).toEqual(Object.keys(PublicProvider.shape).sort());
    }
    const adminList = (
      await call('GET', '/api/providers', suite.admin.cookie)
    ).json() as Provider[];
    const retired = adminList.find((p) => p.id === inactive.id);
    expect(retired).toMatchObject({
      isActive: false,
      usernameSelector: '#user',
      loginUrl: valid.loginUrl,
    });
  });
});

describe('POST /api/providers', () => {
  it('creates an active provider', async () => {
    const provider = await create();
    expect(provider).toMatchObject({ ...valid, isActive: true, usernameSelector: null });
  });

  it.each([
    [{ name: '' }, 'Please fill in all required fields'],
    [{ name: '   ' }, 'Please fill in all required fields'],
    [{ state: '' }, 'Please fill in all required fields'],
    [{ state: undefined }, 'Please fill in all required fields'],
    [{ state: 'Ontario' }, 'State must be one of the 50 US states'],
    [{ url: 'not a url' }, 'Website must be a valid http(s) URL'],
    [{ loginUrl: 'javascript:alert(1)' }, 'Login URL must be a valid http(s) URL'],
    [{ imageUrl: 'https://evil.example/logo.png' }, 'Upload the logo through the logo button'],
  ])('refuses %j with a clear message and writes nothing', async (overrides, message) => {
    const before = await providerCount();
    const res = await call('POST', '/api/providers', suite.admin.cookie, {
      ...valid,
      ...overrides,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
    expect(await providerCount()).toBe(before);
  });

  it('treats empty optional fields as none', async () => {
    const provider = await create({ url: '', loginUrl: '  ', imageUrl: '' });
    expect(provider).toMatchObject({ url: null, loginUrl: null, imageUrl: null });
  });

  it('makes a US utility unless told, its files in its state’s zone', async () => {
    expect(await create()).toMatchObject({ country: 'US', timeZone: null });
  });

  it('records a utility abroad with its region and time zone, shown to the public too', async () => {
    const provider = await create({
      name: 'Hydro Ottawa',
      country: 'CA',
      state: 'Ontario',
      timeZone: 'America/Toronto',
    });
    expect(provider).toMatchObject({
      country: 'CA',
      state: 'Ontario',
      timeZone: 'America/Toronto',
    });
    const list = (await call('GET', '/api/providers', undefined)).json() as PublicProvider[];
    expect(list.find((p) => p.id === provider.id)).toMatchObject({
      country: 'CA',
      state: 'Ontario',
      timeZone: 'America/Toronto',
    });
  });

  it.each([
    [
      { country: 'CA', state: 'Ontario' },
      "Choose the time zone the utility's files are written in",
    ],
    [
      { country: 'GB', state: 'England', timeZone: 'America/Toronto' },
      "Time zone must be one of United Kingdom's: Europe/London",
    ],
    [
      { country: 'FR', state: 'Paris', timeZone: 'Europe/Paris' },
      'Country must be one of those listed',
    ],
    [
      { country: 'US', state: 'Ohio', timeZone: 'Mars/Olympus' },
      expect.stringContaining('Time zone must be one of United States'),
    ],
  ])('refuses the place %j with a clear message and writes nothing', async (overrides, message) => {
    const before = await providerCount();
    const res = await call('POST', '/api/providers', suite.admin.cookie, {
      ...valid,
      ...overrides,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
    expect(await providerCount()).toBe(before);
  });
});

describe('PUT /api/providers/:id', () => {
  it('updates the fields, the three selectors and the retrieval settings', async () => {
    const provider = await create();
    const res = await call('PUT', `/api/providers/${provider.id}`, suite.admin.cookie, {
      ...valid,
      name: 'PG&E',
      usernameSelector: '#username',
      passwordSelector: 'input[type="password"]',
      submitSelector: 'button[type="submit"]',
      billsPage: ' /account/bills ',
      usagePage: 'Energy Usage',
      exportControl: '',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: provider.id,
      name: 'PG&E',
      usernameSelector: '#username',
      passwordSelector: 'input[type="password"]',
      submitSelector: 'button[type="submit"]',
      billsPage: '/account/bills',
      usagePage: 'Energy Usage',
      exportControl: null,
    });
  });

  it('answers 404 for an unknown provider and 400 for a bad id', async () => {
    expect((await call('PUT', '/api/providers/999999', suite.admin.cookie, valid)).json()).toEqual({
      message: 'Provider not found',
    });
    expect((await call('PUT', '/api/providers/abc', suite.admin.cookie, valid)).statusCode).toBe(
      400,
    );
  });
});

describe('DELETE /api/providers/:id', () => {
  it('deletes an unused provider', async () => {
    const provider = await create({ name: 'Unused Utility' });
    const res = await call('DELETE', `/api/providers/${provider.id}`, suite.admin.cookie);
    expect(res.statusCode).toBe(200);
    const list = (await call('GET', '/api/providers', suite.admin.cookie)).json() as Provider[];
    expect(list.map((p) => p.id)).not.toContain(provider.id);
    expect(
      (await call('DELETE', `/api/providers/${provider.id}`, suite.admin.cookie)).statusCode,
    ).toBe(404);
  });

  it('refuses to delete a provider that connections use, and keeps both', async () => {
    const provider = await create({ name: 'Busy Utility' });
    await suite.t.database.db.insert(connections).values({
      userId: suite.user.user.id,
      providerId: provider.id,
      customerName: 'Dana Client',
      customerEmail: 'dana@example.com',
    });
    const res = await call('DELETE', `/api/providers/${provider.id}`, suite.admin.cookie);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      message: 'Busy Utility is used by 1 connection and cannot be deleted. Deactivate it instead.',
    });
    const list = (await call('GET', '/api/providers', suite.admin.cookie)).json() as Provider[];
    expect(list.map((p) => p.id)).toContain(provider.id);
  });
});
