import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';

// GET /api/ready: what a load balancer reads before it sends a process traffic.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RUN_WORKER: 'false' });
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/ready', () => {
  it('is not ready until the job queue has started, naming only that part', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      status: 'not ready',
      parts: { database: 'ok', jobs: 'failing', storage: 'ok' },
    });
  });

  it('is ready once every part answers, without a session', async () => {
    await t.app.services.queue.start({ work: false });
    const res = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'ready',
      parts: { database: 'ok', jobs: 'ok', storage: 'ok' },
    });
  });

  it('says the object store is failing, and nothing more, when it refuses', async () => {
    const head = t.app.services.store.head;
    t.app.services.store.head = async () => {
      throw new Error('secret-host.internal refused: AccessDenied');
    };
    try {
      // The store's verdict stands a few seconds: a fresh app reads it anew.
      const fresh = await createTestApp({ RUN_WORKER: 'false' });
      fresh.app.services.store.head = t.app.services.store.head;
      await fresh.app.services.queue.start({ work: false });
      const res = await fresh.app.inject({ method: 'GET', url: '/api/ready' });
      await fresh.close();
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        status: 'not ready',
        parts: { database: 'ok', jobs: 'ok', storage: 'failing' },
      });
      expect(res.body).not.toContain('secret-host');
    } finally {
      t.app.services.store.head = head;
    }
  });
});
