import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { StripeConfig } from '../../config.ts';
import {
  type CardBehaviour,
  FAKE_STRIPE_SECRET_KEY,
  type FakeStripe,
  startFakeStripe,
} from '../../test/fake-stripe.ts';
import { MONTHLY_PRICE_LOOKUP_KEY, StripePayments } from './stripe.ts';

const WEBHOOK_SECRET = 'whsec_fakeStripeWebhookSecret';
const DAY_MS = 24 * 60 * 60 * 1000;

let fake: FakeStripe;
let payments: StripePayments;

const configFor = (url: string, secretKey = FAKE_STRIPE_SECRET_KEY): StripeConfig => ({
  secretKey,
  publishableKey: 'pk_test_fakeStripe',
  webhookSecret: WEBHOOK_SECRET,
  apiUrl: url,
});
const key = (what: string) => `${what}-${randomUUID()}`;
const sent = (method: string, path: string) =>
  fake.requests.filter((r) => r.method === method && r.path === path);

beforeEach(async () => {
  fake = await startFakeStripe();
  payments = new StripePayments(configFor(fake.url));
});

afterEach(async () => {
  expect(fake.unexpected).toEqual([]);
  await fake.close();
});

let users = 0;
/** A customer whose card was saved through a SetupIntent, as the payment page does it. */
async function customerWithCard(behaviour: CardBehaviour = 'ok') {
  users += 1;
  const { customerId } = await payments.createCustomer({
    userId: users,
    email: `user${users}@example.com`,
    name: `User ${users}`,
    idempotencyKey: key('customer'),
  });
  const setup = await payments.createSetupIntent({ customerId, metadata: { purpose: 'card' } });
  const paymentMethodId = fake.succeedSetupIntent(setup.id);
  fake.setCardBehaviour(paymentMethodId, behaviour);
  return { customerId, paymentMethodId };
}

const chargeInput = (customer: { customerId: string; paymentMethodId: string }, cents = 1500) => ({
  amountCents: cents,
  customerId: customer.customerId,
  paymentMethodId: customer.paymentMethodId,
  description: 'Utility report',
  metadata: { reportId: '42' },
  idempotencyKey: key('charge'),
});

describe('saving a card', () => {
  it('creates the customer and a SetupIntent, then reads the saved card', async () => {
    expect(payments.mode).toBe('stripe');
    expect(payments.publishableKey).toBe('pk_test_fakeStripe');
    const customerKey = key('customer');
    const { customerId } = await payments.createCustomer({
      userId: 7,
      email: 'ada@example.com',
      name: 'Ada Lovelace',
      idempotencyKey: customerKey,
    });
    expect(customerId).toMatch(/^cus_/);
    const [create] = sent('POST', '/v1/customers');
    expect(create?.body).toEqual({
      email: 'ada@example.com',
      name: 'Ada Lovelace',
      metadata: { userId: '7' },
    });
    expect(create?.headers['idempotency-key']).toBe(customerKey);
    expect(create?.headers.authorization).toBe(`Bearer ${FAKE_STRIPE_SECRET_KEY}`);

    const setup = await payments.createSetupIntent({ customerId, metadata: { userId: '7' } });
    expect(setup.id).toMatch(/^seti_/);
    expect(setup.clientSecret).toMatch(new RegExp(`^${setup.id}_secret_`));
    expect(sent('POST', '/v1/setup_intents')[0]?.body).toEqual({
      customer: customerId,
      usage: 'off_session',
      allowed_payment_method_types: ['card'],
      metadata: { userId: '7' },
    });
    expect(await payments.retrieveSetupIntent(setup.id)).toEqual({
      id: setup.id,
      customerId,
      status: 'requires_payment_method',
      paymentMethodId: null,
      metadata: { userId: '7' },
    });

    const paymentMethodId = fake.succeedSetupIntent(setup.id, {
      brand: 'mastercard',
      last4: '4444',
      expMonth: 3,
      expYear: 2029,
    });
    expect(await payments.retrieveSetupIntent(setup.id)).toMatchObject({
      status: 'succeeded',
      paymentMethodId,
    });
    expect(await payments.describeCard(paymentMethodId)).toEqual({
      brand: 'mastercard',
      last4: '4444',
      expires: '03/29',
    });
  });

  it('reads ids from expanded objects in a SetupIntent', async () => {
    fake.onRequest = (request) =>
      request.path === '/v1/setup_intents/seti_expanded'
        ? {
            status: 200,
            body: {
              id: 'seti_expanded',
              object: 'setup_intent',
              customer: { id: 'cus_expanded', object: 'customer' },
              payment_method: { id: 'pm_expanded', object: 'payment_method', type: 'card' },
              status: 'succeeded',
              metadata: {},
            },
          }
        : undefined;
    expect(await payments.retrieveSetupIntent('seti_expanded')).toMatchObject({
      customerId: 'cus_expanded',
      paymentMethodId: 'pm_expanded',
    });
  });
});

