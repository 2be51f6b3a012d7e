import { and, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BillingSummary, RecordUsageResponse, UsageResponse } from '../../../common/billing.ts';
import { auditLog, connections, usageRecords } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { createProvider, submission, submitForm } from '../../test/connections.ts';
import { signedIn } from '../../test/factories.ts';
import { type FakeStripe, startFakeStripe } from '../../test/fake-stripe.ts';

// The product against Stripe's API, answered by a local server that checks what we send
// (server/test/fake-stripe.ts). Nothing here reaches the internet.

const WEBHOOK_SECRET = 'whsec_testsecret0000000000';

let fake: FakeStripe;
let t: TestApp;
let providerId: number;
beforeAll(async () => {
  fake = await startFakeStripe();
  t = await createTestApp({
    STRIPE_SECRET_KEY: fake.secretKey,
    STRIPE_PUBLISHABLE_KEY: 'pk_test_fake0000',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_URL: fake.url,
  });
  providerId = (await createProvider(t.database.db)).id;
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});
afterEach(() => {
  fake.onRequest = undefined;
  // Every request we sent is one the fake knows and accepted as Stripe would.
  expect(fake.unexpected).toEqual([]);
});

type Who = Awaited<ReturnType<typeof signedIn>>;
const call = (who: Who | null, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: who ? { cookie: who.cookie } : {} });

/** What the payment page does: a SetupIntent, Stripe.js confirms it, the server re-reads it. */
async function addCard(who: Who, plan: 'basic' | 'premium' = 'basic') {
  const intent = await call(who, 'POST', '/api/create-setup-intent', { plan });
  expect(intent.statusCode).toBe(200);
  const { clientSecret, publishableKey, testMode } = intent.json();
  expect({ publishableKey, testMode }).toEqual({
    publishableKey: 'pk_test_fake0000',
    testMode: false,
  });
  const setupIntentId = String(clientSecret).split('_secret_')[0] ?? '';
  const paymentMethodId = fake.succeedSetupIntent(setupIntentId);
  const confirmed = await call(who, 'POST', '/api/billing/confirm-setup', { setupIntentId });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return { setupIntentId, paymentMethodId, summary: BillingSummary.parse(confirmed.json()) };
}

async function customer(plan: 'basic' | 'premium' = 'basic') {
  const who = await signedIn(t.app, t.database.db);
  const card = await addCard(who, plan);
  const res = await submitForm(t.app, who.user.uniqueFormUrl, submission(providerId));
  return { who, ...card, connectionId: res.json().id as number };
}

const chargesOf = (usageRecordId: number) =>
  fake.paymentIntents().filter((pi) => pi.metadata.usageRecordId === String(usageRecordId));

function signed(payload: object) {
  const body = JSON.stringify(payload);
  const header = Stripe.webhooks.generateTestHeaderString({
    payload: body,
    secret: WEBHOOK_SECRET,
  });
  return { body, header };
}
const postEvent = (body: string, signature: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/stripe/webhook',
    payload: body,
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
  });

