import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { RecordUsageResponse, UsageResponse } from '../../../common/billing.ts';
import { auditLog, connections, usageRecords } from '../../db/schema.ts';
import { signedIn } from '../../test/factories.ts';
import { appWithFakeStripe } from './testing/billing-apps.ts';

// The card and the reports bought one at a time, against Stripe's API answered by a local fake.

const { env, call, addCard, customer, chargesOf } = appWithFakeStripe();

describe('the card', () => {
  it('creates the Stripe customer once and stores the card and the plan', async () => {
    const who = await signedIn(env.t.app, env.t.database.db);
    await call(who, 'POST', '/api/create-setup-intent', { plan: 'basic' });
    const { summary } = await addCard(who, 'basic');
    expect(summary).toMatchObject({
      plan: 'basic',
      testMode: false,
      paymentMethod: { brand: 'visa', last4: '4242' },
    });
    const user = (await call(who, 'GET', '/api/user')).json();
    expect(user.stripeCustomerId).toMatch(/^cus_/);
    expect(user.paymentMethodId).toMatch(/^pm_/);
    const customers = env.fake.requests.filter(
      (r) => r.method === 'POST' && r.path === '/v1/customers' && r.body.metadata,
    );
    const mine = customers.filter(
      (r) => (r.body.metadata as Record<string, string>).userId === String(who.user.id),
    );
    // Two setup intents, one customer (the second create was answered from the stored id).
    expect(mine).toHaveLength(1);
    const setups = env.fake.requests.filter(
      (r) => r.path === '/v1/setup_intents' && r.body.customer === user.stripeCustomerId,
    );
    expect(setups.map((r) => r.body.usage)).toEqual(['off_session', 'off_session']);
  });

  it("refuses to confirm someone else's setup, or one Stripe has not confirmed", async () => {
    const alice = await signedIn(env.t.app, env.t.database.db);
    const { setupIntentId } = await addCard(alice);
    const mallory = await signedIn(env.t.app, env.t.database.db);
    await call(mallory, 'POST', '/api/create-setup-intent', { plan: 'basic' });
    const stolen = await call(mallory, 'POST', '/api/billing/confirm-setup', { setupIntentId });
    expect(stolen.statusCode).toBe(404);
    const fresh = await call(mallory, 'POST', '/api/create-setup-intent', { plan: 'basic' });
    const pending = String(fresh.json().clientSecret).split('_secret_')[0];
    const early = await call(mallory, 'POST', '/api/billing/confirm-setup', {
      setupIntentId: pending,
    });
    expect(early.statusCode).toBe(400);
    expect((await call(mallory, 'GET', '/api/user')).json().paymentMethodId).toBeNull();
  });
});

