import { describe, expect, it } from 'vitest';
import { signedIn } from '../../test/factories.ts';
import type { FakeStripeRequest } from '../../test/fake-stripe/http.ts';
import { CARD_PROVIDER_DOWN } from './card.ts';
import { appWithFakeStripe } from './testing/billing-apps.ts';

// Adding a card while Stripe cannot be reached, or takes the request and never answers: a
// plain 502 soon, Stripe asked twice at most (the second time with the same idempotency key),
// and trying again once Stripe is back adds the card with nothing made twice. One attempt
// waits 300 ms here; the real wait is the payments client's default.
const { env, call, addCard } = appWithFakeStripe({ stripeTimeoutMs: 300 });

const attemptsAt = (method: string, path: string, since: number) =>
  env.fake.requests.slice(since).filter((r) => r.method === method && r.path === path);
const keysOf = (requests: FakeStripeRequest[]) =>
  new Set(requests.map((r) => r.headers['idempotency-key']));

describe('adding a card while Stripe is unreachable', () => {
  it('answers 502 in plain words, then adds the card once Stripe is back', async () => {
    const who = await signedIn(env.t.app, env.t.database.db);
    const since = env.fake.requests.length;
    env.fake.onRequest = () => 'refuse';
    const down = await call(who, 'POST', '/api/create-setup-intent', { plan: 'basic' });
    expect(down.statusCode).toBe(502);
    expect(down.json()).toEqual({ message: CARD_PROVIDER_DOWN });
    const attempts = attemptsAt('POST', '/v1/customers', since);
    expect(attempts).toHaveLength(2);
    expect(keysOf(attempts)).toEqual(new Set([`customer-user-${who.user.id}`]));

    env.fake.onRequest = undefined;
    const added = await addCard(who);
    expect(added.summary.paymentMethod).toMatchObject({ last4: '4242' });
  });

  it('answers 502 when confirming the card finds Stripe down', async () => {
    const who = await signedIn(env.t.app, env.t.database.db);
    const intent = (await call(who, 'POST', '/api/create-setup-intent', { plan: 'basic' })).json();
    const setupIntentId = String(intent.clientSecret).split('_secret_')[0] ?? '';
    env.fake.succeedSetupIntent(setupIntentId);
    env.fake.onRequest = () => 'refuse';
    const down = await call(who, 'POST', '/api/billing/confirm-setup', { setupIntentId });
    expect(down.statusCode).toBe(502);
    expect(down.json()).toEqual({ message: CARD_PROVIDER_DOWN });

    env.fake.onRequest = undefined;
    const confirmed = await call(who, 'POST', '/api/billing/confirm-setup', { setupIntentId });
    expect(confirmed.statusCode).toBe(200);
  });

  it('answers 404, not a failure of ours, for a setup Stripe does not know', async () => {
    const who = await signedIn(env.t.app, env.t.database.db);
    await addCard(who);
    const res = await call(who, 'POST', '/api/billing/confirm-setup', {
      setupIntentId: 'seti_neverMadeByStripe',
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Setup not found' });
  });
});

describe('adding a card while Stripe takes requests and never answers', () => {
  it('gives up with a 502 after two attempts under one key, and the retry makes one customer', async () => {
    const who = await signedIn(env.t.app, env.t.database.db);
    const since = env.fake.requests.length;
    // Stripe does the work and the answer is lost, every time.
    env.fake.onRequest = () => 'hang';
    const lost = await call(who, 'POST', '/api/create-setup-intent', { plan: 'premium' });
    expect(lost.statusCode).toBe(502);
    expect(lost.json()).toEqual({ message: CARD_PROVIDER_DOWN });
    const attempts = attemptsAt('POST', '/v1/customers', since);
    expect(attempts).toHaveLength(2);
    expect(keysOf(attempts)).toEqual(new Set([`customer-user-${who.user.id}`]));

    env.fake.onRequest = undefined;
    const customersBefore = env.fake.customers().length;
    await addCard(who, 'premium');
    // The customer the lost answers made is the one kept: Stripe replayed it for the key.
    expect(env.fake.customers()).toHaveLength(customersBefore);
    expect(env.fake.customers().filter((c) => c.metadata.userId === String(who.user.id))).toEqual([
      expect.objectContaining({ id: expect.stringMatching(/^cus_/) }),
    ]);
  }, 20_000);

  it('sends the SetupIntent again under the same key when its answer is lost', async () => {
    const who = await signedIn(env.t.app, env.t.database.db);
    await addCard(who);
    const since = env.fake.requests.length;
    env.fake.onRequest = (request) =>
      request.method === 'POST' && request.path === '/v1/setup_intents' ? 'hang' : undefined;
    const lost = await call(who, 'POST', '/api/create-setup-intent', { plan: 'basic' });
    expect(lost.statusCode).toBe(502);
    const attempts = attemptsAt('POST', '/v1/setup_intents', since);
    expect(attempts).toHaveLength(2);
    expect(keysOf(attempts).size).toBe(1);
    expect(attempts[0]?.headers['idempotency-key']).toEqual(expect.any(String));
  }, 20_000);
});

describe('every write to Stripe', () => {
  it('carries an idempotency key', async () => {
    const since = env.fake.requests.length;
    const who = await signedIn(env.t.app, env.t.database.db);
    await addCard(who, 'premium');
    expect((await call(who, 'POST', '/api/billing/cancel')).statusCode).toBe(200);
    expect((await call(who, 'POST', '/api/billing/plan', { plan: 'premium' })).statusCode).toBe(
      200,
    );
    const writes = env.fake.requests.slice(since).filter((r) => r.method !== 'GET');
    expect(writes.length).toBeGreaterThan(4);
    for (const write of writes) {
      expect(write.headers['idempotency-key'], `${write.method} ${write.path}`).toEqual(
        expect.stringMatching(/\S/),
      );
    }
  });
});