describe('the card', () => {
  it('creates the Stripe customer once and stores the card and the plan', async () => {
    const who = await signedIn(t.app, t.database.db);
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
    const customers = fake.requests.filter(
      (r) => r.method === 'POST' && r.path === '/v1/customers' && r.body.metadata,
    );
    const mine = customers.filter(
      (r) => (r.body.metadata as Record<string, string>).userId === String(who.user.id),
    );
    // Two setup intents, one customer (the second create was answered from the stored id).
    expect(mine).toHaveLength(1);
    const setups = fake.requests.filter(
      (r) => r.path === '/v1/setup_intents' && r.body.customer === user.stripeCustomerId,
    );
    expect(setups.map((r) => r.body.usage)).toEqual(['off_session', 'off_session']);
  });

  it("refuses to confirm someone else's setup, or one Stripe has not confirmed", async () => {
    const alice = await signedIn(t.app, t.database.db);
    const { setupIntentId } = await addCard(alice);
    const mallory = await signedIn(t.app, t.database.db);
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
    const sent = fake.requests.find(
      (r) =>
        r.path === '/v1/payment_intents' &&
        r.method === 'POST' &&
        r.body.metadata &&
        (r.body.metadata as Record<string, string>).usageRecordId === String(record.id),
    );
    expect(sent?.body).toMatchObject({ off_session: 'true', confirm: 'true', amount: '2999' });
    expect(sent?.headers['idempotency-key']).toBe(`usage-record-${record.id}`);
    const [row] = await t.database.db
      .select()
      .from(connections)
      .where(eq(connections.id, connectionId));
    expect(row?.status).toBe('in_progress');
    // The move is recorded in the same statement, as the paying user's.
    const lines = await t.database.db
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
    fake.setCardBehaviour(paymentMethodId, 'decline');
    const res = await call(who, 'POST', '/api/record-usage', { connectionId });
    expect(res.statusCode).toBe(402);
    expect(res.json().message).toBe('Your card was declined.');
    const [row] = await t.database.db
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
    fake.setCardBehaviour(paymentMethodId, 'authentication_required');
    const res = await call(who, 'POST', '/api/record-usage', { connectionId });
    expect(res.statusCode).toBe(200);
    const record = RecordUsageResponse.parse(res.json());
    expect(record.status).toBe('requires_action');
    expect(record.paymentIntentClientSecret).toMatch(/^pi_.+_secret_/);
    const [row] = await t.database.db
      .select()
      .from(connections)
      .where(eq(connections.id, connectionId));
    expect(row?.status).toBe('pending');
  });

  it('Stripe down: 502, the record stays pending, and the retry charges once', async () => {
    const { who, connectionId } = await customer('basic');
    fake.onRequest = (request) =>
      request.path === '/v1/payment_intents' && request.method === 'POST'
        ? { status: 500, body: { error: { type: 'api_error', message: 'Down' } } }
        : undefined;
    const down = await call(who, 'POST', '/api/record-usage', { connectionId });
    expect(down.statusCode).toBe(502);
    const [pending] = await t.database.db
      .select()
      .from(usageRecords)
      .where(eq(usageRecords.connectionId, connectionId));
    expect(pending?.status).toBe('pending');
    fake.onRequest = undefined;
    const again = await call(who, 'POST', '/api/record-usage', { connectionId });
    expect(again.json()).toMatchObject({ id: pending?.id, status: 'billed' });
    expect(chargesOf(pending?.id ?? 0)).toHaveLength(1);
  });

  it('an admin refund gives the money back once', async () => {
    const { who, connectionId } = await customer('basic');
    const bought = (await call(who, 'POST', '/api/record-usage', { connectionId })).json();
    const admin = await signedIn(t.app, t.database.db, 'admin');
    const body = { reason: 'No online account exists for this meter' };
    const first = await call(admin, 'POST', `/api/usage/${bought.id}/refund`, body);
    const second = await call(admin, 'POST', `/api/usage/${bought.id}/refund`, body);
    expect([first.json().status, second.json().status]).toEqual(['refunded', 'refunded']);
    const [charge] = chargesOf(bought.id);
    expect(fake.refunds().filter((r) => r.payment_intent === charge?.id)).toHaveLength(1);
  });
});

