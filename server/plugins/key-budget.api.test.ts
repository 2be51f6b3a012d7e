import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';
import { createApiKey, signedInPremium } from '../test/factories.ts';

// /api/v1/... is the address of the routes a key may call. Anything else asked for there is
// not found before a rate budget counts it: neither the key's (API_RATE_LIMIT a minute) nor
// the per-address budget of the route of the same name under /api/.

let t: TestApp;
let key: string;

beforeAll(async () => {
  t = await createTestApp({ API_RATE_LIMIT: '3' });
  const who = await signedInPremium(t.app, t.database.db);
  key = (await createApiKey(t.app, who.cookie)).key;
});
afterAll(() => t?.close());

const call = (method: 'GET' | 'POST', url: string) =>
  t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${key}` },
    payload: method === 'POST' ? {} : undefined,
  });

const budgetHeaders = (headers: Record<string, unknown>) =>
  Object.keys(headers).filter((name) => name.includes('ratelimit'));

describe('a request under /api/v1/ for no route a key may call', () => {
  it('answers 404 and spends no budget', async () => {
    for (const [method, url] of [
      // Routes that exist under /api/, but not for keys; some with a per-address limit.
      ['GET', '/api/v1/stats'],
      ['POST', '/api/v1/api-keys'],
      ['POST', '/api/v1/billing/plan'],
      ['GET', '/api/v1/mfa/some-token'],
      ['POST', '/api/v1/password/forgot'],
      // No route at all.
      ['GET', '/api/v1/no-such-route'],
      ['POST', '/api/v1/connections/1/no-such-action'],
      ['GET', '/api/v1/'],
    ] as const) {
      const res = await call(method, url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ message: expect.any(String) });
      expect(budgetHeaders(res.headers), url).toEqual([]);
    }
    // The key's budget is whole: the first key call of the minute leaves 2 of 3.
    const first = await call('GET', '/api/v1/usage');
    expect(first.statusCode).toBe(200);
    expect(first.headers['ratelimit-remaining']).toBe('2');
    // And so is the code page's per-address budget: this is its first request.
    const page = await t.app.inject({ method: 'GET', url: '/api/mfa/some-token' });
    expect(Number(page.headers['x-ratelimit-remaining'])).toBe(
      Number(page.headers['x-ratelimit-limit']) - 1,
    );
  });
});
