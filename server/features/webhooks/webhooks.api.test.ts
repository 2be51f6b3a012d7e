import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Stats } from '../../../common/connections.ts';
import { WebhookDelivery, WebhookEndpoint } from '../../../common/webhooks.ts';
import { appWithAdminAndUser, caller, type SignedIn } from '../../test/api.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { createProvider, submission, submitForm } from '../../test/connections.ts';
import { signedIn } from '../../test/factories.ts';
import { startReceiver } from '../../test/receiver.ts';

let receiver: Awaited<ReturnType<typeof startReceiver>>;

let t: TestApp;
let admin: SignedIn;
let user: SignedIn;
let providerId: number;

beforeAll(async () => {
  receiver = await startReceiver('/hooks');
  ({ t, admin, user } = await appWithAdminAndUser({ WEBHOOK_ALLOWED_HOSTS: '127.0.0.1' }));
  providerId = (await createProvider(t.database.db)).id;
});
afterAll(async () => {
  await t.close();
  await receiver.close();
});
beforeEach(() => receiver.reset());

const call = caller(() => t.app);

async function createEndpoint(events: string[], url = receiver.url) {
  const res = await call('POST', '/api/webhooks', admin.cookie, {
    url,
    events,
    description: 'CRM',
  });
  expect(res.statusCode).toBe(201);
  return WebhookEndpoint.parse(res.json());
}

describe('webhook endpoints', () => {
  it('are for admins only', async () => {
    expect((await call('GET', '/api/webhooks')).statusCode).toBe(401);
    expect((await call('GET', '/api/webhooks', user.cookie)).statusCode).toBe(403);
    const post = await call('POST', '/api/webhooks', user.cookie, {
      url: receiver.url,
      events: ['connection.created'],
    });
    expect(post.statusCode).toBe(403);
  });

  it.each([
    [{ url: 'ftp://x.example', events: ['connection.created'] }, 'URL must be a valid http(s) URL'],
    [{ url: 'https://x.example', events: [] }, 'Choose at least one event'],
  ])('refuses %j', async (payload, message) => {
    const res = await call('POST', '/api/webhooks', admin.cookie, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
  });

  it('deliver a signed event when a customer submits the form', async () => {
    const endpoint = await createEndpoint(['connection.created']);
    expect(endpoint.secret).toMatch(/^whsec_/);
    const created = await submitForm(t.app, user.user.uniqueFormUrl, submission(providerId));
    await t.app.services.queue.drain();
    expect(receiver.state.received).toHaveLength(1);
    const [hit] = receiver.state.received;
    const body = JSON.parse(hit?.body ?? '{}');
    expect(body).toMatchObject({
      event: 'connection.created',
      data: { connectionId: created.json().id },
    });
    expect(hit?.body).not.toContain('portal-pass-123');
    expect(hit?.headers['x-webhook-event']).toBe('connection.created');
    const [t0, v1] = String(hit?.headers['x-webhook-signature']).split(',');
    const timestamp = t0?.slice(2);
    const expected = createHmac('sha256', endpoint.secret)
      .update(`${timestamp}.${hit?.body}`)
      .digest('hex');
    expect(v1).toBe(`v1=${expected}`);

    const deliveries = (
      await call('GET', `/api/webhooks/${endpoint.id}/deliveries`, admin.cookie)
    ).json();
    expect(WebhookDelivery.array().parse(deliveries)[0]).toMatchObject({
      status: 'succeeded',
      responseStatus: 200,
    });
    await call('DELETE', `/api/webhooks/${endpoint.id}`, admin.cookie);
  });

  it('send status changes and files only to endpoints that asked for them', async () => {
    const endpoint = await createEndpoint(['connection.status_changed']);
    const created = await submitForm(t.app, user.user.uniqueFormUrl, submission(providerId));
    const id = created.json().id;
    await call('PUT', `/api/connections/${id}`, admin.cookie, { status: 'in_progress' });
    await t.app.services.queue.drain();
    expect(receiver.state.received.map((r) => JSON.parse(r.body).event)).toEqual([
      'connection.status_changed',
    ]);
    expect(JSON.parse(receiver.state.received[0]?.body ?? '{}').data).toMatchObject({
      connectionId: id,
      from: 'pending',
      to: 'in_progress',
    });
    await call('DELETE', `/api/webhooks/${endpoint.id}`, admin.cookie);
  });

  it('record failed deliveries, count them as alerts, and retry on request', async () => {
    const before = Stats.parse(
      (await call('GET', '/api/stats', admin.cookie)).json(),
    ).webhookAlerts;
    const endpoint = await createEndpoint(['connection.created']);
    receiver.state.status = 500;
    const test = await call('POST', `/api/webhooks/${endpoint.id}/test`, admin.cookie);
    expect(test.statusCode).toBe(202);
    await t.app.services.queue.drain();
    const [failed] = WebhookDelivery.array().parse(
      (await call('GET', `/api/webhooks/${endpoint.id}/deliveries`, admin.cookie)).json(),
    );
    expect(failed).toMatchObject({
      event: 'ping',
      status: 'failed',
      responseStatus: 500,
      attempts: 1,
    });
    expect(failed?.lastError).toBe('The endpoint answered HTTP 500');
    const after = Stats.parse((await call('GET', '/api/stats', admin.cookie)).json()).webhookAlerts;
    expect(after).toBe(before + 1);

    receiver.state.status = 204;
    expect(
      (await call('POST', `/api/webhook-deliveries/${failed?.id}/retry`, admin.cookie)).statusCode,
    ).toBe(202);
    await t.app.services.queue.drain();
    const [retried] = WebhookDelivery.array().parse(
      (await call('GET', `/api/webhooks/${endpoint.id}/deliveries`, admin.cookie)).json(),
    );
    expect(retried).toMatchObject({ status: 'succeeded', attempts: 2, responseStatus: 204 });
    await call('DELETE', `/api/webhooks/${endpoint.id}`, admin.cookie);
  });

  it('never deliver to private addresses that are not allowed', async () => {
    const strict = await createTestApp();
    try {
      const a = await signedIn(strict.app, strict.database.db, 'admin');
      const res = await strict.app.inject({
        method: 'POST',
        url: '/api/webhooks',
        headers: { cookie: a.cookie },
        payload: { url: receiver.url, events: ['connection.created'] },
      });
      const endpoint = WebhookEndpoint.parse(res.json());
      await strict.app.inject({
        method: 'POST',
        url: `/api/webhooks/${endpoint.id}/test`,
        headers: { cookie: a.cookie },
      });
      await strict.app.services.queue.drain();
      const [delivery] = (
        await strict.app.inject({
          method: 'GET',
          url: `/api/webhooks/${endpoint.id}/deliveries`,
          headers: { cookie: a.cookie },
        })
      ).json();
      expect(delivery).toMatchObject({ status: 'failed' });
      expect(delivery.lastError).toMatch(/loopback/);
      expect(receiver.state.received).toHaveLength(0);
    } finally {
      await strict.close();
    }
  });
});
