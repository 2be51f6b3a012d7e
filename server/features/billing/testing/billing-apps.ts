import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { BillingSummary } from '../../../../common/billing.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import {
  createProvider,
  loginAccepted,
  submission,
  submitForm,
} from '../../../test/connections.ts';
import { signedIn } from '../../../test/factories.ts';
import { type FakeStripe, startFakeStripe } from '../../../test/fake-stripe.ts';

const WEBHOOK_SECRET = 'whsec_testsecret0000000000';
const PUBLISHABLE_KEY = 'pk_test_fake0000';

type Who = Awaited<ReturnType<typeof signedIn>>;

type FakeStripeAppOptions = {
  /** How long one attempt waits for the fake's answer (tests of a Stripe that never answers). */
  stripeTimeoutMs?: number;
};
type Plan = 'basic' | 'premium';

/**
 * The app on a fresh database with one provider, started before the file's tests and closed
 * after them; with Stripe, against the local fake. Read `env` inside tests, once `beforeAll`
 * has run.
 */
function billingApp(withStripe: boolean, options: FakeStripeAppOptions = {}) {
  const env = {} as { t: TestApp; fake: FakeStripe; providerId: number };
  beforeAll(async () => {
    if (withStripe) env.fake = await startFakeStripe();
    env.t = await createTestApp(
      withStripe
        ? {
            STRIPE_SECRET_KEY: env.fake.secretKey,
            STRIPE_PUBLISHABLE_KEY: PUBLISHABLE_KEY,
            STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
            STRIPE_API_URL: env.fake.url,
          }
        : {},
      withStripe && options.stripeTimeoutMs
        ? {
            stripe: {
              secretKey: env.fake.secretKey,
              publishableKey: PUBLISHABLE_KEY,
              webhookSecret: WEBHOOK_SECRET,
              apiUrl: env.fake.url,
              timeoutMs: options.stripeTimeoutMs,
            },
          }
        : {},
    );
    env.providerId = (await createProvider(env.t.database.db)).id;
  });
  afterAll(async () => {
    await env.t?.close();
    await env.fake?.close();
  });
  const call = (who: Who | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    env.t.app.inject({ method, url, payload, headers: who ? { cookie: who.cookie } : {} });
  /**
   * A new connection of this user's, through the public form, whose login the utility accepted
   * (a report on it is charged at once), or, `login: 'unchecked'`, not checked yet (charged when
   * its report exists).
   */
  const connectionOf = async (who: Who, options: { login?: 'accepted' | 'unchecked' } = {}) => {
    const form = await submitForm(env.t.app, who.user.uniqueFormUrl, submission(env.providerId));
    const id = form.json().id as number;
    if (options.login !== 'unchecked') await loginAccepted(env.t.app, id);
    return id;
  };
  return { env, call, connectionOf };
}

/** Without Stripe keys: the labelled test mode, a test card and nothing charged anywhere. */
export function appInTestMode() {
  const app = billingApp(false);
  /** A signed-in user with the test card on the plan. */
  async function withCard(plan: Plan = 'basic') {
    const who = await signedIn(app.env.t.app, app.env.t.database.db);
    const res = await app.call(who, 'POST', '/api/billing/test-card', { plan });
    expect(res.statusCode).toBe(200);
    return who;
  }
  return { ...app, withCard };
}

/**
 * Against Stripe's API, answered by a local server that checks what we send
 * (server/test/fake-stripe.ts); nothing reaches the internet. After each test, every request
 * we sent must be one the fake knows and accepted as Stripe would.
 */
export function appWithFakeStripe(options: FakeStripeAppOptions = {}) {
  const app = billingApp(true, options);
  const { env, call } = app;
  afterEach(() => {
    env.fake.onRequest = undefined;
    expect(env.fake.unexpected).toEqual([]);
  });

  /** What the payment page does: a SetupIntent, Stripe.js confirms it, the server re-reads it. */
  async function addCard(who: Who, plan: Plan = 'basic') {
    const intent = await call(who, 'POST', '/api/create-setup-intent', { plan });
    expect(intent.statusCode).toBe(200);
    const { clientSecret, publishableKey, testMode } = intent.json();
    expect({ publishableKey, testMode }).toEqual({
      publishableKey: PUBLISHABLE_KEY,
      testMode: false,
    });
    const setupIntentId = String(clientSecret).split('_secret_')[0] ?? '';
    const paymentMethodId = env.fake.succeedSetupIntent(setupIntentId);
    const confirmed = await call(who, 'POST', '/api/billing/confirm-setup', { setupIntentId });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    return { setupIntentId, paymentMethodId, summary: BillingSummary.parse(confirmed.json()) };
  }

  /** A signed-in user with a card on the plan, and a connection of theirs to buy reports on. */
  async function customer(plan: Plan = 'basic') {
    const who = await signedIn(env.t.app, env.t.database.db);
    const card = await addCard(who, plan);
    return { who, ...card, connectionId: await app.connectionOf(who) };
  }

  const chargesOf = (usageRecordId: number) =>
    env.fake.paymentIntents().filter((pi) => pi.metadata.usageRecordId === String(usageRecordId));

  /** An event as Stripe would post it to the webhook, with its signature header. */
  function signed(payload: object) {
    const body = JSON.stringify(payload);
    const header = Stripe.webhooks.generateTestHeaderString({
      payload: body,
      secret: WEBHOOK_SECRET,
    });
    return { body, header };
  }

  const postEvent = (body: string, signature: string) =>
    env.t.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      payload: body,
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    });

  return { ...app, addCard, customer, chargesOf, signed, postEvent };
}
