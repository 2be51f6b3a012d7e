import { startFakeStripe } from '../../server/test/fake-stripe.ts';
import { appArgs, startServer } from './servers.ts';

const REQUESTS = 300;
const CONCURRENCY = 8;
const SEQUENTIAL = 200;
const JOB_POLL_MS = 5_000;
const ADMIN = { username: 'bench-admin', password: 'bench-admin-password' };

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? 0;
};

type Client = (
  method: string,
  url: string,
  body?: object,
) => Promise<{ status: number; json: Record<string, unknown>; headers: Headers }>;

function client(base: string, cookie = ''): Client {
  return async (method, url, body) => {
    const res = await fetch(base + url, {
      method,
      headers: { ...(body ? { 'content-type': 'application/json' } : {}), cookie },
      body: body ? JSON.stringify(body) : undefined,
    });
    const json = (await res.json()) as Record<string, unknown>;
    return { status: res.status, json, headers: res.headers };
  };
}

async function signIn(base: string, path: string, body: object): Promise<string> {
  const res = await fetch(base + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${path} failed: ${res.status} ${await res.text()}`);
  return res.headers.get('set-cookie')?.split(';')[0] ?? '';
}

/** Waits until no notice is waiting to be sent, then one more job poll for the rest. */
async function settled(admin: Client) {
  for (let i = 0; i < 120; i++) {
    const queued = await admin('GET', '/api/admin/outbox?status=queued');
    if (queued.json.total === 0) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  await new Promise((r) => setTimeout(r, JOB_POLL_MS + 1_000));
}

/**
 * POST /api/record-usage with Stripe answered by the local fake (in this process; the app runs
 * as `npm start` in its own). The product's own time, two ways: the server's own account
 * (its Server-Timing total less the time it waited on Stripe: routing, checks, the pending
 * record, the transaction that records the payment and starts the work, the events), which
 * should stay under 5 ms at the median, a small share beside Stripe's own round trip; and, as
 * seen from the client, the request's time less one bare round trip to the fake Stripe, which
 * also counts the client's and the loopback's share of one more HTTP round trip.
 */
export async function benchBilling() {
  await benchBillingOn('PGlite', {});
  // PostgreSQL runs its queries in its own processes; PGlite runs them on the app's thread, so
  // there the database's own work counts as the product's time.
  if (process.env.BENCH_DATABASE_URL) {
    await benchBillingOn('PostgreSQL', { DATABASE_URL: process.env.BENCH_DATABASE_URL });
  }
}

async function benchBillingOn(label: string, database: Record<string, string>) {
  const fake = await startFakeStripe();
  const app = await startServer(appArgs(), {
    port: 5000 + Math.floor(Math.random() * 1000),
    readyPath: '/api/health',
    jobsReady: true,
    env: {
      STRIPE_SECRET_KEY: fake.secretKey,
      STRIPE_PUBLISHABLE_KEY: 'pk_test_bench',
      STRIPE_WEBHOOK_SECRET: 'whsec_bench0000',
      STRIPE_API_URL: fake.url,
      FORM_RATE_LIMIT: '100000',
      // The reports those requests queue are not built here: only the request is measured.
      RUN_WORKER: 'false',
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      ...database,
    },
  });
  try {
    const admin = client(app.url, await signIn(app.url, '/api/login', ADMIN));
    const provider = await admin('POST', '/api/providers', {
      name: 'Bench Utility',
      state: 'Ohio',
    });
    const userCookie = await signIn(app.url, '/api/register', {
      username: `bench_${Date.now()}`,
      password: 'bench-user-password',
    });
    const user = client(app.url, userCookie);
    const me = await user('GET', '/api/user');
    const intent = await user('POST', '/api/create-setup-intent', { plan: 'basic' });
    const setupIntentId = String(intent.json.clientSecret).split('_secret_')[0] ?? '';
    const paymentMethod = fake.succeedSetupIntent(setupIntentId);
    await user('POST', '/api/billing/confirm-setup', { setupIntentId });
    const customer = String((await user('GET', '/api/user')).json.stripeCustomerId);

    const anonymous = client(app.url);
    const connection = async (complete = true) => {
      const res = await anonymous('POST', `/api/form/${me.json.uniqueFormUrl}`, {
        name: 'Bench Customer',
        email: 'bench@example.com',
        address: '1 Bench St',
        providerId: provider.json.id,
        username: 'portal-user',
        password: 'portal-pass',
        consent: true,
      });
      if (res.status !== 201) throw new Error(`form failed: ${JSON.stringify(res.json)}`);
      // Its data is complete, so a report on it is charged at once (one whose login is not
      // confirmed is charged only once its report exists, with no Stripe call to measure).
      const id = Number(res.json.id);
      if (!complete) return id;
      const done = await admin('PUT', `/api/connections/${id}`, { status: 'complete' });
      if (done.status !== 200) throw new Error(`complete failed: ${JSON.stringify(done.json)}`);
      return id;
    };
    // The server's own account of each request: its total time and the part spent on Stripe.
    const serverOwn: number[] = [];
    const buy = async (connectionId: number) => {
      const t0 = performance.now();
      const res = await user('POST', '/api/record-usage', { connectionId });
      const elapsed = performance.now() - t0;
      if (res.status !== 200 || res.json.status !== 'billed') {
        throw new Error(`not billed: ${JSON.stringify(res.json)}`);
      }
      const timing = res.headers.get('server-timing') ?? '';
      const dur = (name: string) => Number(new RegExp(`${name};dur=([\\d.]+)`).exec(timing)?.[1]);
      serverOwn.push(dur('total') - dur('stripe'));
      return elapsed;
    };

    // One Stripe round trip as the app makes it, measured from here: the part that is not ours.
    const stripeTrip: number[] = [];
    for (let i = 0; i < 100; i++) {
      const t0 = performance.now();
      const res = await fetch(`${fake.url}/v1/payment_intents`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${fake.secretKey}`,
          'content-type': 'application/x-www-form-urlencoded',
          'idempotency-key': `bench-baseline-${i}`,
        },
        body: new URLSearchParams({
          amount: '2999',
          currency: 'usd',
          customer,
          payment_method: paymentMethod,
          off_session: 'true',
          confirm: 'true',
        }),
      });
      await res.text();
      stripeTrip.push(performance.now() - t0);
    }

    // Each submission queues background work (the login check, the notices) that pg-boss runs
    // on its next poll; on PGlite that shares the app's thread. The one-at-a-time figure is
    // the request's own, so the submissions are made first and their work left to finish.
    const fresh: number[] = [];
    for (let i = 0; i < 20 + SEQUENTIAL; i++) fresh.push(await connection());
    await settled(admin);
    for (const id of fresh.splice(0, 20)) await buy(id);

    serverOwn.length = 0;
    const alone: number[] = [];
    for (const id of fresh) alone.push(await buy(id));
    const ours = median(alone) - median(stripeTrip);
    console.log(
      `${label}: record-usage one at a time: median ${median(alone).toFixed(2)} ms seen by the client, less one Stripe round trip (${median(stripeTrip).toFixed(2)} ms): ${ours.toFixed(2)} ms; the server's own time by its Server-Timing (total less Stripe): median ${median(serverOwn).toFixed(2)} ms (target < 5 ms; the data is complete, so this includes queuing the report's build)`,
    );

    // A login not confirmed yet: the request is recorded, and nothing is sent to Stripe.
    const unconfirmed: number[] = [];
    for (let i = 0; i < SEQUENTIAL; i++) unconfirmed.push(await connection(false));
    await settled(admin);
    const stripeCallsBefore = fake.requests.length;
    const deferred: number[] = [];
    for (const id of unconfirmed) {
      const res = await user('POST', '/api/record-usage', { connectionId: id });
      if (res.status !== 200 || res.json.status !== 'requested') {
        throw new Error(`not requested: ${JSON.stringify(res.json)}`);
      }
      const timing = res.headers.get('server-timing') ?? '';
      deferred.push(Number(/total;dur=([\d.]+)/.exec(timing)?.[1]));
    }
    console.log(
      `${label}: record-usage charged on delivery (login not confirmed) one at a time: the server's own time median ${median(deferred).toFixed(2)} ms, Stripe calls ${fake.requests.length - stripeCallsBefore}`,
    );

    const ids: number[] = [];
    for (let i = 0; i < REQUESTS; i++) ids.push(await connection());
    const before = fake.paymentIntents().length;
    const started = performance.now();
    const latencies: number[] = [];
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        for (let id = ids.shift(); id !== undefined; id = ids.shift())
          latencies.push(await buy(id));
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `${label}: record-usage at concurrency ${CONCURRENCY}: ${(REQUESTS / seconds).toFixed(0)} req/s, median ${median(latencies).toFixed(1)} ms, ${fake.paymentIntents().length - before} charges for ${REQUESTS} requests, unexpected Stripe calls: ${fake.unexpected.length}`,
    );
  } finally {
    await app.stop();
    await fake.close();
  }
}