describe('subscription', () => {
  it('$25 a month plus $25 per report on the next invoice, billed when the invoice is paid', async () => {
    const { who, connectionId, summary } = await customer('premium');
    expect(summary.plan).toBe('premium');
    expect(summary.subscription).toMatchObject({ status: 'active', cancelAtPeriodEnd: false });
    const res = await call(who, 'POST', '/api/record-usage', { connectionId });
    const record = RecordUsageResponse.parse(res.json());
    expect(record).toMatchObject({ status: 'invoiced', costCents: 2500, plan: 'premium' });
    expect(chargesOf(record.id)).toEqual([]);
    const item = fake.invoiceItems().find((i) => i.metadata.usageRecordId === String(record.id));
    expect(item).toMatchObject({ amount: 2500, currency: 'usd' });

    const billing = BillingSummary.parse((await call(who, 'GET', '/api/billing')).json());
    expect(billing.subscription?.nextInvoiceCents).toBe(5000);

    const user = (await call(who, 'GET', '/api/user')).json();
    const created = fake.requests.filter(
      (r) => r.path === '/v1/subscriptions' && r.body.customer === user.stripeCustomerId,
    );
    expect(created).toHaveLength(1);
    expect(created[0]?.body.default_payment_method).toBe(user.paymentMethodId);
  });

  it('switches plans: to the subscription starts it, back to pay-per-report ends it at period end', async () => {
    const { who } = await customer('basic');
    const up = await call(who, 'POST', '/api/billing/plan', { plan: 'premium' });
    expect(up.statusCode).toBe(200);
    expect(BillingSummary.parse(up.json())).toMatchObject({
      plan: 'premium',
      subscription: { status: 'active', cancelAtPeriodEnd: false },
    });
    const down = await call(who, 'POST', '/api/billing/plan', { plan: 'basic' });
    expect(BillingSummary.parse(down.json())).toMatchObject({
      plan: 'premium',
      subscription: { cancelAtPeriodEnd: true },
    });
    const user = (await call(who, 'GET', '/api/user')).json();
    const updates = fake.requests.filter(
      (r) => r.method === 'POST' && /^\/v1\/subscriptions\/sub_/.test(r.path),
    );
    expect(updates.at(-1)?.body).toEqual({ cancel_at_period_end: 'true' });
    const created = fake.requests.filter(
      (r) => r.path === '/v1/subscriptions' && r.body.customer === user.stripeCustomerId,
    );
    expect(created).toHaveLength(1);
  });

  it('makes the price once and reuses it', () => {
    expect(
      fake.prices().filter((p) => p.lookup_key === 'utility-reports-premium-monthly'),
    ).toHaveLength(1);
  });
});

describe('POST /api/stripe/webhook', () => {
  it('applies a signed event once; a replay is ignored; a bad signature is 400', async () => {
    const who = await signedIn(t.app, t.database.db);
    const intent = await call(who, 'POST', '/api/create-setup-intent', { plan: 'basic' });
    const setupIntentId = String(intent.json().clientSecret).split('_secret_')[0] ?? '';
    fake.succeedSetupIntent(setupIntentId);
    const { body, header } = signed(fake.event('setup_intent.succeeded', setupIntentId));
    const first = await postEvent(body, header);
    expect(first.json()).toEqual({ message: 'applied' });
    expect((await call(who, 'GET', '/api/user')).json().paymentMethodId).toMatch(/^pm_/);
    expect((await postEvent(body, header)).json()).toEqual({ message: 'duplicate' });

    const tampered = await postEvent(body.replace('setup_intent', 'setup_intentx'), header);
    expect(tampered.statusCode).toBe(400);
    expect((await postEvent(body, 't=1,v1=deadbeef')).statusCode).toBe(400);
  });

  it('ignores an event about a customer we do not know', async () => {
    const stranger = await signedIn(t.app, t.database.db);
    const intent = await call(stranger, 'POST', '/api/create-setup-intent', { plan: 'basic' });
    const setupIntentId = String(intent.json().clientSecret).split('_secret_')[0] ?? '';
    fake.succeedSetupIntent(setupIntentId);
    // The customer exists at Stripe but not here any more.
    await t.database.db.execute(
      // biome-ignore lint/suspicious/noExplicitAny: test-only raw statement
      `update users set stripe_customer_id = null where id = ${stranger.user.id}` as any,
    );
    const { body, header } = signed(fake.event('setup_intent.succeeded', setupIntentId));
    expect((await postEvent(body, header)).json()).toEqual({ message: 'ignored' });
  });

  it('marks invoiced reports billed when their invoice is paid', async () => {
    const { who, connectionId } = await customer('premium');
    const record = (await call(who, 'POST', '/api/record-usage', { connectionId })).json();
    const subscriptionId = fake.requests
      .filter((r) => r.path === '/v1/invoiceitems' && r.method === 'POST')
      .map((r) => r.body.subscription)
      .at(-1);
    const invoice = fake.payInvoiceFor(String(subscriptionId)) as { id: string };
    const { body, header } = signed(fake.event('invoice.paid', invoice.id));
    expect((await postEvent(body, header)).json()).toEqual({ message: 'applied' });
    const usage = UsageResponse.parse((await call(who, 'GET', '/api/usage')).json());
    expect(usage.usage.find((u) => u.id === record.id)?.status).toBe('billed');
  });
});
