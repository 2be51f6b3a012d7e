import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppProcess, callApp, startAppProcess } from '../../test/app-process.ts';
import { type FakeStripe, startFakeStripe } from '../../test/fake-stripe.ts';

// The worst moment to die: Stripe has charged the card, and the process is killed before it
// records that. The real server runs as a child process on an embedded database that survives
// the kill; the fake Stripe kills it the instant the charge arrives, then makes the charge.
// After a restart, asking again must not charge again.

const dataDir = mkdtempSync(path.join(tmpdir(), 'ur-charge-once-'));
let fake: FakeStripe;
let app: AppProcess | undefined;

async function startApp() {
  app = await startAppProcess({
    env: {
      DATA_DIR: dataDir,
      ADMIN_USERNAME: 'crash-admin',
      ADMIN_PASSWORD: 'crash-admin-password',
      STRIPE_SECRET_KEY: fake.secretKey,
      STRIPE_PUBLISHABLE_KEY: 'pk_test_fake0000',
      STRIPE_WEBHOOK_SECRET: 'whsec_testsecret0000000000',
      STRIPE_API_URL: fake.url,
    },
  });
}

const killApp = async () => app?.kill();
const api = (method: string, url: string, body?: object, cookie?: string) =>
  callApp(app?.base ?? '', method, url, body, cookie);

beforeAll(async () => {
  fake = await startFakeStripe();
  await startApp();
}, 90_000);
afterAll(async () => {
  await killApp();
  await fake?.close();
});

describe('a crash between the charge and its record', () => {
  it('charges the card once, and the retry after a restart finds that charge', async () => {
    const admin = await api('POST', '/api/login', {
      username: 'crash-admin',
      password: 'crash-admin-password',
    });
    const provider = await api(
      'POST',
      '/api/providers',
      { name: 'Crash Utility', state: 'Ohio' },
      admin.cookie,
    );
    expect(provider.status).toBe(201);
    const user = await api('POST', '/api/register', {
      username: `crash_${Date.now()}`,
      password: 'a long enough password',
    });
    expect(user.status).toBe(201);
    const cookie = user.cookie;
    const intent = await api('POST', '/api/create-setup-intent', { plan: 'basic' }, cookie);
    const setupIntentId = String(intent.json.clientSecret).split('_secret_')[0] ?? '';
    fake.succeedSetupIntent(setupIntentId);
    expect(
      (await api('POST', '/api/billing/confirm-setup', { setupIntentId }, cookie)).status,
    ).toBe(200);
    const form = await api('POST', `/api/form/${user.json.uniqueFormUrl}`, {
      name: 'Casey Crash',
      email: 'casey@example.com',
      address: '1 Fault Line',
      providerId: provider.json.id,
      username: 'casey',
      password: 'portal-pass',
      consent: true,
    });
    expect(form.status).toBe(201);

    // The charge reaches Stripe; the process dies before it can read the answer.
    fake.onRequest = async (request) => {
      if (request.method === 'POST' && request.path === '/v1/payment_intents') {
        fake.onRequest = undefined;
        await killApp();
      }
      return undefined;
    };
    await expect(
      api('POST', '/api/record-usage', { connectionId: form.json.id }, cookie),
    ).rejects.toThrow();
    // Stripe goes on with the charge the dead process asked for.
    await expect.poll(() => fake.paymentIntents().length).toBe(1);

    await startApp();
    const again = await api('POST', '/api/record-usage', { connectionId: form.json.id }, cookie);
    expect(again.status).toBe(200);
    expect(again.json.status).toBe('billed');
    // Stripe answered the same idempotency key with the first charge: one charge in all.
    expect(fake.paymentIntents()).toHaveLength(1);
    expect(fake.paymentIntents()[0]?.status).toBe('succeeded');
    const usage = await api('GET', '/api/usage', undefined, cookie);
    expect(usage.json.usage).toHaveLength(1);
    expect(usage.json.totalCostCents).toBe(2999);
    expect(fake.unexpected).toEqual([]);
  }, 120_000);
});
