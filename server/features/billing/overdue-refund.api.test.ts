import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { TURNAROUND_HOURS } from '../../../common/turnaround.ts';
import { auditLog, outbox, reports, usageRecords, users } from '../../db/schema.ts';
import type { TestApp } from '../../test/app.ts';
import { signedIn } from '../../test/factories.ts';
import { appInTestMode, appWithFakeStripe } from './testing/billing-apps.ts';

// A request whose report did not come by the plan's turnaround plus REPORT_DEADLINE_DAYS is
// refunded (or cancelled) once, by the deadline run, and its user is told once.

const HOUR = 3_600_000;
const GRACE_DAYS = 7;
/** How long after its creation a Pay-Per-Report request is overdue. */
const BASIC_DEADLINE_MS = (TURNAROUND_HOURS.basic + GRACE_DAYS * 24) * HOUR;

/** Moves a record's creation back, as if it had been asked for `ago` milliseconds before now. */
async function age(t: TestApp, id: number, agoMs: number, now: Date) {
  await t.database.db
    .update(usageRecords)
    .set({ createdAt: new Date(now.getTime() - agoMs) })
    .where(eq(usageRecords.id, id));
}

const statusOf = async (t: TestApp, id: number) =>
  (await t.database.db.select().from(usageRecords).where(eq(usageRecords.id, id)))[0];

/** Gives the user an address to be told at. */
async function emailOf(t: TestApp, userId: number) {
  const email = `user${userId}@example.com`;
  await t.database.db.update(users).set({ email }).where(eq(users.id, userId));
  return email;
}

const refundEmailsTo = async (t: TestApp, to: string) =>
  t.database.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.toAddress, to), eq(outbox.kind, 'overdue_refund')));

const run = (t: TestApp, now: Date) =>
  t.app.services.billing.refundOverdue({
    mailer: t.app.services.mailer,
    graceDays: t.app.services.config.reportDeadlineDays,
    now,
  });

describe('against Stripe', () => {
  const { env, call, customer, chargesOf } = appWithFakeStripe();

  it('refunds an overdue paid request once, and leaves delivered, recent and others alone', async () => {
    const now = new Date();
    const buy = async () => {
      const c = await customer('basic');
      const res = await call(c.who, 'POST', '/api/record-usage', { connectionId: c.connectionId });
      expect(res.json().status).toBe('billed');
      return { ...c, id: res.json().id as number, email: await emailOf(env.t, c.who.user.id) };
    };
    const late = await buy();
    const delivered = await buy();
    const recent = await buy();
    const other = await buy();
    await age(env.t, late.id, BASIC_DEADLINE_MS + HOUR, now);
    await age(env.t, delivered.id, BASIC_DEADLINE_MS + HOUR, now);
    await age(env.t, recent.id, BASIC_DEADLINE_MS - HOUR, now);
    await env.t.database.db.insert(reports).values({
      connectionId: delivered.connectionId,
      userId: delivered.who.user.id,
      usageRecordId: delivered.id,
      status: 'ready',
    });

    // Two workers at once, then a later run: the request is refunded by one of them only.
    const [first, second] = await Promise.all([run(env.t, now), run(env.t, now)]);
    expect((first ?? 0) + (second ?? 0)).toBeGreaterThanOrEqual(1);
    await run(env.t, now);

    const [charge] = chargesOf(late.id);
    const refundCalls = env.fake.requests.filter(
      (r) =>
        r.method === 'POST' && r.path === '/v1/refunds' && r.body.payment_intent === charge?.id,
    );
    expect(refundCalls).toHaveLength(1);
    expect(refundCalls[0]?.headers['idempotency-key']).toBe(`refund-usage-record-${late.id}`);
    expect(env.fake.refunds().filter((r) => r.payment_intent === charge?.id)).toHaveLength(1);
    expect((await statusOf(env.t, late.id))?.status).toBe('refunded');

    for (const kept of [delivered, recent, other]) {
      expect((await statusOf(env.t, kept.id))?.status).toBe('billed');
      const [paid] = chargesOf(kept.id);
      expect(env.fake.refunds().filter((r) => r.payment_intent === paid?.id)).toEqual([]);
      expect(await refundEmailsTo(env.t, kept.email)).toEqual([]);
    }

    const emails = await refundEmailsTo(env.t, late.email);
    expect(emails).toHaveLength(1);
    expect(emails[0]?.textBody).toContain('so we refunded the $29.99 you paid');
    expect(emails[0]?.textBody).not.toMatch(/usage record|idempotency|stripe/i);
    // The dashboard's refund notice is added without a second email.
    const all = await env.t.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.toAddress, late.email));
    expect(all.filter((m) => m.kind !== 'overdue_refund').map((m) => m.kind)).not.toContain(
      'notice_refund_issued',
    );

    const audit = await env.t.database.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entityId, String(late.id)),
          inArray(auditLog.action, ['usage.refunded_overdue']),
        ),
      );
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorId: null, entityType: 'usage_record' });
  });
});

