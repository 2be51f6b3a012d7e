import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { WEBHOOKS_PREMIUM_ONLY, WebhookEndpoint } from '../../../common/webhooks.ts';
import { users, webhookEndpoints } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { createProvider, submission, submitForm } from '../../test/connections.ts';
import { createApiKey, signedIn, signedInPremium } from '../../test/factories.ts';
import { type Received, startReceiver } from '../../test/receiver.ts';

type Who = Awaited<ReturnType<typeof signedIn>>;
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

let receiver: Awaited<ReturnType<typeof startReceiver>>;

let t: TestApp;
let providerId: number;

beforeAll(async () => {
  receiver = await startReceiver('/mine');
  t = await createTestApp({ WEBHOOK_ALLOWED_HOSTS: '127.0.0.1' });
  providerId = (await createProvider(t.database.db)).id;
});
afterAll(async () => {
  await t.close();
  await receiver.close();
});
beforeEach(() => receiver.reset());

const call = (who: Who | null, method: Method, url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: who ? { cookie: who.cookie } : {} });

const premium = () => signedInPremium(t.app, t.database.db);

async function addEndpoint(who: Who, events = ['connection.created'], url = receiver.url) {
  const res = await call(who, 'POST', '/api/my/webhooks', { url, events, description: 'Mine' });
  expect(res.statusCode, res.body).toBe(201);
  return WebhookEndpoint.parse(res.json());
}

