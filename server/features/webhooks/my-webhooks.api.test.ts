import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Stats } from '../../../common/connections.ts';
import { WEBHOOKS_PREMIUM_ONLY, WebhookEndpoint } from '../../../common/webhooks.ts';
import { users, webhookDeliveries, webhookEndpoints } from '../../db/schema.ts';
import { REVOKED_KEY } from '../../plugins/access.ts';
import { keyClient } from '../../test/api-client.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { createProvider, submission, submitForm } from '../../test/connections.ts';
import { createApiKey, signedIn, signedInPremium } from '../../test/factories.ts';
import { type Received, startReceiver } from '../../test/receiver.ts';
import { deliver, OWNER_LEFT_PLAN } from './deliver.ts';

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
    // The plan comes before the input rules: a bad body still answers the plan's message.
    const bad = await call(free, 'POST', '/api/my/webhooks', { url: 'x', events: ['nope'] });
    expect([bad.statusCode, bad.json()]).toEqual([403, { message: WEBHOOKS_PREMIUM_ONLY }]);
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
    // Through the client typed by the OpenAPI document, as an API customer calls it.
    const api = keyClient(t.app, key);
    const created = await api.POST('/api/v1/my/webhooks', {
      body: { url: 'https://hooks.example.com/api', events: ['connection.credentials_checked'] },
    });
    expect(created.response.status, JSON.stringify(created.error)).toBe(201);
    const id = created.data?.id ?? 0;
    const listed = await api.GET('/api/v1/my/webhooks');
    expect(listed.data?.map((endpoint) => endpoint.id)).toEqual([id]);
    const changed = await api.PUT('/api/v1/my/webhooks/{id}', {
      params: { path: { id } },
      body: { url: 'https://hooks.example.com/other', events: ['report.ready'] },
    });
    expect(changed.data).toMatchObject({ url: 'https://hooks.example.com/other' });
    const deliveries = await api.GET('/api/v1/my/webhooks/{id}/deliveries', {
      params: { path: { id } },
    });
    expect(deliveries.data).toEqual([]);
    await call(owner, 'DELETE', `/api/api-keys/${apiKey.id}`);
    const refused = await api.GET('/api/v1/my/webhooks');
    expect(refused.response.status).toBe(401);
    expect(refused.error).toEqual({ message: REVOKED_KEY });
  });

  it('refuses the events that are only for admins, and bad input, writing nothing', async () => {
    const owner = await premium();
    const res = await call(owner, 'POST', '/api/my/webhooks', {
      url: 'https://hooks.example.com/x',
      events: ['connection.created', 'connection.status_changed'],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('Events must be among');
    expect((await call(owner, 'GET', '/api/my/webhooks')).json()).toEqual([]);

    const mine = await addEndpoint(owner, ['report.ready'], 'https://hooks.example.com/x');
    for (const payload of [
      { url: mine.url, events: ['connection.file_added'] },
      { url: mine.url, events: [] },
      { url: 'ftp://hooks.example.com/x', events: ['report.ready'] },
      { url: mine.url, events: ['report.ready'], description: 'x'.repeat(201) },
      { url: mine.url, events: 'report.ready' },
    ]) {
      const put = await call(owner, 'PUT', `/api/my/webhooks/${mine.id}`, payload);
      expect(put.statusCode, JSON.stringify(payload)).toBe(400);
      expect(put.json().message).toEqual(expect.any(String));
    }
    for (const id of ['abc', '0', '99999999999', '-1']) {
      const res = await call(owner, 'GET', `/api/my/webhooks/${id}/deliveries`);
      expect(res.statusCode, id).toBe(400);
    }
    expect((await call(owner, 'GET', '/api/my/webhooks')).json()).toEqual([mine]);
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

  it('stop with a reason when a retry comes after the owner left the plan', async () => {
    const owner = await premium();
    const admin = await signedIn(t.app, t.database.db, 'admin');
    const alerts = async () =>
      Stats.parse((await call(admin, 'GET', '/api/stats')).json()).webhookAlerts;
    const alertsBefore = await alerts();
    await addEndpoint(owner);
    receiver.state.status = 500;
    await submitForm(t.app, owner.user.uniqueFormUrl, submission(providerId));
    await t.app.services.queue.drain();
    expect(receiver.state.received).toHaveLength(1);
    // The admins' Webhook Alerts count their own endpoints' failures, not a user's.
    expect(await alerts()).toBe(alertsBefore);
    const [failed] = await t.database.db
      .select()
      .from(webhookDeliveries)
      .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
      .where(eq(webhookEndpoints.userId, owner.user.id));
    expect(failed?.webhook_deliveries.status).toBe('failed');

    receiver.reset();
    // The subscription ended (billing falls back to basic when Stripe says so).
    await t.database.db.update(users).set({ planType: 'basic' }).where(eq(users.id, owner.user.id));
    const id = failed?.webhook_deliveries.id as number;
    await deliver(t.database.db, t.app.services.webhookGuard, id);
    expect(receiver.state.received).toEqual([]);
    const [after] = await t.database.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.id, id));
    expect(after).toMatchObject({ status: 'failed', lastError: OWNER_LEFT_PLAN, attempts: 1 });
  });

  it('carry credential checks and ready reports of their own connections only', async () => {
    const owner = await premium();
    const other = await premium();
    const both = await addEndpoint(owner, ['connection.credentials_checked', 'report.ready']);
    const createdOnly = await addEndpoint(owner, ['connection.created']);
    const own = (await submitForm(t.app, owner.user.uniqueFormUrl, submission(providerId))).json();
    const theirs = (
      await submitForm(t.app, other.user.uniqueFormUrl, submission(providerId))
    ).json();
    await t.app.services.queue.drain();
    receiver.reset();
    const { events } = t.app.services;
    for (const connection of [own, theirs]) {
      const userId = connection.id === own.id ? owner.user.id : other.user.id;
      await events.emit('connection.credentials_checked', {
        connectionId: connection.id,
        verified: true,
        message: 'Signed in',
      });
      await events.emit('report.ready', {
        reportId: 1,
        connectionId: connection.id,
        userId,
        version: 1,
        links: { html: 'https://x/h', pdf: 'https://x/p', zip: 'https://x/z' },
        expiresAt: new Date().toISOString(),
      });
    }
    await t.app.services.queue.drain();
    const heard = receiver.state.received.map((r) => JSON.parse(r.body));
    expect(heard.map((b) => [b.event, b.data.connectionId])).toEqual([
      ['connection.credentials_checked', own.id],
      ['report.ready', own.id],
    ]);
    const deliveriesOf = async (id: number) =>
      (await call(owner, 'GET', `/api/my/webhooks/${id}/deliveries`)).json();
    expect(await deliveriesOf(both.id)).toHaveLength(2);
    expect(await deliveriesOf(createdOnly.id)).toEqual([
      expect.objectContaining({ event: 'connection.created' }),
    ]);
  });
});

