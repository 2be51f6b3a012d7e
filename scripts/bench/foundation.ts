import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { appArgs, startServer } from './servers.ts';

async function rps(
  url: string,
  headers: Record<string, string> = {},
  duration = 10,
): Promise<number> {
  const result = await autocannon({ url, connections: 10, duration, headers });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  }
  return result.requests.average;
}

/** Cold start: a fresh data folder (new PGlite database) until the first 200 from GET /. */
export async function benchColdStart() {
  const server = await startServer(appArgs(), { port: 5901 });
  const pageMs = server.firstOkMs;
  const started = performance.now();
  // While the new database is created, API calls are answered at once (503, Retry-After).
  let slowestAnswerMs = 0;
  let early = 0;
  for (;;) {
    const asked = performance.now();
    const res = await fetch(`${server.url}/api/health`).catch(() => undefined);
    slowestAnswerMs = Math.max(slowestAnswerMs, performance.now() - asked);
    if (res?.ok) break;
    if (res?.status === 503) early++;
    await new Promise((r) => setTimeout(r, 20));
  }
  const apiMs = pageMs + (performance.now() - started);
  await server.stop();
  console.log(`cold start to first 200 from GET /: ${pageMs.toFixed(0)} ms (target < 5000)`);
  console.log(
    `cold start to first 200 from GET /api/health (new database migrated): ${apiMs.toFixed(0)} ms (target < 5000)`,
  );
  console.log(
    `meanwhile: ${early} API calls answered 503 with Retry-After; slowest answer ${slowestAnswerMs.toFixed(0)} ms (none held)`,
  );
}

/**
 * The bare Fastify route and the app's GET /api/user with a registered user's session cookie,
 * both listening; `ratio()` loads one then the other for `seconds` each and gives the app's
 * requests per second over the bare route's.
 */
export async function sessionRoutePair(timeoutMs = 30_000) {
  const bare = await startServer(['scripts/bench/bare-server.mjs'], { port: 5902, timeoutMs });
  const app = await startServer(appArgs(), {
    port: 5903,
    readyPath: '/api/health',
    jobsReady: true,
    timeoutMs,
  }).catch(async (err) => {
    await bare.stop();
    throw err;
  });
  const close = () => Promise.all([bare.stop(), app.stop()]).then(() => undefined);
  try {
    const res = await fetch(`${app.url}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'bench', email: null, password: 'bench-password' }),
    });
    const cookie = res.headers
      .getSetCookie()
      .find((c) => c.startsWith('sid='))
      ?.split(';')[0];
    if (!cookie) throw new Error('register set no cookie');
    const ratio = async (seconds: number) => {
      const bareRps = await rps(bare.url, {}, seconds);
      const userRps = await rps(`${app.url}/api/user`, { cookie }, seconds);
      return { bareRps, userRps, ratio: userRps / bareRps };
    };
    return { ratio, close };
  } catch (err) {
    await close();
    throw err;
  }
}

/** GET /api/user with a valid session against a bare Fastify route, same machine, same run. */
export async function benchSessionRoute() {
  const pair = await sessionRoutePair();
  const { bareRps, userRps } = await pair.ratio(10).finally(pair.close);
  const share = (userRps / bareRps) * 100;
  console.log(`bare Fastify {}: ${bareRps.toFixed(0)} req/s (10 connections, 10 s)`);
  console.log(
    `GET /api/user with a session: ${userRps.toFixed(0)} req/s = ${share.toFixed(0)}% of bare (target >= 40%)`,
  );
}

/** Gzipped bytes of the landing page's initial JavaScript, and its files. */
export function landingInitialJs(dir = 'dist/client'): { gzipBytes: number; files: string[] } {
  const html = readFileSync(path.join(dir, 'index.html'), 'utf8');
  const files = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1] ?? '');
  const gzipBytes = files.reduce(
    (sum, f) => sum + gzipSync(readFileSync(path.join(dir, f))).length,
    0,
  );
  return { gzipBytes, files };
}

/** The landing page's initial JavaScript: the entry script and every module it preloads. */
export function benchLandingBundle() {
  const dir = 'dist/client';
  const { gzipBytes: total, files } = landingInitialJs(dir);
  console.log(
    `landing initial JS: ${(total / 1024).toFixed(1)} KB gzipped in ${files.length} file(s) (target < 125 KB)`,
  );
  // By name, and by content: Stripe.js's loader names its script's address, and zod its
  // schema classes (zod came in once through a constant imported from a module of schemas).
  const heavy = files.filter((f) => {
    const code = readFileSync(path.join(dir, f), 'utf8');
    return (
      /admin|stripe|uppy/i.test(f) || code.includes('js.stripe.com') || code.includes('ZodObject')
    );
  });
  console.log(
    `admin/Stripe/Uppy/zod code in the landing page's initial load: ${heavy.length ? heavy.join(', ') : 'none'}`,
  );
}

/**
 * The API as a premium user's software calls it: the same list read with a session cookie and
 * with an API key (`/api/v1`, Bearer, per-key rate limit counted), same server, same run.
 */
export async function benchApiKeyRoute() {
  const app = await startServer(appArgs(), {
    port: 5904,
    readyPath: '/api/health',
    jobsReady: true,
    // High enough that the limit is counted on every request but never reached.
    env: { API_RATE_LIMIT: '100000' },
  });
  try {
    const post = (path: string, body: object, cookie?: string) =>
      fetch(`${app.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
        body: JSON.stringify(body),
      });
    const res = await post('/api/register', {
      username: 'bench-api',
      email: null,
      password: 'bench-password',
    });
    const cookie = res.headers
      .getSetCookie()
      .find((c) => c.startsWith('sid='))
      ?.split(';')[0];
    if (!cookie) throw new Error('register set no cookie');
    await post('/api/billing/test-card', { plan: 'premium' }, cookie);
    const created = (await (await post('/api/api-keys', { name: 'bench' }, cookie)).json()) as {
      key?: string;
    };
    if (!created.key) throw new Error('no API key was created');
    const sessionRps = await rps(`${app.url}/api/my-connections`, { cookie });
    const keyRps = await rps(`${app.url}/api/v1/my-connections`, {
      authorization: `Bearer ${created.key}`,
    });
    console.log(`GET /api/my-connections with a session: ${sessionRps.toFixed(0)} req/s`);
    console.log(
      `GET /api/v1/my-connections with an API key: ${keyRps.toFixed(0)} req/s = ${((keyRps / sessionRps) * 100).toFixed(0)}% of the session's (10 connections, 10 s)`,
    );
  } finally {
    await app.stop();
  }
}