describe('a premium user’s own webhooks: who may', () => {
  const routes: [Method, string, object?][] = [
    ['GET', '/api/my/webhooks'],
    ['POST', '/api/my/webhooks', { url: 'https://hooks.example.com/x', events: ['report.ready'] }],
    ['PUT', '/api/my/webhooks/1', { url: 'https://hooks.example.com/x', events: ['report.ready'] }],
    ['DELETE', '/api/my/webhooks/1'],
    ['POST', '/api/my/webhooks/1/test'],
    ['GET', '/api/my/webhooks/1/deliveries'],
  ];

  it('anonymous 401; free and basic users 403 with the plan named, writing nothing', async () => {
    const free = await signedIn(t.app, t.database.db);
    const basic = await signedIn(t.app, t.database.db);
    await call(basic, 'POST', '/api/billing/test-card', { plan: 'basic' });
    for (const [method, url, payload] of routes) {
      expect((await call(null, method, url, payload)).statusCode, url).toBe(401);
      for (const who of [free, basic]) {
        const res = await call(who, method, url, payload);
        expect(res.statusCode, `${method} ${url}`).toBe(403);
        expect(res.json()).toEqual({ message: WEBHOOKS_PREMIUM_ONLY });
      }
    }
    const rows = await t.database.db.select().from(webhookEndpoints);
    expect(rows.filter((r) => r.userId === free.user.id || r.userId === basic.user.id)).toEqual([]);
  });

  it('each premium user sees and changes only their own endpoints; admins’ lists stay apart', async () => {
    const owner = await premium();
    const other = await premium();
    const admin = await signedIn(t.app, t.database.db, 'admin');
    const mine = await addEndpoint(owner);
    expect((await call(owner, 'GET', '/api/my/webhooks')).json()).toEqual([mine]);
    expect((await call(other, 'GET', '/api/my/webhooks')).json()).toEqual([]);
    for (const [method, url, payload] of routes.filter(([, u]) => u.includes('/1'))) {
      const res = await call(other, method, url.replace('/1', `/${mine.id}`), payload);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    const adminList = (await call(admin, 'GET', '/api/webhooks')).json() as WebhookEndpoint[];
    expect(adminList.map((e) => e.id)).not.toContain(mine.id);
    expect((await call(admin, 'DELETE', `/api/webhooks/${mine.id}`)).statusCode).toBe(404);

    const edited = await call(owner, 'PUT', `/api/my/webhooks/${mine.id}`, {
      url: receiver.url,
      events: ['report.ready'],
      isActive: false,
    });
    expect(edited.json()).toMatchObject({ events: ['report.ready'], isActive: false });
    expect((await call(owner, 'DELETE', `/api/my/webhooks/${mine.id}`)).statusCode).toBe(200);
    expect((await call(owner, 'GET', '/api/my/webhooks')).json()).toEqual([]);
  });

  it('works with the user’s API key, and not with a revoked one', async () => {
    const owner = await premium();
    const { key, apiKey } = await createApiKey(t.app, owner.cookie);
    const withKey = (k: string, method: Method, url: string, payload?: object) =>
      t.app.inject({ method, url, payload, headers: { authorization: `Bearer ${k}` } });
    const created = await withKey(key, 'POST', '/api/v1/my/webhooks', {
      url: 'https://hooks.example.com/api',
      events: ['connection.credentials_checked'],
    });
    expect(created.statusCode, created.body).toBe(201);
    expect((await withKey(key, 'GET', '/api/my/webhooks')).json()).toHaveLength(1);
    await call(owner, 'DELETE', `/api/api-keys/${apiKey.id}`);
    expect((await withKey(key, 'GET', '/api/my/webhooks')).statusCode).toBe(401);
  });

  it('refuses the events that are only for admins', async () => {
    const owner = await premium();
    const res = await call(owner, 'POST', '/api/my/webhooks', {
      url: 'https://hooks.example.com/x',
      events: ['connection.created', 'connection.status_changed'],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('Events must be among');
    expect((await call(owner, 'GET', '/api/my/webhooks')).json()).toEqual([]);
  });
});

describe('deliveries to a premium user’s endpoint', () => {
  const signatureOf = (secret: string, hit: Received) => {
    const [t0] = String(hit.headers['x-webhook-signature']).split(',');
    const digest = createHmac('sha256', secret)
      .update(`${t0?.slice(2)}.${hit.body}`)
      .digest('hex');
    return `${t0},v1=${digest}`;
  };

  it('carry their own connections’ events, signed, and never another user’s', async () => {
    const owner = await premium();
    const other = await premium();
    const endpoint = await addEndpoint(owner);
    const theirs = await submitForm(t.app, owner.user.uniqueFormUrl, submission(providerId));
    await submitForm(t.app, other.user.uniqueFormUrl, submission(providerId));
    await t.app.services.queue.drain();
    const mine = receiver.state.received.filter(
      (r) => r.headers['x-webhook-event'] === 'connection.created',
    );
    expect(mine).toHaveLength(1);
    const [hit] = mine;
    expect(JSON.parse(hit?.body ?? '{}')).toMatchObject({
      event: 'connection.created',
      data: { connectionId: theirs.json().id },
    });
    expect(hit?.headers['x-webhook-signature']).toBe(signatureOf(endpoint.secret, hit as Received));
    const deliveries = await call(owner, 'GET', `/api/my/webhooks/${endpoint.id}/deliveries`);
    expect(deliveries.json()).toEqual([expect.objectContaining({ status: 'succeeded' })]);
  });

  it('stop when the owner leaves the plan, and a test ping reaches the endpoint', async () => {
    const owner = await premium();
    const endpoint = await addEndpoint(owner);
    const test = await call(owner, 'POST', `/api/my/webhooks/${endpoint.id}/test`);
    expect(test.statusCode).toBe(202);
    await t.app.services.queue.drain();
    expect(receiver.state.received.map((r) => r.headers['x-webhook-event'])).toEqual(['ping']);

    receiver.reset();
    await t.database.db.update(users).set({ planType: 'basic' }).where(eq(users.id, owner.user.id));
    await submitForm(t.app, owner.user.uniqueFormUrl, submission(providerId));
    await t.app.services.queue.drain();
    expect(receiver.state.received).toEqual([]);
  });

  it('refuse a private address unless it is allowed, like the admins’ deliveries', async () => {
    const strict = await createTestApp();
    try {
      const owner = await signedInPremium(strict.app, strict.database.db);
      const res = await strict.app.inject({
        method: 'POST',
        url: '/api/my/webhooks',
        payload: { url: receiver.url, events: ['connection.created'] },
        headers: { cookie: owner.cookie },
      });
      expect(res.statusCode).toBe(201);
      const provider = await createProvider(strict.database.db);
      await submitForm(strict.app, owner.user.uniqueFormUrl, submission(provider.id));
      await strict.app.services.queue.drain();
      expect(receiver.state.received).toEqual([]);
      const [delivery] = (
        await strict.app.inject({
          method: 'GET',
          url: `/api/my/webhooks/${res.json().id}/deliveries`,
          headers: { cookie: owner.cookie },
        })
      ).json();
      expect(delivery.lastError).toMatch(/private|loopback|not allowed/i);
    } finally {
      await strict.close();
    }
  });
});
