import type { FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import type { Database, Executor } from '../db/client.ts';
import { rateLimits } from '../db/schema.ts';

/** What @fastify/rate-limit hands a store's `incr` and `read` callbacks. */
type Counted = { current: number; ttl: number };
type Callback = (err: Error | null, result?: Counted) => void;

/** How often, at most, one process deletes the windows that have ended. */
const SWEEP_EVERY_MS = 10 * 60 * 1000;

/** One counting statement's answer. */
type Row = { hits: number; ttl_ms: number | string };

/**
 * Counts one request under `key` in a window of `windowMs`: a key whose window has ended starts
 * a new one. One statement, atomic under concurrent requests from any number of processes; the
 * database's clock is the only one read, so processes whose clocks differ agree.
 */
export async function countRequest(db: Executor, key: string, windowMs: number): Promise<Counted> {
  const result = await db.execute(sql`
    insert into ${rateLimits} (key, hits, window_ends_at)
    values (${key}, 1, now() + ${windowMs} * interval '1 millisecond')
    on conflict (key) do update set
      hits = case when ${rateLimits.windowEndsAt} <= now() then 1 else ${rateLimits.hits} + 1 end,
      window_ends_at = case when ${rateLimits.windowEndsAt} <= now()
        then excluded.window_ends_at else ${rateLimits.windowEndsAt} end
    returning hits, ceil(extract(epoch from (window_ends_at - now())) * 1000) as ttl_ms`);
  return counted((result as unknown as { rows: Row[] }).rows[0]);
}

/** The count under `key` without counting a request (zero once its window has ended). */
async function peek(db: Executor, key: string): Promise<Counted> {
  const result = await db.execute(sql`
    select hits, ceil(extract(epoch from (window_ends_at - now())) * 1000) as ttl_ms
    from ${rateLimits} where key = ${key} and window_ends_at > now()`);
  return counted((result as unknown as { rows: Row[] }).rows[0]);
}

function counted(row: Row | undefined): Counted {
  if (!row) return { current: 0, ttl: 0 };
  return { current: Number(row.hits), ttl: Math.max(0, Number(row.ttl_ms)) };
}

/** Deletes the windows that ended a while ago (a key seen once and never again). */
export async function sweepRateLimits(db: Executor): Promise<number> {
  const result = await db.execute(
    sql`delete from ${rateLimits} where ${rateLimits.windowEndsAt} < now() - interval '1 minute'`,
  );
  return (result as unknown as { rowCount?: number; affectedRows?: number }).rowCount ?? 0;
}

/**
 * A store for @fastify/rate-limit (its `store` option) that keeps the counts in the database:
 * every process on it shares each limit, so a client that spreads its requests over the
 * processes behind a load balancer gets the limit once, not once per process. Each route's
 * limit counts apart (the key starts with the route), as the plugin's own stores do.
 * Only a request to a route that has a limit costs a statement.
 */
export function databaseRateLimitStore(db: Executor): FastifyRateLimitStoreCtor {
  const sweeper = { last: 0 };
  return class DatabaseRateLimitStore {
    readonly prefix: string;
    constructor(_options?: unknown, prefix = '') {
      this.prefix = prefix;
    }

    incr(key: string, callback: Callback, timeWindow: number): void {
      const now = Date.now();
      if (now - sweeper.last > SWEEP_EVERY_MS) {
        sweeper.last = now;
        sweepRateLimits(db).catch(() => {});
      }
      countRequest(db, this.prefix + key, timeWindow).then(
        (result) => callback(null, result),
        (err: Error) => callback(err),
      );
    }

    read(key: string, callback: Callback): void {
      peek(db, this.prefix + key).then(
        (result) => callback(null, result),
        (err: Error) => callback(err),
      );
    }

    // The plugin hands a route's merged limit options, its route under `routeInfo` (its
    // declared type says otherwise).
    child(options: object) {
      const route = (options as { routeInfo?: { method?: string | string[]; url?: string } })
        .routeInfo;
      // A limiter made with createRateLimit has no route: its key generator names its budget.
      const scope = route?.url ? `${[route.method ?? ''].flat().join(',')} ${route.url}|` : '';
      return new DatabaseRateLimitStore(undefined, this.prefix + scope);
    }
  };
}

/** Where the app's rate limits count, as @fastify/rate-limit's options, and how to let go of it. */
type RateLimitCounting = {
  /** Settles once the counts can be kept (at once, but for Redis). */
  connected: Promise<void>;
  options: {
    store?: FastifyRateLimitStoreCtor;
    redis?: Redis;
    nameSpace?: string;
    skipOnError?: boolean;
  };
  close(): Promise<void>;
};

/**
 * Chooses where the rate limits count: in Redis when REDIS_URL names one (every process on it
 * shares each limit, and the database does no counting), else in PostgreSQL (shared by every
 * process on the database), else in the process (PGlite serves one process). Redis counts are
 * a guard, not a record: while Redis is away a request is let through rather than refused, and
 * the outage is logged once.
 */
export function rateLimitCounting(
  settings: { redisUrl: string | undefined; database: Pick<Database, 'kind' | 'db'> },
  log: { warn(obj: object, msg: string): void; info(obj: object, msg: string): void },
): RateLimitCounting {
  if (settings.redisUrl) {
    const redis = new Redis(settings.redisUrl, {
      // A command while Redis is away fails at once (and the request goes through) instead of
      // waiting in a queue for a reconnection.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      connectTimeout: 2000,
    });
    let away = false;
    redis.on('error', (err: Error) => {
      if (!away) log.warn({ err }, 'rate limits: Redis is unreachable; requests are not counted');
      away = true;
    });
    redis.on('ready', () => {
      if (away) log.info({}, 'rate limits: Redis is back');
      away = false;
    });
    // Counting starts once connected (a command before would fail and go uncounted); a Redis
    // that does not answer within the connect timeout does not hold up the start.
    const connected = new Promise<void>((resolve) => {
      redis.once('ready', () => resolve());
      setTimeout(resolve, 2500).unref();
    });
    return {
      connected,
      options: { redis, nameSpace: 'utility-reports:rate-limit:', skipOnError: true },
      close: async () => {
        redis.disconnect();
      },
    };
  }
  return {
    connected: Promise.resolve(),
    options:
      settings.database.kind === 'postgres'
        ? { store: databaseRateLimitStore(settings.database.db) }
        : {},
    close: async () => {},
  };
}
