import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { RecordUsageResponse } from '../../../common/billing.ts';
import { connections, outbox, reports, usageRecords, users } from '../../db/schema.ts';
import { signedIn } from '../../test/factories.ts';
import { appWithFakeStripe } from './testing/billing-apps.ts';

// A report asked for on a connection whose login the utility has not accepted (failed, not
// checked yet, waiting for a code) is charged only once the report exists, against Stripe's
// API answered by a local fake: nothing reaches Stripe before, exactly one charge after.

const { env, call, addCard, customer, chargesOf, connectionOf } = appWithFakeStripe();
type Customer = Awaited<ReturnType<typeof customer>>;

/** A customer whose connection's login was not checked, with an address to be told at. */
async function unchecked(plan: 'basic' | 'premium' = 'basic') {
  const who = await signedIn(env.t.app, env.t.database.db);
  const email = `owner${who.user.id}@example.com`;
  await env.t.database.db.update(users).set({ email }).where(eq(users.id, who.user.id));
  const card = await addCard(who, plan);
  const connectionId = await connectionOf(who, { login: 'unchecked' });
  return { who, email, ...card, connectionId };
}

const request = async (c: Pick<Customer, 'who' | 'connectionId'>) => {
  const res = await call(c.who, 'POST', '/api/record-usage', { connectionId: c.connectionId });
  expect(res.statusCode, res.body).toBe(200);
  return RecordUsageResponse.parse(res.json());
};

/** An admin marks the data complete; the report is built and delivered (jobs run inline). */
async function dataArrives(connectionId: number) {
  const admin = await signedIn(env.t.app, env.t.database.db, 'admin');
  const res = await call(admin, 'PUT', `/api/connections/${connectionId}`, { status: 'complete' });
  expect(res.statusCode, res.body).toBe(200);
  await env.t.app.services.queue.drain();
}

const recordOf = async (id: number) =>
  (await env.t.database.db.select().from(usageRecords).where(eq(usageRecords.id, id)))[0];
const emailsTo = (to: string, kind: string) =>
  env.t.database.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.toAddress, to), eq(outbox.kind, kind)));
const readyReports = (connectionId: number) =>
  env.t.database.db
    .select()
    .from(reports)
    .where(and(eq(reports.connectionId, connectionId), eq(reports.status, 'ready')));