describe('a subscription report against Stripe', () => {
  const { env, call, customer } = appWithFakeStripe();

  it('takes an overdue report off the coming invoice, once', async () => {
    const now = new Date();
    const c = await customer('premium');
    const email = await emailOf(env.t, c.who.user.id);
    const res = await call(c.who, 'POST', '/api/record-usage', { connectionId: c.connectionId });
    expect(res.json().status).toBe('invoiced');
    const id = res.json().id as number;
    const itemId = (await statusOf(env.t, id))?.stripeInvoiceItemId;
    await age(env.t, id, (TURNAROUND_HOURS.premium + GRACE_DAYS * 24 + 1) * HOUR, now);

    await run(env.t, now);
    await run(env.t, now);

    const deletes = env.fake.requests.filter(
      (r) => r.method === 'DELETE' && r.path === `/v1/invoiceitems/${itemId}`,
    );
    expect(deletes).toHaveLength(1);
    expect((await statusOf(env.t, id))?.status).toBe('refunded');
    const emails = await refundEmailsTo(env.t, email);
    expect(emails).toHaveLength(1);
    expect(emails[0]?.textBody).toContain('off your next monthly invoice');
  });
});

describe('in test mode', () => {
  const { env, withCard, connectionOf, call } = appInTestMode();

  it('cancels an overdue request that was never charged, and says nothing was charged', async () => {
    const now = new Date();
    const who = await withCard('basic');
    const email = await emailOf(env.t, who.user.id);
    const connectionId = await connectionOf(who);
    const [pending] = await env.t.database.db
      .insert(usageRecords)
      .values({ userId: who.user.id, connectionId, costCents: 2999, plan: 'basic' })
      .returning();
    const id = pending?.id ?? 0;
    await age(env.t, id, BASIC_DEADLINE_MS + HOUR, now);

    await run(env.t, now);
    await run(env.t, now);

    const row = await statusOf(env.t, id);
    expect(row).toMatchObject({ status: 'refunded', stripePaymentIntentId: null });
    const emails = await refundEmailsTo(env.t, email);
    expect(emails).toHaveLength(1);
    expect(emails[0]?.textBody).toContain('You were not charged the $29.99');
    // The user's list says so too.
    const usage = (await call(who, 'GET', '/api/usage')).json();
    expect(usage.totalCostCents).toBe(0);
  });
});

describe('a request that waited for its data, against Stripe', () => {
  const { env, call, addCard, connectionOf } = appWithFakeStripe();

  it('is cancelled once at its deadline, with nothing sent to Stripe', async () => {
    const now = new Date();
    const who = await signedIn(env.t.app, env.t.database.db);
    await addCard(who, 'basic');
    const email = await emailOf(env.t, who.user.id);
    const connectionId = await connectionOf(who, { login: 'unchecked' });
    const asked = (await call(who, 'POST', '/api/record-usage', { connectionId })).json();
    expect(asked.status).toBe('requested');
    await age(env.t, asked.id, BASIC_DEADLINE_MS + HOUR, now);
    const sentBefore = env.fake.requests.length;

    await Promise.all([run(env.t, now), run(env.t, now)]);
    await run(env.t, now);

    expect(env.fake.requests.length).toBe(sentBefore);
    expect(await statusOf(env.t, asked.id)).toMatchObject({ status: 'refunded' });
    const emails = await refundEmailsTo(env.t, email);
    expect(emails).toHaveLength(1);
    expect(emails[0]?.subject).toBe("Cancelled: Dana Customer's report");
    expect(emails[0]?.textBody).toContain('You were not charged the $29.99');
  });
});

describe('a refund whose answer is lost, against Stripe', () => {
  const { env, call, customer, chargesOf } = appWithFakeStripe({ stripeTimeoutMs: 400 });

  it('is sent again under the same key by the next run: one refund in all', async () => {
    const now = new Date();
    const c = await customer('basic');
    const email = await emailOf(env.t, c.who.user.id);
    const paid = (
      await call(c.who, 'POST', '/api/record-usage', { connectionId: c.connectionId })
    ).json();
    expect(paid.status).toBe('billed');
    await age(env.t, paid.id, BASIC_DEADLINE_MS + HOUR, now);
    // Stripe makes the refund; its answer never arrives.
    env.fake.onRequest = (r) => (r.path === '/v1/refunds' ? 'hang' : undefined);

    await expect(run(env.t, now)).rejects.toThrow();
    expect((await statusOf(env.t, paid.id))?.status).toBe('billed');
    expect(await refundEmailsTo(env.t, email)).toEqual([]);

    env.fake.onRequest = undefined;
    await run(env.t, now);

    const [charge] = chargesOf(paid.id);
    const sent = env.fake.requests.filter((r) => r.path === '/v1/refunds');
    expect(new Set(sent.map((r) => r.headers['idempotency-key']))).toEqual(
      new Set([`refund-usage-record-${paid.id}`]),
    );
    expect(env.fake.refunds().filter((r) => r.payment_intent === charge?.id)).toHaveLength(1);
    expect((await statusOf(env.t, paid.id))?.status).toBe('refunded');
    expect(await refundEmailsTo(env.t, email)).toHaveLength(1);
  });
});
