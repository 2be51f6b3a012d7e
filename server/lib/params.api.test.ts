import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';
import { createProvider, submission, submitForm } from '../test/connections.ts';
import { signedIn } from '../test/factories.ts';

// An id is its one decimal text: anything else that a number parser would also read as that id
// (hex, a trailing newline, leading zeros, an exponent, a sign, spaces) is refused with 400.

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
let id: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedIn(t.app, t.database.db, 'admin');
  const me = await t.app.inject({
    method: 'GET',
    url: '/api/user',
    headers: { cookie: admin.cookie },
  });
  const provider = await createProvider(t.database.db);
  id = (await submitForm(t.app, me.json().uniqueFormUrl, submission(provider.id))).json().id;
});
afterAll(async () => t?.close());

const get = (url: string) =>
  t.app.inject({ method: 'GET', url, headers: { cookie: admin.cookie } });

const NOT_IDS = ['0x1', '1%0a', '%201', '01', '1e0', '+1', '1.0', '0', '-1', '2147483648'];

describe('ids in a path', () => {
  it('reads the canonical decimal id', async () => {
    expect(id).toBe(1);
    expect((await get('/api/connections/1')).statusCode).toBe(200);
    expect((await get('/api/admin/outbox/99999')).statusCode).toBe(404);
  });

  it.each(NOT_IDS)('refuses %s with 400 and a message', async (text) => {
    for (const url of [
      `/api/connections/${text}`,
      `/api/connections/${text}/files`,
      `/api/admin/outbox/${text}`,
      `/api/reports/${text}/preview`,
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toEqual({ message: expect.any(String) });
    }
  });
});

describe('ids in a body', () => {
  it('refuses an id written otherwise than in decimal', async () => {
    for (const connectionId of ['0x1', '1\n', '01']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/record-usage',
        headers: { cookie: admin.cookie },
        payload: { connectionId },
      });
      expect(res.statusCode, connectionId).toBe(400);
      expect(res.json()).toEqual({ message: expect.any(String) });
    }
    // Its decimal text is read as the id (the admin has no card, so payment is asked for).
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/record-usage',
      headers: { cookie: admin.cookie },
      payload: { connectionId: String(id) },
    });
    expect(res.statusCode).toBe(402);
  });
});
