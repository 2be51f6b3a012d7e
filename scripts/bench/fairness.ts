// Fairness under load on the embedded database: 200 keep-alive clients post the customer form
// at once, and each client's first answer is timed as well as the latency of every answer. An
// unfair server answers half of them in a tight cycle and leaves the rest waiting for the end.
import autocannon from 'autocannon';
import { freshPostgres } from './queue.ts';
import { appArgs, type Started, startServer } from './servers.ts';

const ADMIN = { username: 'fair-admin', password: 'fair-admin-password' };

type FormLoad = {
  clients: number;
  seconds: number;
  /** Clients that got at least one answer while the load ran. */
  answered: number;
  /** The latest first answer among the clients (ms from the start); Infinity if one had none. */
  slowestFirstMs: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  requests: number;
  non2xx: number;
  errors: number;
};

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;

async function call(base: string, path: string, body: object, cookie?: string) {
  const res = await fetch(base + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return {
    json: (await res.json()) as Record<string, unknown>,
    cookie: res.headers.get('set-cookie')?.split(';')[0],
  };
}

/** An admin's provider and a user's form link, made through the API of a started server. */
async function prepareForm(base: string) {
  const admin = await call(base, '/api/login', ADMIN);
  const provider = await call(
    base,
    '/api/providers',
    { name: 'Fair Power', state: 'Ohio' },
    admin.cookie,
  );
  const user = await call(base, '/api/register', {
    username: `fair_${Date.now()}`,
    password: 'a long enough password',
  });
  return { formUrl: String(user.json.uniqueFormUrl), providerId: Number(provider.json.id) };
}

/**
 * `clients` keep-alive connections post the form for `seconds`. No request times out before
 * the end (a timeout would reconnect and hide the wait), so a client the server never answered
 * shows as one: its first answer is "never".
 */
async function formLoad(
  base: string,
  form: { formUrl: string; providerId: number },
  clients: number,
  seconds: number,
): Promise<FormLoad> {
  const started = performance.now();
  const first = new Map<unknown, number>();
  const latencies: number[] = [];
  const options: autocannon.Options = {
    url: `${base}/api/form/${form.formUrl}`,
    method: 'POST',
    connections: clients,
    duration: seconds,
    timeout: seconds + 60,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      name: 'Fair Load',
      email: 'fair@example.com',
      address: '1 Even Way',
      providerId: form.providerId,
      username: 'portal-user',
      password: 'portal-pass',
      consent: true,
    }),
  };
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(options, (error, done) => (error ? reject(error) : resolve(done)));
    instance.on('response', (client, _status, _bytes, ms) => {
      if (!first.has(client)) first.set(client, performance.now() - started);
      latencies.push(ms);
    });
  });
  latencies.sort((a, b) => a - b);
  const firsts = [...first.values()];
  return {
    clients,
    seconds,
    answered: first.size,
    slowestFirstMs: first.size < clients ? Number.POSITIVE_INFINITY : Math.max(...firsts),
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
    maxMs: latencies.at(-1) ?? 0,
    requests: latencies.length,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

const describeLoad = (load: FormLoad) =>
  `p99 ${(load.p99Ms / 1000).toFixed(2)} s (p50 ${(load.p50Ms / 1000).toFixed(2)} s, max ${(load.maxMs / 1000).toFixed(2)} s), ` +
  `slowest first answer ${Number.isFinite(load.slowestFirstMs) ? `${(load.slowestFirstMs / 1000).toFixed(2)} s` : 'never'}, ` +
  `answered clients ${load.answered}/${load.clients}; ${load.requests} answers, ${load.non2xx} non-2xx, ${load.errors} errors`;

/** The server under load: built (npm start's arguments) unless told otherwise. */
async function startFormServer(
  env: Record<string, string>,
  args: string[] = appArgs(),
  port = 5921,
): Promise<Started> {
  return startServer(args, {
    port,
    readyPath: '/api/health',
    jobsReady: env.RUN_WORKER !== 'false',
    timeoutMs: 60_000,
    env: {
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      FORM_RATE_LIMIT: '100000000',
      AUTH_RATE_LIMIT: '100000',
      ...env,
    },
  });
}

const SECONDS = Number(process.env.BENCH_FAIR_SECONDS ?? 15);
/** BENCH_FAIR_SOURCE=1 runs server/main.ts through tsx instead of the build (no rebuild). */
const serverArgs = () =>
  process.env.BENCH_FAIR_SOURCE
    ? ['--max-semi-space-size=32', '--import', 'tsx', 'server/main.ts']
    : appArgs();
const RUN_WORKER = process.env.BENCH_FAIR_WORKER?.split(',') ?? ['true', 'false'];

export async function benchFairness() {
  for (const runWorker of RUN_WORKER) {
    const server = await startFormServer({ RUN_WORKER: runWorker }, serverArgs());
    try {
      const load = await formLoad(server.url, await prepareForm(server.url), 200, SECONDS);
      console.log(
        `PGlite (RUN_WORKER=${runWorker}): 200 clients posting the form for ${SECONDS} s: ${describeLoad(load)} (target p99 < 5 s, every client answered within a few seconds)`,
      );
    } finally {
      await server.stop();
    }
  }
}

/** The same load on PostgreSQL, for comparison (`tsx scripts/bench/fairness.ts postgres`). */
async function comparePostgres() {
  const postgres = await freshPostgres();
  if (!postgres) return console.log('postgres: skipped, no PostgreSQL server');
  try {
    const server = await startFormServer(
      { DATABASE_URL: postgres.url, RUN_WORKER: 'false' },
      serverArgs(),
    );
    try {
      const load = await formLoad(server.url, await prepareForm(server.url), 200, SECONDS);
      console.log(
        `PostgreSQL (RUN_WORKER=false): 200 clients for ${SECONDS} s: ${describeLoad(load)}`,
      );
    } finally {
      await server.stop();
    }
  } finally {
    await postgres.drop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (process.argv.includes('postgres')) await comparePostgres();
  else await benchFairness();
}
