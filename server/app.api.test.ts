import { spawn, spawnSync } from 'node:child_process';
import { lstatSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STARTING_UP_MESSAGE, STARTING_UP_RETRY_SECONDS } from '../common/api.ts';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { createTestApp, type TestApp } from './test/app.ts';
import { pollUntil } from './test/poll.ts';

describe('the built client', () => {
  let t: TestApp;
  beforeAll(async () => {
    const clientDir = mkdtempSync(path.join(tmpdir(), 'ur-client-'));
    writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><div id="root"></div>');
    mkdirSync(path.join(clientDir, 'assets'));
    writeFileSync(path.join(clientDir, 'assets', 'app-1234.js'), 'console.log(1)');
    t = await createTestApp({}, { clientDir });
  });
  afterAll(() => t.close());

  it('serves index.html for every page route so the client router decides', async () => {
    for (const url of ['/', '/pricing', '/form/abc', '/some/unknown/page?x=1']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).toContain('<div id="root">');
    }
  });

  it('serves hashed assets with a long cache lifetime, and missing ones as 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/app-1234.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
    expect((await t.app.inject({ method: 'GET', url: '/assets/missing.js' })).statusCode).toBe(404);
  });

  it('keeps API misses as JSON, and sets security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/missing' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Not found' });
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.headers).toMatchObject({
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
    });
    const page = await t.app.inject({ method: 'GET', url: '/' });
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
    expect(page.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('the pages with Stripe configured', () => {
  it('lets Stripe.js, its frames and its API through the CSP; test mode does not', async () => {
    const clientDir = mkdtempSync(path.join(tmpdir(), 'ur-client-'));
    writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><div id="root"></div>');
    const stripe = await createTestApp(
      {
        STRIPE_SECRET_KEY: 'sk_test_csp000',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_csp000',
        STRIPE_WEBHOOK_SECRET: 'whsec_csp000',
      },
      { clientDir },
    );
    const plain = await createTestApp({}, { clientDir });
    try {
      const csp = (await stripe.app.inject({ method: 'GET', url: '/payment' })).headers[
        'content-security-policy'
      ];
      expect(csp).toMatch(/script-src 'self' https:\/\/js\.stripe\.com/);
      expect(csp).toMatch(
        /frame-src 'self' https:\/\/js\.stripe\.com https:\/\/hooks\.stripe\.com/,
      );
      expect(csp).toMatch(/connect-src 'self' https:\/\/api\.stripe\.com/);
      const test = (await plain.app.inject({ method: 'GET', url: '/payment' })).headers[
        'content-security-policy'
      ];
      expect(test).not.toContain('stripe');
    } finally {
      await stripe.close();
      await plain.close();
    }
  });
});

describe('access declarations', () => {
  it('refuses to register an API route that does not say who may call it', async () => {
    const t = await createTestApp();
    try {
      expect(() => t.app.get('/api/undeclared', async () => ({}))).toThrow(
        /does not declare config.access/,
      );
    } finally {
      await t.close();
    }
  });
});

describe('start-up', () => {
  it('creates DATA_DIR, its database, WAL and secrets readable by its own user only', async () => {
    const dataDir = path.join(mkdtempSync(path.join(tmpdir(), 'ur-')), 'data');
    const port = 20_000 + Math.floor(Math.random() * 20_000);
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env: {
        ...process.env,
        DATABASE_URL: '',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        RUN_WORKER: 'false',
      },
      stdio: 'ignore',
    });
    try {
      const status = await pollUntil(
        () =>
          fetch(`http://127.0.0.1:${port}/api/health`).then(
            (r) => r.status,
            () => 0,
          ),
        (s) => s === 200,
        { timeoutMs: 40_000 },
      );
      expect(status).toBe(200);
      const openEntries = () => {
        const open: string[] = [];
        const walk = (p: string) => {
          const stat = lstatSync(p);
          if (stat.mode & 0o077) open.push(`${p} ${(stat.mode & 0o777).toString(8)}`);
          if (stat.isDirectory()) for (const name of readdirSync(p)) walk(path.join(p, name));
        };
        walk(dataDir);
        return open;
      };
      expect(readdirSync(path.join(dataDir, 'db')).length).toBeGreaterThan(5);
      // The worker thread's new folder is closed right after start-up, in the background.
      const open = await pollUntil(
        async () => openEntries(),
        (o) => o.length === 0,
        {
          timeoutMs: 10_000,
        },
      );
      expect(open).toEqual([]);
    } finally {
      child.kill();
    }
  }, 60_000);

  it('stops with one clear line on a bad setting', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env: {
        ...process.env,
        PORT: 'not-a-port',
        DATA_DIR: mkdtempSync(path.join(tmpdir(), 'ur-')),
      },
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(/^Invalid setting PORT: /),
    ]);
  });
});

describe('a new embedded database', () => {
  it('serves the pages at once and answers API calls with 503 and Retry-After until it is ready', async () => {
    const clientDir = mkdtempSync(path.join(tmpdir(), 'ur-client-'));
    writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><div id="root"></div>');
    const dataDir = mkdtempSync(path.join(tmpdir(), 'ur-cold-'));
    // A database that is ready only when the test says so, as a new PGlite folder is after seconds.
    const real = openDatabase({ dataDir: undefined });
    let open = () => {};
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    const database = { ...real, ready: gate.then(() => real.ready) };
    const config = loadConfig(
      { NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir },
      { clientDir },
    );
    const app = await buildApp({ config, database, jobMode: 'inline' });
    try {
      const page = await app.inject({ method: 'GET', url: '/' });
      expect(page.statusCode).toBe(200);
      for (const url of ['/api/health', '/api/user']) {
        const early = await app.inject({ method: 'GET', url });
        expect(early.statusCode, url).toBe(503);
        expect(early.headers['retry-after']).toBe(String(STARTING_UP_RETRY_SECONDS));
        expect(early.json()).toEqual({ message: STARTING_UP_MESSAGE });
      }
      open();
      await app.databaseReady;
      expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      open();
      await app.close();
      await real.close();
    }
  });
});
