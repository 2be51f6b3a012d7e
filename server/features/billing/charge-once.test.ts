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

/** The admin, a provider and a user with a card on the basic plan. */
async function buyer() {
  const admin = await api('POST', '/api/login', {
    username: 'crash-admin',
    password: 'crash-admin-password',
  });
  const provider = await api(
    'POST',
    '/api/providers',
    { name: `Crash Utility ${Date.now()}`, state: 'Ohio' },
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
  expect((await api('POST', '/api/billing/confirm-setup', { setupIntentId }, cookie)).status).toBe(
    200,
  );
  /** A connection of the user's, through the public form; its login is not checked. */
  const connection = async () => {
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
    return form.json.id as number;
  };
  const complete = async (connectionId: number) => {
    const res = await api(
      'PUT',
      `/api/connections/${connectionId}`,
      { status: 'complete' },
      admin.cookie,
    );
    expect(res.status).toBe(200);
  };
  return { cookie, connection, complete };
}

/** The fake kills the app the instant a charge arrives, then makes the charge. */
function dieOnCharge() {
  fake.onRequest = async (request) => {
    if (request.method === 'POST' && request.path === '/v1/payment_intents') {
      fake.onRequest = undefined;
      await killApp();
    }
    return undefined;
  };
}

const chargesOf = (usageRecordId: number) =>
  fake.paymentIntents().filter((pi) => pi.metadata.usageRecordId === String(usageRecordId));

describe('a crash between the charge and its record', () => {
  it('charges the card once, and the retry after a restart finds that charge', async () => {
    const { cookie, connection, complete } = await buyer();
    const connectionId = await connection();
    // The data is complete: Generate Report charges at once.
    await complete(connectionId);

    dieOnCharge();
    await expect(api('POST', '/api/record-usage', { connectionId }, cookie)).rejects.toThrow();
    // Stripe goes on with the charge the dead process asked for.
    await expect.poll(() => fake.paymentIntents().length).toBe(1);

    await startApp();
    const again = await api('POST', '/api/record-usage', { connectionId }, cookie);
    expect(again.status).toBe(200);
    expect(again.json.status).toBe('billed');
    // Stripe answered the same idempotency key with the first charge: one charge in all.
    expect(chargesOf(again.json.id)).toHaveLength(1);
    expect(fake.paymentIntents()).toHaveLength(1);
    expect(fake.paymentIntents()[0]?.status).toBe('succeeded');
    const usage = await api('GET', '/api/usage', undefined, cookie);
    expect(usage.json.usage).toHaveLength(1);
    expect(usage.json.totalCostCents).toBe(2999);
    expect(fake.unexpected).toEqual([]);
  }, 120_000);

  it('when the charge is made on delivery: once, and the report is delivered after the restart', async () => {
    const { cookie, connection, complete } = await buyer();
    const connectionId = await connection();
    const asked = await api('POST', '/api/record-usage', { connectionId }, cookie);
    expect(asked.json.status).toBe('requested');
    const id = asked.json.id as number;
    expect(chargesOf(id)).toEqual([]);

    // The data arrives, the report is built, and the process dies as its charge reaches Stripe.
    dieOnCharge();
    await complete(connectionId);
    await expect.poll(() => chargesOf(id).length, { timeout: 60_000 }).toBe(1);

    await startApp();
    // Generate Report again (or the sweep a few minutes later): the same key, the same charge.
    const again = await api('POST', '/api/record-usage', { connectionId }, cookie);
    expect(again.json).toMatchObject({ id, status: 'billed' });
    expect(chargesOf(id)).toHaveLength(1);
    const delivered = async () => {
      const mine = await api('GET', '/api/my/reports', undefined, cookie);
      return (mine.json.reports as Array<{ connectionId: number; status: string }>).some(
        (r) => r.connectionId === connectionId && r.status === 'ready',
      );
    };
    await expect.poll(delivered, { timeout: 60_000 }).toBe(true);
    expect(chargesOf(id)).toHaveLength(1);
    expect(fake.unexpected).toEqual([]);
  }, 180_000);
});
