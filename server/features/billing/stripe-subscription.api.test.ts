import { describe, expect, it } from 'vitest';
import { BillingSummary, RecordUsageResponse, UsageResponse } from '../../../common/billing.ts';
import { signedIn } from '../../test/factories.ts';
import { appWithFakeStripe } from './testing/billing-apps.ts';

// The Monthly Subscription and Stripe's webhook, against Stripe's API answered by a local fake.

const { env, call, customer, chargesOf, signed, postEvent } = appWithFakeStripe();

describe('subscription', () => {
  it('$25 a month plus $25 per report on the next invoice, billed when the invoice is paid', async () => {
    const { who, connectionId, summary } = await customer('premium');
    expect(summary.plan).toBe('premium');
    expect(summary.subscription).toMatchObject({ status: 'active', cancelAtPeriodEnd: false });
    const res = await call(who, 'POST', '/api/record-usage', { connectionId });
    const record = RecordUsageResponse.parse(res.json());
    expect(record).toMatchObject({ status: 'invoiced', costCents: 2500, plan: 'premium' });
    expect(chargesOf(record.id)).toEqual([]);
    const item = env.fake
      .invoiceItems()
      .find((i) => i.metadata.usageRecordId === String(record.id));
    expect(item).toMatchObject({ amount: 2500, currency: 'usd' });

    const billing = BillingSummary.parse((await call(who, 'GET', '/api/billing')).json());
    expect(billing.subscription?.nextInvoiceCents).toBe(5000);

    const user = (await call(who, 'GET', '/api/user')).json();
    const created = env.fake.requests.filter(
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
    const updates = env.fake.requests.filter(
      (r) => r.method === 'POST' && /^\/v1\/subscriptions\/sub_/.test(r.path),
    );
    expect(updates.at(-1)?.body).toEqual({ cancel_at_period_end: 'true' });
    const created = env.fake.requests.filter(
      (r) => r.path === '/v1/subscriptions' && r.body.customer === user.stripeCustomerId,
    );
    expect(created).toHaveLength(1);
  });

  it('makes the price once and reuses it', () => {
    expect(
      env.fake.prices().filter((p) => p.lookup_key === 'utility-reports-premium-monthly'),
    ).toHaveLength(1);
  });
});

describe('POST /api/stripe/webhook', () => {
  it('applies a signed event once; a replay is ignored; a bad signature is 400', async () => {
    const who = await signedIn(env.t.app, env.t.database.db);
    const intent = await call(who, 'POST', '/api/create-setup-intent', { plan: 'basic' });
    const setupIntentId = String(intent.json().clientSecret).split('_secret_')[0] ?? '';
    env.fake.succeedSetupIntent(setupIntentId);
    const { body, header } = signed(env.fake.event('setup_intent.succeeded', setupIntentId));
    const first = await postEvent(body, header);
    expect(first.json()).toEqual({ message: 'applied' });
    expect((await call(who, 'GET', '/api/user')).json().paymentMethodId).toMatch(/^pm_/);
    expect((await postEvent(body, header)).json()).toEqual({ message: 'duplicate' });

    const tampered = await postEvent(body.replace('setup_intent', 'setup_intentx'), header);
    expect(tampered.statusCode).toBe(400);
    expect((await postEvent(body, 't=1,v1=deadbeef')).statusCode).toBe(400);
  });

  it('ignores an event about a customer we do not know', async () => {
    const stranger = await signedIn(env.t.app, env.t.database.db);
    const intent = await call(stranger, 'POST', '/api/create-setup-intent', { plan: 'basic' });
    const setupIntentId = String(intent.json().clientSecret).split('_secret_')[0] ?? '';
    env.fake.succeedSetupIntent(setupIntentId);
    // The customer exists at Stripe but not here any more.
    await env.t.database.db.execute(
      // biome-ignore lint/suspicious/noExplicitAny: test-only raw statement
      `update users set stripe_customer_id = null where id = ${stranger.user.id}` as any,
    );
    const { body, header } = signed(env.fake.event('setup_intent.succeeded', setupIntentId));
    expect((await postEvent(body, header)).json()).toEqual({ message: 'ignored' });
  });

  it('marks invoiced reports billed when their invoice is paid', async () => {
    const { who, connectionId } = await customer('premium');
    const record = (await call(who, 'POST', '/api/record-usage', { connectionId })).json();
    const subscriptionId = env.fake.requests
      .filter((r) => r.path === '/v1/invoiceitems' && r.method === 'POST')
      .map((r) => r.body.subscription)
      .at(-1);
    const invoice = env.fake.payInvoiceFor(String(subscriptionId)) as { id: string };
    const { body, header } = signed(env.fake.event('invoice.paid', invoice.id));
    expect((await postEvent(body, header)).json()).toEqual({ message: 'applied' });
    const usage = UsageResponse.parse((await call(who, 'GET', '/api/usage')).json());
    expect(usage.usage.find((u) => u.id === record.id)?.status).toBe('billed');
  });
});
