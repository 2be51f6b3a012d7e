import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/app.ts';

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