describe('charging a saved card', () => {
  it('charges off-session and confirms at once', async () => {
    const customer = await customerWithCard();
    const input = chargeInput(customer);
    const result = await payments.charge(input);
    expect(result).toEqual({ status: 'succeeded', paymentIntentId: expect.stringMatching(/^pi_/) });
    const [request] = sent('POST', '/v1/payment_intents');
    expect(request?.body).toEqual({
      amount: '1500',
      currency: 'usd',
      customer: customer.customerId,
      payment_method: customer.paymentMethodId,
      off_session: 'true',
      confirm: 'true',
      description: 'Utility report',
      metadata: { reportId: '42' },
    });
    expect(request?.headers['idempotency-key']).toBe(input.idempotencyKey);
    expect(await payments.retrievePaymentIntent(result.paymentIntentId as string)).toEqual({
      id: result.paymentIntentId,
      status: 'succeeded',
      amountCents: 1500,
      customerId: customer.customerId,
      metadata: { reportId: '42' },
      clientSecret: expect.stringMatching(/_secret_/),
      lastError: null,
    });
  });

  it('charges once for one idempotency key, and refuses the key for another charge', async () => {
    const customer = await customerWithCard();
    const input = chargeInput(customer);
    const first = await payments.charge(input);
    const again = await payments.charge(input);
    expect(again).toEqual(first);
    expect(sent('POST', '/v1/payment_intents')).toHaveLength(2);
    expect(fake.paymentIntents()).toHaveLength(1);

    await expect(payments.charge({ ...input, amountCents: 9900 })).rejects.toMatchObject({
      type: 'StripeIdempotencyError',
    });
    expect(fake.paymentIntents()).toHaveLength(1);
  });

  it('reports a declined card with the message Stripe gives for the cardholder', async () => {
    const customer = await customerWithCard('decline');
    const result = await payments.charge(chargeInput(customer));
    expect(result).toEqual({
      status: 'failed',
      paymentIntentId: expect.stringMatching(/^pi_/),
      message: 'Your card was declined.',
    });
    const id = result.paymentIntentId as string;
    expect(await payments.retrievePaymentIntent(id)).toMatchObject({
      status: 'requires_payment_method',
      lastError: 'Your card was declined.',
    });
  });

  it('asks for the cardholder when the bank wants authentication', async () => {
    const customer = await customerWithCard('authentication_required');
    const result = await payments.charge(chargeInput(customer));
    expect(result).toEqual({
      status: 'requires_action',
      paymentIntentId: expect.stringMatching(/^pi_/),
      clientSecret: expect.stringMatching(/^pi_.+_secret_/),
      message: 'Your bank asks you to confirm this payment.',
    });
    if (result.status !== 'requires_action') return;
    expect(result.clientSecret.startsWith(`${result.paymentIntentId}_secret_`)).toBe(true);
  });

  it('asks for the cardholder when the PaymentIntent comes back requiring action', async () => {
    const customer = await customerWithCard('requires_action');
    const result = await payments.charge(chargeInput(customer));
    expect(result).toMatchObject({
      status: 'requires_action',
      clientSecret: expect.stringMatching(/_secret_/),
    });
  });

  it('throws on a server error after retrying with the same key, then charges once', async () => {
    const customer = await customerWithCard();
    const input = chargeInput(customer);
    fake.onRequest = (request) =>
      request.path === '/v1/payment_intents'
        ? { status: 500, body: { error: { type: 'api_error', message: 'Something went wrong.' } } }
        : undefined;
    const error: unknown = await payments.charge(input).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Stripe.errors.StripeAPIError);
    expect(JSON.stringify(error)).not.toContain(FAKE_STRIPE_SECRET_KEY);
    expect(String((error as Error).stack)).not.toContain(FAKE_STRIPE_SECRET_KEY);
    // One retry: with the default wait per attempt, a user waits for Stripe at most twice.
    const attempts = sent('POST', '/v1/payment_intents');
    expect(attempts).toHaveLength(2);
    expect(new Set(attempts.map((r) => r.headers['idempotency-key']))).toEqual(
      new Set([input.idempotencyKey]),
    );
    expect(fake.paymentIntents()).toHaveLength(0);

    fake.onRequest = undefined;
    expect(await payments.charge(input)).toMatchObject({ status: 'succeeded' });
    expect(fake.paymentIntents()).toHaveLength(1);
  }, 15_000);

  it('gets the first result when the answer to a charge was lost', async () => {
    const impatient = new StripePayments({ ...configFor(fake.url), timeoutMs: 300 });
    const customer = await customerWithCard();
    let lost = false;
    fake.onRequest = (request) => {
      if (request.path !== '/v1/payment_intents' || lost) return undefined;
      lost = true;
      return 'hang';
    };
    const result = await impatient.charge(chargeInput(customer));
    expect(result).toMatchObject({ status: 'succeeded' });
    expect(sent('POST', '/v1/payment_intents')).toHaveLength(2);
    expect(fake.paymentIntents()).toEqual([
      expect.objectContaining({ id: result.paymentIntentId }),
    ]);
  }, 15_000);

  it('refunds a charge once', async () => {
    const customer = await customerWithCard();
    const charged = await payments.charge(chargeInput(customer));
    const paymentIntentId = charged.paymentIntentId as string;
    const refundKey = key('refund');
    const refund = await payments.refund({ paymentIntentId, idempotencyKey: refundKey });
    expect(refund.refundId).toMatch(/^re_/);
    expect(await payments.refund({ paymentIntentId, idempotencyKey: refundKey })).toEqual(refund);
    expect(fake.refunds()).toEqual([
      expect.objectContaining({ id: refund.refundId, payment_intent: paymentIntentId }),
    ]);
    expect(sent('POST', '/v1/refunds')[0]?.body).toEqual({ payment_intent: paymentIntentId });
    await expect(
      payments.refund({ paymentIntentId, idempotencyKey: key('refund') }),
    ).rejects.toMatchObject({ code: 'charge_already_refunded' });
  });

  it('throws without the secret key when Stripe refuses the key', async () => {
    const wrongKey = 'sk_test_notTheKeyTheFakeWants1234';
    const other = new StripePayments(configFor(fake.url, wrongKey));
    const error: unknown = await other.retrievePaymentIntent('pi_x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    expect(JSON.stringify(error)).not.toContain(wrongKey);
    expect((error as Error).message).not.toContain(wrongKey);
  });
});

