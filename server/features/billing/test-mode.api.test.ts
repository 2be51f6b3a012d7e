import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { BillingSummary, RecordUsageResponse, UsageResponse } from '../../../common/billing.ts';
import { auditLog, connections, usageRecords } from '../../db/schema.ts';
import { signedIn } from '../../test/factories.ts';
import { appInTestMode } from './testing/billing-apps.ts';

// Without Stripe keys (npm start on a fresh machine) the whole journey works in a labelled test
// mode: a test card, reports "bought" at the plan's price, nothing charged anywhere.

const { env, call, connectionOf, withCard } = appInTestMode();

describe('test mode', () => {
  it('answers the setup intent with testMode and no Stripe key', async () => {
    const who = await signedIn(env.t.app, env.t.database.db);
    const res = await call(who, 'POST', '/api/create-setup-intent', { plan: 'basic' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ clientSecret: 'test_mode', publishableKey: null, testMode: true });
  });

  it('records a test card and the plan; the user has a payment method at once', async () => {
    const who = await signedIn(env.t.app, env.t.database.db);
    const res = await call(who, 'POST', '/api/billing/test-card', { plan: 'basic' });
    expect(BillingSummary.parse(res.json())).toMatchObject({
      plan: 'basic',
      testMode: true,
      paymentMethod: { brand: 'visa', last4: '4242' },
      subscription: null,
    });
    const user = (await call(who, 'GET', '/api/user')).json();
    expect(user.planType).toBe('basic');
    expect(user.stripeCustomerId).toMatch(/^test_cus_/);
    expect(user.paymentMethodId).toMatch(/^test_pm_/);
  });

  it('refuses a Stripe confirmation in test mode, and the webhook does not exist', async () => {
    const who = await signedIn(env.t.app, env.t.database.db);
    const confirm = await call(who, 'POST', '/api/billing/confirm-setup', {
      setupIntentId: 'seti_123',
    });
    expect(confirm.statusCode).toBe(400);
    const hook = await env.t.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      payload: '{}',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=x' },
    });
    expect(hook.statusCode).toBe(404);
  });
});

describe('POST /api/record-usage', () => {
  it('needs a signed-in user (401) and a payment method (402, nothing written)', async () => {
    expect((await call(null, 'POST', '/api/record-usage', { connectionId: 1 })).statusCode).toBe(
      401,
    );
    const who = await signedIn(env.t.app, env.t.database.db);
    const id = await connectionOf(who);
    const res = await call(who, 'POST', '/api/record-usage', { connectionId: id });
    expect(res.statusCode).toBe(402);
    expect(res.json().message).toMatch(/payment method/);
    const rows = await env.t.database.db
      .select()
      .from(usageRecords)
      .where(eq(usageRecords.connectionId, id));
    expect(rows).toEqual([]);
  });

  it('bills $29.99 on the basic plan, marks it test mode, and starts the work', async () => {
    const who = await withCard('basic');
    const id = await connectionOf(who);
    const res = await call(who, 'POST', '/api/record-usage', {
      reportType: 'utility_report',
      connectionId: id,
      description: 'Report for Dana',
    });
    expect(res.statusCode).toBe(200);
    expect(RecordUsageResponse.parse(res.json())).toMatchObject({
      status: 'billed',
      cost: 29.99,
      costCents: 2999,
      plan: 'basic',
      testMode: true,
      description: 'Report for Dana',
      connectionId: id,
      paymentIntentClientSecret: null,
    });
    const [row] = await env.t.database.db.select().from(connections).where(eq(connections.id, id));
    expect(row?.status).toBe('in_progress');
    // The move is audited with who caused it, in the transaction of the move.
    const audit = await env.t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'connection'), eq(auditLog.entityId, String(id))));
    expect(audit).toMatchObject([
      {
        actorId: who.user.id,
        action: 'connection.status_changed',
        details: { from: 'pending', to: 'in_progress', reason: 'report requested' },
      },
    ]);
    const usage = UsageResponse.parse((await call(who, 'GET', '/api/usage')).json());
    expect(usage.usage).toHaveLength(1);
    expect(usage.totalCost).toBe(29.99);
    expect(usage.totalCostCents).toBe(2999);
  });

  it('a double click or a retry makes one record, not two', async () => {
    const who = await withCard('basic');
    const id = await connectionOf(who);
    const send = () => call(who, 'POST', '/api/record-usage', { connectionId: id });
    const [a, b] = await Promise.all([send(), send()]);
    const c = await send();
    expect([a.statusCode, b.statusCode, c.statusCode]).toEqual([200, 200, 200]);
    expect(new Set([a.json().id, b.json().id, c.json().id]).size).toBe(1);
    const usage = UsageResponse.parse((await call(who, 'GET', '/api/usage')).json());
    expect(usage.usage).toHaveLength(1);
    expect(usage.totalCostCents).toBe(2999);
  });

  it("refuses another user's connection (404) and shows nobody else's usage", async () => {
    const owner = await withCard('basic');
    const id = await connectionOf(owner);
    await call(owner, 'POST', '/api/record-usage', { connectionId: id });
    const other = await withCard('basic');
    const res = await call(other, 'POST', '/api/record-usage', { connectionId: id });
    expect(res.statusCode).toBe(404);
    const admin = await signedIn(env.t.app, env.t.database.db, 'admin');
    await call(admin, 'POST', '/api/billing/test-card', { plan: 'basic' });
    // Buying is for the owner: an admin cannot charge their own card for someone's connection.
    expect((await call(admin, 'POST', '/api/record-usage', { connectionId: id })).statusCode).toBe(
      404,
    );
    const theirs = UsageResponse.parse((await call(other, 'GET', '/api/usage')).json());
    expect(theirs.usage).toEqual([]);
    expect(theirs.totalCost).toBe(0);
  });

  it.each([
    [{}, 'connectionId is required'],
    [{ connectionId: 'abc' }, 'connectionId is required'],
    [{ connectionId: 2_147_483_648 }, 'Invalid connectionId'],
  ])('answers 400 for %o', async (body, message) => {
    const who = await withCard('basic');
    const res = await call(who, 'POST', '/api/record-usage', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('puts $25 on the monthly invoice on the subscription plan', async () => {
    const who = await withCard('premium');
    const summary = BillingSummary.parse((await call(who, 'GET', '/api/billing')).json());
    expect(summary.plan).toBe('premium');
    expect(summary.subscription).toMatchObject({ status: 'active', cancelAtPeriodEnd: false });
    expect(summary.subscription?.nextInvoiceCents).toBe(2500);
    const id = await connectionOf(who);
    const res = await call(who, 'POST', '/api/record-usage', { connectionId: id });
    expect(res.json()).toMatchObject({ status: 'invoiced', costCents: 2500, plan: 'premium' });
    const after = BillingSummary.parse((await call(who, 'GET', '/api/billing')).json());
    expect(after.subscription?.nextInvoiceCents).toBe(5000);
    const usage = UsageResponse.parse((await call(who, 'GET', '/api/usage')).json());
    expect(usage.totalCostCents).toBe(2500);
  });

  it('cancels the subscription at period end; the plan lasts until then', async () => {
    const who = await withCard('premium');
    const res = await call(who, 'POST', '/api/billing/cancel');
    expect(BillingSummary.parse(res.json())).toMatchObject({
      plan: 'premium',
      subscription: { cancelAtPeriodEnd: true, nextInvoiceCents: null },
    });
    const back = await call(who, 'POST', '/api/billing/plan', { plan: 'premium' });
    expect(back.json().subscription.cancelAtPeriodEnd).toBe(false);
  });
});
