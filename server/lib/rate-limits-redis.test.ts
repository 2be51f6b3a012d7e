import { randomInt } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';

// With REDIS_URL the rate limits count in Redis: two apps on two databases (two processes that
// share nothing else) still share each limit. Runs where a Redis server is at hand (the
// development machine and CI have one on its standard port).

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

async function redisAnswers(): Promise<boolean> {
  const probe = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0 });
  probe.on('error', () => {});
  try {
    await probe.connect();
    return (await probe.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}

const apps: TestApp[] = [];
afterAll(() => Promise.all(apps.map((t) => t.close())));

async function app(env: Record<string, string>): Promise<TestApp> {
  const t = await createTestApp({ AUTH_RATE_LIMIT: '3', ...env });
  apps.push(t);
  return t;
}

let registered = 0;
/** A registration from one address (a new one per run, so earlier runs' counts stay apart). */
const register = (t: TestApp, address: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/register',
    remoteAddress: address,
    payload: { username: `limited-${++registered}`, email: null, password: 'a-long-password' },
  });

const someAddress = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

describe.skipIf(!(await redisAnswers()))('rate limits counted in Redis', () => {
  it('one limit across two apps that share nothing but Redis', async () => {
    const [one, two] = [await app({ REDIS_URL }), await app({ REDIS_URL })];
    const address = someAddress();
    const codes = [];
    for (const t of [one, two, one]) codes.push((await register(t, address)).statusCode);
    expect(codes).toEqual([201, 201, 201]);
    const refused = await register(two, address);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/Too many attempts/);
    // Another address has its own count.
    expect((await register(one, someAddress())).statusCode).toBe(201);
  });

  it('without Redis each app counts alone: the same four attempts are all answered', async () => {
    const [one, two] = [await app({}), await app({})];
    const address = someAddress();
    const codes = [];
    for (const t of [one, two, one, two]) codes.push((await register(t, address)).statusCode);
    expect(codes).toEqual([201, 201, 201, 201]);
  });
});

describe('rate limits while Redis is away', () => {
  it('lets requests through rather than refusing them or failing', async () => {
    // Nothing listens on port 1: every count fails at once.
    const t = await app({ REDIS_URL: 'redis://127.0.0.1:1' });
    const address = someAddress();
    for (let i = 0; i < 5; i++) expect((await register(t, address)).statusCode).toBe(201);
  });
});