describe('the monthly subscription', () => {
  const subscribe = async (customer: { customerId: string; paymentMethodId: string }, fee = 2500) =>
    payments.createSubscription({
      customerId: customer.customerId,
      paymentMethodId: customer.paymentMethodId,
      monthlyFeeCents: fee,
      metadata: { userId: '1' },
      idempotencyKey: key('subscription'),
    });

  it('creates the price once and subscribes each customer to it', async () => {
    const first = await customerWithCard();
    const subscription = await subscribe(first);
    expect(subscription).toEqual({
      id: expect.stringMatching(/^sub_/),
      customerId: first.customerId,
      status: 'active',
      cancelAtPeriodEnd: false,
      currentPeriodEnd: expect.any(Date),
      metadata: { userId: '1' },
    });
    const days = ((subscription.currentPeriodEnd?.getTime() ?? 0) - Date.now()) / DAY_MS;
    expect(days).toBeGreaterThan(27);
    expect(days).toBeLessThan(32);
    expect(fake.prices()).toEqual([
      expect.objectContaining({
        lookup_key: MONTHLY_PRICE_LOOKUP_KEY,
        unit_amount: 2500,
        currency: 'usd',
        recurring: expect.objectContaining({ interval: 'month' }),
      }),
    ]);
    expect(fake.products()).toEqual([
      expect.objectContaining({ name: 'Utility Reports Monthly Subscription' }),
    ]);
    const [price] = fake.prices();
    expect(sent('POST', '/v1/subscriptions')[0]?.body).toEqual({
      customer: first.customerId,
      items: [{ price: price?.id }],
      default_payment_method: first.paymentMethodId,
      metadata: { userId: '1' },
      off_session: 'true',
    });

    const second = await customerWithCard();
    expect(await subscribe(second)).toMatchObject({ status: 'active' });
    expect(fake.prices()).toHaveLength(1);
    expect(fake.products()).toHaveLength(1);
    expect(sent('POST', '/v1/prices')).toHaveLength(1);
    expect(sent('GET', '/v1/prices').at(-1)?.query).toEqual({
      lookup_keys: [MONTHLY_PRICE_LOOKUP_KEY],
      active: 'true',
      limit: '1',
    });
  });

  it('moves the lookup key to a new price when the fee changes', async () => {
    await subscribe(await customerWithCard(), 2500);
    await subscribe(await customerWithCard(), 3000);
    const prices = fake.prices();
    expect(prices.map((p) => [p.unit_amount, p.lookup_key])).toEqual([
      [2500, null],
      [3000, MONTHLY_PRICE_LOOKUP_KEY],
    ]);
    expect(new Set(prices.map((p) => p.product)).size).toBe(1);
  });

  it('retrieves it and cancels at the period end, or takes that back', async () => {
    const created = await subscribe(await customerWithCard());
    expect(await payments.retrieveSubscription(created.id)).toEqual(created);
    expect(await payments.setCancelAtPeriodEnd(created.id, true)).toMatchObject({
      cancelAtPeriodEnd: true,
    });
    expect(sent('POST', `/v1/subscriptions/${created.id}`)[0]?.body).toEqual({
      cancel_at_period_end: 'true',
    });
    expect(await payments.setCancelAtPeriodEnd(created.id, false)).toMatchObject({
      cancelAtPeriodEnd: false,
    });
  });

  it('reads the period end from the subscription in older API versions', async () => {
    fake.onRequest = (request) =>
      request.path === '/v1/subscriptions/sub_legacy'
        ? {
            status: 200,
            body: {
              id: 'sub_legacy',
              object: 'subscription',
              customer: 'cus_legacy',
              status: 'past_due',
              cancel_at_period_end: false,
              current_period_end: 1_767_225_600,
              items: { object: 'list', data: [], has_more: false },
              metadata: {},
            },
          }
        : undefined;
    expect(await payments.retrieveSubscription('sub_legacy')).toMatchObject({
      customerId: 'cus_legacy',
      status: 'past_due',
      currentPeriodEnd: new Date('2026-01-01T00:00:00Z'),
    });
  });
});

