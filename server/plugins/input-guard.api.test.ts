import { IncomingMessage } from 'node:http';
import { Socket } from 'node:net';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';
import { createProvider, submission, submitForm } from '../test/connections.ts';
import { signedIn } from '../test/factories.ts';
import { tableDigest } from '../test/fuzz.ts';
import { controlCharacterAt } from './input-guard.ts';

describe('input the database or the router cannot take', () => {
  let t: TestApp;
  let admin: string;
  let link: string;
  let providerId: number;
  beforeAll(async () => {
    t = await createTestApp();
    admin = (await signedIn(t.app, t.database.db, 'admin')).cookie;
    const me = await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie: admin } });
    link = me.json().uniqueFormUrl;
    providerId = (await createProvider(t.database.db)).id;
  });
  afterAll(() => t.close());

  it('finds a control character anywhere, names its field, and lets tabs and new lines be', () => {
    expect(controlCharacterAt({ name: 'Dana', notes: 'a\tb\r\nc' })).toBeUndefined();
    expect(controlCharacterAt({ a: { b: ['ok', 'x\u0000'] } })).toBe('a.b[1]');
    expect(controlCharacterAt({ 'k\u0007': 1 })).toBe('k\u0007');
    expect(controlCharacterAt('\u007f')).toBe('value');
    expect(controlCharacterAt(Buffer.from([0]))).toBeUndefined();
  });

  it('passes a raw body (an upload stream, with its circular references) untouched', () => {
    const stream = Object.assign(new PassThrough(), { label: '\u0000' });
    expect(controlCharacterAt({ body: stream })).toBeUndefined();
    const viaSocket = new IncomingMessage(new Socket());
    expect(controlCharacterAt({ body: viaSocket })).toBeUndefined();
    let deep: unknown = '\u0000';
    for (let level = 0; level < 100_000; level++) deep = [deep];
    expect(controlCharacterAt(deep)).toBeUndefined();
  });

  it('refuses a NUL in the public form, the login and a search with a 400 naming the field, writing nothing', async () => {
    const before = await tableDigest(t.database.db);
    const form = await submitForm(t.app, link, submission(providerId, { address: '1 Main\u0000' }));
    expect(form.statusCode).toBe(400);
    expect(form.json()).toEqual({ message: 'address must not contain control characters' });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'a\u0000b', password: 'whatever-long' },
    });
    expect(login.json()).toEqual({ message: 'username must not contain control characters' });
    const owner = await t.app.inject({ method: 'GET', url: '/api/form-owner/a%00b' });
    expect(owner.statusCode).toBe(400);
    const search = await t.app.inject({
      method: 'GET',
      url: '/api/connections?search=x%1b',
      headers: { cookie: admin },
    });
    expect(search.json()).toEqual({ message: 'search must not contain control characters' });
    expect(await tableDigest(t.database.db)).toBe(before);
  });

  it('bounds ids and dates to what the columns hold', async () => {
    const big = await submitForm(t.app, link, submission(providerId, { providerId: 2147483648 }));
    expect(big.statusCode).toBe(400);
    for (const query of ['from=0000-01-01', 'to=9999-12-31', 'providerId=2147483648']) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/connections?${query}`,
        headers: { cookie: admin },
      });
      expect(res.statusCode, query).toBe(400);
    }
    const dates = await t.app.inject({
      method: 'GET',
      url: '/api/connections?from=1899-12-31',
      headers: { cookie: admin },
    });
    expect(dates.json()).toEqual({ message: 'Dates must be between 1900-01-01 and 2199-12-31' });
  });

  it("answers the router's own refusals in the one error format", async () => {
    const long = await t.app.inject({ method: 'GET', url: `/api/form-owner/${'x'.repeat(101)}` });
    expect(long.statusCode).toBe(414);
    expect(long.json()).toEqual({ message: 'This address is too long.' });
    const broken = await t.app.inject({ method: 'GET', url: '/api/connections/%E0%A4%A' });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual({ message: 'This address is not valid.' });
  });
});
