import rateLimit from '@fastify/rate-limit';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import { openTestDatabase } from '../test/database.ts';
import { countRequest, databaseRateLimitStore, sweepRateLimits } from './rate-limits.ts';

// The rate limits' counts in the database: two servers on one database (two processes behind a
// load balancer) share each limit.

let database: Database;
const apps: FastifyInstance[] = [];

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await Promise.all(apps.map((app) => app.close()));
  await database.close();
});

/** A server with one limited route and one without, counting in the shared database. */
async function server(): Promise<FastifyInstance> {
  const app = Fastify();
  await app.register(rateLimit, { global: false, store: databaseRateLimitStore(database.db) });
  app.post('/limited', { config: { rateLimit: { max: 3, timeWindow: 60_000 } } }, async () => ({
    ok: true,
  }));
  app.post('/other', { config: { rateLimit: { max: 3, timeWindow: 60_000 } } }, async () => ({
    ok: true,
  }));
  const keyed = () =>
    app.createRateLimit({ max: 2, timeWindow: 60_000, keyGenerator: () => 'api-key:7' });
  let limiter: ReturnType<typeof keyed> | undefined;
  app.get('/keyed', async (request, reply) => {
    limiter ??= keyed();
    const state = await limiter(request);
    if (!state.isAllowed && state.isExceeded) return reply.code(429).send({ limited: true });
    return { ok: true };
  });
  apps.push(app);
  return app;
}

describe('rate limits counted in the database', () => {
  it('one limit across two servers: the fourth request, on either, is refused', async () => {
    const [one, two] = [await server(), await server()];
    const post = (app: FastifyInstance, url = '/limited') =>
      app.inject({ method: 'POST', url, remoteAddress: '203.0.113.9' });
    expect((await post(one)).statusCode).toBe(200);
    expect((await post(two)).statusCode).toBe(200);
    expect((await post(one)).statusCode).toBe(200);
    const refused = await post(two);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    // Another route's limit and another address count apart.
    expect((await post(one, '/other')).statusCode).toBe(200);
    const elsewhere = await two.inject({
      method: 'POST',
      url: '/limited',
      remoteAddress: '198.51.100.4',
    });
    expect(elsewhere.statusCode).toBe(200);
  });

  it('a budget made with createRateLimit (an API key) is shared too', async () => {
    const [one, two] = [await server(), await server()];
    expect((await one.inject({ url: '/keyed' })).statusCode).toBe(200);
    expect((await two.inject({ url: '/keyed' })).statusCode).toBe(200);
    expect((await one.inject({ url: '/keyed' })).statusCode).toBe(429);
  });

  it('counts concurrent requests exactly, and starts a new window once one has ended', async () => {
    const counts = await Promise.all(
      Array.from({ length: 20 }, () => countRequest(database.db, 'burst', 60_000)),
    );
    expect(counts.map((c) => c.current).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 20 }, (_, i) => i + 1),
    );
    // The window ended (moved into the past, as time would): the next request starts afresh.
    await database.db.execute(
      sql`update rate_limits set window_ends_at = now() - interval '2 minutes' where key = 'burst'`,
    );
    const fresh = await countRequest(database.db, 'burst', 60_000);
    expect(fresh.current).toBe(1);
    expect(fresh.ttl).toBeGreaterThan(50_000);
    expect(fresh.ttl).toBeLessThanOrEqual(60_000);
  });

  it('sweeps windows that ended', async () => {
    await countRequest(database.db, 'stale', 60_000);
    await database.db.execute(
      sql`update rate_limits set window_ends_at = now() - interval '2 minutes' where key = 'stale'`,
    );
    await sweepRateLimits(database.db);
    const left = await database.db.execute(sql`select key from rate_limits where key = 'stale'`);
    expect((left as unknown as { rows: unknown[] }).rows).toEqual([]);
  });
});