describe('reports on the next invoice', () => {
  async function subscribed() {
    const customer = await customerWithCard();
    const subscription = await payments.createSubscription({
      customerId: customer.customerId,
      paymentMethodId: customer.paymentMethodId,
      monthlyFeeCents: 2500,
      metadata: {},
      idempotencyKey: key('subscription'),
    });
    const addReport = (reportId: number, cents = 700) =>
      payments.addInvoiceItem({
        customerId: customer.customerId,
        subscriptionId: subscription.id,
        amountCents: cents,
        description: `Report ${reportId}`,
        metadata: { reportId: String(reportId) },
        idempotencyKey: key('invoice-item'),
      });
    return { customer, subscription, addReport };
  }

  it('adds a report once per key and takes it off again', async () => {
    const { customer, subscription } = await subscribed();
    const input = {
      customerId: customer.customerId,
      subscriptionId: subscription.id,
      amountCents: 700,
      description: 'Report 1',
      metadata: { reportId: '1' },
      idempotencyKey: key('invoice-item'),
    };
    const { invoiceItemId } = await payments.addInvoiceItem(input);
    expect(invoiceItemId).toMatch(/^ii_/);
    expect(await payments.addInvoiceItem(input)).toEqual({ invoiceItemId });
    expect(fake.invoiceItems()).toEqual([
      expect.objectContaining({ id: invoiceItemId, amount: 700, metadata: { reportId: '1' } }),
    ]);
    expect(sent('POST', '/v1/invoiceitems')[0]?.body).toEqual({
      customer: customer.customerId,
      subscription: subscription.id,
      amount: '700',
      currency: 'usd',
      description: 'Report 1',
      metadata: { reportId: '1' },
    });

    await payments.deleteInvoiceItem(invoiceItemId);
    expect(fake.invoiceItems()).toEqual([]);
    // A retry after the first delete went through.
    await payments.deleteInvoiceItem(invoiceItemId);
    expect(sent('DELETE', `/v1/invoiceitems/${invoiceItemId}`)).toHaveLength(2);
  });

  it('lists every invoice item on an invoice, past the lines it embeds', async () => {
    const { customer, subscription, addReport } = await subscribed();
    const added: string[] = [];
    for (let report = 1; report <= 12; report += 1) {
      added.push((await addReport(report)).invoiceItemId);
    }
    const paid = fake.payInvoiceFor(subscription.id);
    const invoice = await payments.retrieveInvoice(paid.id);
    expect(invoice).toMatchObject({
      id: paid.id,
      customerId: customer.customerId,
      subscriptionId: subscription.id,
      status: 'paid',
    });
    expect(invoice.invoiceItems).toEqual(
      added.map((id, i) => ({ id, metadata: { reportId: String(i + 1) } })),
    );
    expect(sent('GET', `/v1/invoices/${paid.id}/lines`)).not.toHaveLength(0);

    await expect(payments.deleteInvoiceItem(added[0] as string)).rejects.toThrow(
      /cannot be deleted/,
    );
  });

  it('previews the next invoice with the fee and the reports so far', async () => {
    const { customer, subscription, addReport } = await subscribed();
    await addReport(1, 700);
    await addReport(2, 800);
    const preview = await payments.previewInvoice({
      customerId: customer.customerId,
      subscriptionId: subscription.id,
    });
    expect(preview.amountDueCents).toBe(2500 + 700 + 800);
    const periodEnd = subscription.currentPeriodEnd?.getTime() ?? 0;
    expect(preview.nextPaymentAttempt?.getTime()).toBe(periodEnd + 3_600_000);
    expect(sent('POST', '/v1/invoices/create_preview')[0]?.body).toEqual({
      customer: customer.customerId,
      subscription: subscription.id,
    });
  });
});

describe('webhooks', () => {
  it('accepts a signed event and refuses a tampered or unsigned one', async () => {
    const customer = await customerWithCard();
    const { paymentIntentId } = await payments.charge(chargeInput(customer));
    const payload = JSON.stringify(
      fake.event('payment_intent.succeeded', paymentIntentId as string),
    );
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    expect(payments.verifyEvent(Buffer.from(payload), header)).toEqual({
      id: expect.stringMatching(/^evt_/),
      type: 'payment_intent.succeeded',
      objectId: paymentIntentId,
    });

    const tampered = payload.replace('"amount":1500', '"amount":1');
    expect(tampered).not.toBe(payload);
    expect(() => payments.verifyEvent(Buffer.from(tampered), header)).toThrow();
    expect(() => payments.verifyEvent(Buffer.from(payload), undefined)).toThrow();
    const forged = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: 'whsec_someoneElse',
    });
    expect(() => payments.verifyEvent(Buffer.from(payload), forged)).toThrow();
  });
});