describe('a premium user’s endpoint address', () => {
  let strict: TestApp;
  let owner: Who;
  beforeAll(async () => {
    strict = await createTestApp();
    owner = await signedInPremium(strict.app, strict.database.db);
  });
  afterAll(() => strict.close());
  const strictCall = (method: Method, url: string, payload?: object) =>
    strict.app.inject({ method, url, payload, headers: { cookie: owner.cookie } });

  it('is refused when it points inside our network (SSRF), writing nothing', async () => {
    for (const [url, reason] of [
      [receiver.url, /loopback/],
      ['http://127.0.0.1/hooks', /loopback/],
      ['http://localhost:8080/x', /local name/],
      ['http://[::1]/x', /loopback/],
      ['http://10.1.2.3/x', /private/],
      ['http://169.254.169.254/latest/meta-data', /link-local|private|metadata/],
      ['http://metadata.google.internal/x', /local name/],
      // Spellings of this machine that URL parsing turns into an address.
      ['http://2130706433/x', /loopback/],
      ['http://0x7f.1/x', /loopback/],
      ['http://[::ffff:127.0.0.1]/x', /loopback|private/],
      ['http://0.0.0.0/x', /./],
    ] as const) {
      const res = await strictCall('POST', '/api/my/webhooks', {
        url,
        events: ['connection.created'],
      });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message, url).toMatch(reason);
      expect(res.json().message).not.toMatch(/ALLOWED_HOSTS/);
    }
    expect((await strictCall('GET', '/api/my/webhooks')).json()).toEqual([]);

    const saved = await strictCall('POST', '/api/my/webhooks', {
      url: 'https://hooks.invalid/x',
      events: ['connection.created'],
    });
    expect(saved.statusCode, saved.body).toBe(201);
    const moved = await strictCall('PUT', `/api/my/webhooks/${saved.json().id}`, {
      url: 'http://127.0.0.1:9/x',
      events: ['connection.created'],
    });
    expect(moved.statusCode).toBe(400);
    const [row] = (await strictCall('GET', '/api/my/webhooks')).json();
    expect(row.url).toBe('https://hooks.invalid/x');
  });

  it('is checked again at every delivery (a name that turned private)', async () => {
    const saved = await strictCall('POST', '/api/my/webhooks', {
      url: 'https://rebinding.invalid/x',
      events: ['connection.created'],
    });
    expect(saved.statusCode, saved.body).toBe(201);
    // As if its name now resolved to this machine.
    await strict.database.db
      .update(webhookEndpoints)
      .set({ url: receiver.url })
      .where(eq(webhookEndpoints.id, saved.json().id));
    const provider = await createProvider(strict.database.db);
    await submitForm(strict.app, owner.user.uniqueFormUrl, submission(provider.id));
    await strict.app.services.queue.drain();
    expect(receiver.state.received).toEqual([]);
    const [delivery] = (
      await strictCall('GET', `/api/my/webhooks/${saved.json().id}/deliveries`)
    ).json();
    expect(delivery).toMatchObject({ status: 'failed' });
    expect(delivery.lastError).toMatch(/loopback/);
    expect(delivery.lastError).not.toMatch(/ALLOWED_HOSTS/);
  });
});