describe('a report charged on delivery', () => {
  it('charges nothing until the report exists, then exactly once, and delivers it', async () => {
    const c = await unchecked();
    const asked = await request(c);
    expect(asked).toMatchObject({
      status: 'requested',
      statusMessage: 'Charged when the report is ready',
      paymentIntentClientSecret: null,
    });
    // Asked again (a double click, a second look): the same request, still nothing charged.
    expect((await request(c)).id).toBe(asked.id);
    expect(chargesOf(asked.id)).toEqual([]);
    const [working] = await env.t.database.db
      .select()
      .from(connections)
      .where(eq(connections.id, c.connectionId));
    expect(working?.status).toBe('in_progress');

    await dataArrives(c.connectionId);

    const charges = chargesOf(asked.id);
    expect(charges).toHaveLength(1);
    expect(charges[0]).toMatchObject({ amount: 2999, status: 'succeeded' });
    const sent = env.fake.requests.filter(
      (r) =>
        r.path === '/v1/payment_intents' &&
        r.method === 'POST' &&
        (r.body.metadata as Record<string, string> | undefined)?.usageRecordId === String(asked.id),
    );
    expect(sent.map((r) => r.headers['idempotency-key'])).toEqual([`usage-record-${asked.id}`]);
    expect(await recordOf(asked.id)).toMatchObject({ status: 'billed' });
    expect((await recordOf(asked.id))?.fulfilledAt).not.toBeNull();
    expect(await readyReports(c.connectionId)).toHaveLength(1);
    expect(await emailsTo(c.email, 'report_ready')).toHaveLength(1);
    expect(await emailsTo(c.email, 'payment_needed')).toEqual([]);
  });

  it('a card declined at delivery: the report waits, the owner is told what to do, and paying delivers it once', async () => {
    const c = await unchecked();
    const asked = await request(c);
    env.fake.setCardBehaviour(c.paymentMethodId, 'decline');

    await dataArrives(c.connectionId);

    expect(await recordOf(asked.id)).toMatchObject({
      status: 'failed',
      statusMessage: 'Your card was declined.',
    });
    expect(await emailsTo(c.email, 'report_ready')).toEqual([]);
    const [needed] = await emailsTo(c.email, 'payment_needed');
    expect(needed?.subject).toBe("Payment needed: Dana Customer's report is ready");
    expect(needed?.textBody).toContain('nothing was charged');
    expect(needed?.textBody).toContain('What the bank said: Your card was declined.');
    expect(needed?.textBody).toContain('update your card in Billing');
    // The dashboard says so too, without a second email.
    const notices = (await call(c.who, 'GET', '/api/user/notices')).json();
    expect(notices.notices.map((n: { kind: string }) => n.kind)).toContain('payment_needed');
    expect(await emailsTo(c.email, 'notice_payment_needed')).toEqual([]);
    // The built report is not theirs until it is paid for.
    const mine = await call(c.who, 'GET', '/api/my/reports');
    expect(mine.statusCode).toBe(200);
    expect(mine.json().reports).toEqual([]);

    // A new card, and Generate Report again: the data is complete, so it is charged at once.
    await addCard(c.who, 'basic');
    const paid = await request(c);
    expect(paid.status).toBe('billed');
    await env.t.app.services.queue.drain();
    expect(chargesOf(paid.id).filter((pi) => pi.status === 'succeeded')).toHaveLength(1);
    expect(await emailsTo(c.email, 'report_ready')).toHaveLength(1);
    expect(await emailsTo(c.email, 'payment_needed')).toHaveLength(1);
  });

  it('a bank that asks the cardholder at delivery: the request waits for Confirm payment', async () => {
    const c = await unchecked();
    const asked = await request(c);
    env.fake.setCardBehaviour(c.paymentMethodId, 'authentication_required');

    await dataArrives(c.connectionId);

    expect(await recordOf(asked.id)).toMatchObject({ status: 'requires_action' });
    const [needed] = await emailsTo(c.email, 'payment_needed');
    expect(needed?.textBody).toContain('choose Confirm payment');
    // The dashboard's Confirm payment asks again and gets the secret for Stripe.js.
    const again = await request(c);
    expect(again).toMatchObject({ id: asked.id, status: 'requires_action' });
    expect(again.paymentIntentClientSecret).toMatch(/^pi_.+_secret_/);
    expect(chargesOf(asked.id)).toHaveLength(1);
  });

  it('Stripe unreachable at delivery: the request stays pending, and the sweep charges it once and delivers', async () => {
    const c = await unchecked();
    const asked = await request(c);
    env.fake.onRequest = (r) =>
      r.path === '/v1/payment_intents' && r.method === 'POST'
        ? { status: 500, body: { error: { type: 'api_error', message: 'Down' } } }
        : undefined;

    await dataArrives(c.connectionId);

    expect(await recordOf(asked.id)).toMatchObject({ status: 'pending' });
    expect(await emailsTo(c.email, 'report_ready')).toEqual([]);
    env.fake.onRequest = undefined;
    await env.t.app.services.billing.settleStalePending(0);
    await env.t.app.services.queue.drain();

    expect(await recordOf(asked.id)).toMatchObject({ status: 'billed' });
    expect(chargesOf(asked.id)).toHaveLength(1);
    expect(await emailsTo(c.email, 'report_ready')).toHaveLength(1);
    // Sweeping again changes nothing.
    await env.t.app.services.billing.settleStalePending(0);
    expect(chargesOf(asked.id)).toHaveLength(1);
  });

  it('on the subscription, the invoice item is added at delivery', async () => {
    const c = await unchecked('premium');
    const asked = await request(c);
    expect(asked.status).toBe('requested');
    const itemsOf = () =>
      env.fake.invoiceItems().filter((i) => i.metadata.usageRecordId === String(asked.id));
    expect(itemsOf()).toEqual([]);

    await dataArrives(c.connectionId);

    expect(itemsOf()).toHaveLength(1);
    expect(itemsOf()[0]).toMatchObject({ amount: 2500 });
    expect(await recordOf(asked.id)).toMatchObject({ status: 'invoiced' });
    expect(await emailsTo(c.email, 'report_ready')).toHaveLength(1);
  });

  it('a connection whose login was accepted is charged at once, as before', async () => {
    const c = await customer('basic');
    const paid = await request(c);
    expect(paid.status).toBe('billed');
    expect(chargesOf(paid.id)).toHaveLength(1);
  });

  it('a report built for a request closed or being paid meanwhile is not delivered, and nothing is charged', async () => {
    const c = await unchecked();
    const asked = await request(c);
    const billing = env.t.app.services.billing;
    const sentBefore = env.fake.requests.length;
    const setStatus = (status: 'pending' | 'requires_action' | 'refunded' | 'failed') =>
      env.t.database.db.update(usageRecords).set({ status }).where(eq(usageRecords.id, asked.id));
    await setStatus('pending');
    expect(await billing.chargeForDelivery(asked.id)).toEqual({ outcome: 'later' });
    await setStatus('requires_action');
    expect(await billing.chargeForDelivery(asked.id)).toEqual({ outcome: 'later' });
    await setStatus('refunded');
    expect(await billing.chargeForDelivery(asked.id)).toEqual({ outcome: 'closed' });
    await setStatus('failed');
    expect(await billing.chargeForDelivery(asked.id)).toEqual({ outcome: 'closed' });
    expect(env.fake.requests.length).toBe(sentBefore);
  });
});