describe('pay-per-report', () => {
  it('charges $29.99 off-session, once, keyed by the usage record', async () => {
    const { who, connectionId, paymentMethodId } = await customer('basic');
    const res = await call(who, 'POST', '/api/record-usage', { connectionId });
    expect(res.statusCode).toBe(200);
    const record = RecordUsageResponse.parse(res.json());
    expect(record).toMatchObject({ status: 'billed', costCents: 2999, testMode: false });
    const [charge] = chargesOf(record.id);
    expect(charge).toMatchObject({
      amount: 2999,
      currency: 'usd',
      payment_method: paymentMethodId,
      status: 'succeeded',
    });
    const sent = env.fake.requests.find(
      (r) =>
        r.path === '/v1/payment_intents' &&
        r.method === 'POST' &&
        r.body.metadata &&
        (r.body.metadata as Record<string, string>).usageRecordId === String(record.id),
    );
    expect(sent?.body).toMatchObject({ off_session: 'true', confirm: 'true', amount: '2999' });
    expect(sent?.headers['idempotency-key']).toBe(`usage-record-${record.id}`);
    const [row] = await env.t.database.db
      .select()
      .from(connections)
      .where(eq(connections.id, connectionId));
    expect(row?.status).toBe('in_progress');
    // The move is audited as the paying user's, in the transaction that recorded the payment.
    const lines = await env.t.database.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.entityType, 'connection'), eq(auditLog.entityId, String(connectionId))),
      );
    expect(lines.map((l) => [l.action, l.actorId, l.details])).toContainEqual([
      'connection.status_changed',
      who.user.id,
      { from: 'pending', to: 'in_progress', reason: 'report requested' },
    ]);
  });

  it('says in Server-Timing how long it waited on Stripe, apart from its own time', async () => {
    const { who, connectionId } = await customer('basic');
    const res = await call(who, 'POST', '/api/record-usage', { connectionId });
    const timing = String(res.headers['server-timing']);
    const match = /^stripe;dur=(\d+\.\d\d), total;dur=(\d+\.\d\d)$/.exec(timing);
    expect(match, timing).not.toBeNull();
    const [stripe, total] = [Number(match?.[1]), Number(match?.[2])];
    // The SDK reports whole milliseconds: the local fake may answer within 0 of them.
    expect(stripe).toBeGreaterThanOrEqual(0);
    expect(total).toBeGreaterThanOrEqual(stripe);
    expect(total).toBeGreaterThan(0);
    // A call that waits on nobody reports its total alone.
    const usage = await call(who, 'GET', '/api/usage');
    expect(String(usage.headers['server-timing'])).toMatch(/^total;dur=\d+\.\d\d$/);
  });

  it('a double click and a retry make one charge', async () => {
    const { who, connectionId } = await customer('basic');
    const send = () => call(who, 'POST', '/api/record-usage', { connectionId });
    const [a, b] = await Promise.all([send(), send()]);
    const c = await send();
    const ids = new Set([a.json().id, b.json().id, c.json().id]);
    expect(ids.size).toBe(1);
    expect(chargesOf(a.json().id)).toHaveLength(1);
  });

  it('a declined card starts nothing and says why (402); a new card can try again', async () => {
    const { who, connectionId, paymentMethodId } = await customer('basic');
    env.fake.setCardBehaviour(paymentMethodId, 'decline');
    const res = await call(who, 'POST', '/api/record-usage', { connectionId });
    expect(res.statusCode).toBe(402);
    expect(res.json().message).toBe('Your card was declined.');
    const [row] = await env.t.database.db
      .select()
      .from(connections)
      .where(eq(connections.id, connectionId));
    expect(row?.status).toBe('pending');
    const usage = UsageResponse.parse((await call(who, 'GET', '/api/usage')).json());
    expect(usage.usage.map((u) => u.status)).toEqual(['failed']);
    expect(usage.totalCostCents).toBe(0);

    await addCard(who, 'basic');
    const retry = await call(who, 'POST', '/api/record-usage', { connectionId });
    expect(retry.json().status).toBe('billed');
  });

  it('a card that needs 3-D Secure waits for the cardholder, with the secret to confirm', async () => {
    const { who, connectionId, paymentMethodId } = await customer('basic');
    env.fake.setCardBehaviour(paymentMethodId, 'authentication_required');
    const res = await call(who, 'POST', '/api/record-usage', { connectionId });
    expect(res.statusCode).toBe(200);
    const record = RecordUsageResponse.parse(res.json());
    expect(record.status).toBe('requires_action');
    expect(record.paymentIntentClientSecret).toMatch(/^pi_.+_secret_/);
    const [row] = await env.t.database.db
      .select()
      .from(connections)
      .where(eq(connections.id, connectionId));
    expect(row?.status).toBe('pending');
  });

  it('Stripe down: 502, the record stays pending, and the retry charges once', async () => {
    const { who, connectionId } = await customer('basic');
    env.fake.onRequest = (request) =>
      request.path === '/v1/payment_intents' && request.method === 'POST'
        ? { status: 500, body: { error: { type: 'api_error', message: 'Down' } } }
        : undefined;
    const down = await call(who, 'POST', '/api/record-usage', { connectionId });
    expect(down.statusCode).toBe(502);
    const [pending] = await env.t.database.db
      .select()
      .from(usageRecords)
      .where(eq(usageRecords.connectionId, connectionId));
    expect(pending?.status).toBe('pending');
    env.fake.onRequest = undefined;
    const again = await call(who, 'POST', '/api/record-usage', { connectionId });
    expect(again.json()).toMatchObject({ id: pending?.id, status: 'billed' });
    expect(chargesOf(pending?.id ?? 0)).toHaveLength(1);
  });

  it('an admin refund gives the money back once', async () => {
    const { who, connectionId } = await customer('basic');
    const bought = (await call(who, 'POST', '/api/record-usage', { connectionId })).json();
    const admin = await signedIn(env.t.app, env.t.database.db, 'admin');
    const body = { reason: 'No online account exists for this meter' };
    const first = await call(admin, 'POST', `/api/usage/${bought.id}/refund`, body);
    const second = await call(admin, 'POST', `/api/usage/${bought.id}/refund`, body);
    expect([first.json().status, second.json().status]).toEqual(['refunded', 'refunded']);
    const [charge] = chargesOf(bought.id);
    expect(env.fake.refunds().filter((r) => r.payment_intent === charge?.id)).toHaveLength(1);
  });
});
