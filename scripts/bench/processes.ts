import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { appArgs, type Started, startServer } from './servers.ts';

// `npm run bench -- processes`: the layout of several processes (two API processes with
// RUN_WORKER=false and two workers) against one process, on the same PostgreSQL: customer form
// submissions per second, counted until the jobs each one starts (its login check, the two
// emails) are done, and paid report requests per second from the request until every version
// is built. All processes share the machine's cores with PostgreSQL.
//
// Both layouts are measured warm, as a service runs: each first takes WARM_FORMS submissions
// and WARM_REPORTS reports, untimed, so that every process has compiled its code paths and each
// worker has launched its Chromium. Cold, the four processes each paid for compiling the same
// code during the measurement, a cost of starting, not of coordinating.
//
// The form figure counts a submission done when its jobs are: one process answers the form
// while its own jobs wait behind the requests (a hundred or more were still queued at the end
// of the burst), where the workers keep up as they go, so requests answered per second alone
// favoured the layout that put work off. That figure is printed too.

const ADMIN = { username: 'bench-admin', password: 'bench-admin-password' };
const FORMS = 300;
const REPORTS = 30;
const WARM_FORMS = 300;
const WARM_REPORTS = 6;
const CONCURRENCY = 16;

type Layout = { apis: Started[]; stop(): Promise<void>; db: pg.Client };

async function freshDatabase(adminUrl: string): Promise<string> {
  const name = `ur_bench_processes_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

let nextPort = 56_400;

async function startLayout(adminUrl: string, several: boolean): Promise<Layout> {
  const url = await freshDatabase(adminUrl);
  const env = {
    DATABASE_URL: url,
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'ur-bench-processes-')),
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    FORM_RATE_LIMIT: '100000',
    AUTH_RATE_LIMIT: '100000',
    RUN_WORKER: several ? 'false' : 'true',
  };
  const start = (args: string[], ready: boolean) =>
    startServer(args, {
      port: nextPort++,
      env,
      readyPath: ready ? '/api/health' : undefined,
      jobsReady: ready,
      timeoutMs: 90_000,
    });
  const first = await start(appArgs(), true);
  const apis = [first];
  const workers: Started[] = [];
  if (several) {
    apis.push(await start(appArgs(), true));
    const workerArgs = appArgs().map((a) => a.replace('main.js', 'worker.js'));
    // A worker answers no HTTP: it is started, not waited for (its queue wakes on NOTIFY).
    for (let i = 0; i < 2; i++) {
      const child = spawn(process.execPath, workerArgs, {
        env: { ...process.env, LOG_LEVEL: 'warn', NODE_ENV: 'production', ...env },
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      workers.push({
        url: '',
        child,
        stop: () =>
          new Promise<void>((resolve) => {
            child.once('exit', () => resolve());
            child.kill('SIGTERM');
          }),
      });
    }
  }
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  return {
    apis,
    db,
    stop: async () => {
      await db.end();
      await Promise.all([...apis, ...workers].map((s) => s.stop()));
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`drop database if exists ${new URL(url).pathname.slice(1)} with (force)`);
      await admin.end();
    },
  };
}

async function call(base: string, method: string, url: string, body?: object, cookie?: string) {
  const res = await fetch(base + url, {
    method,
    headers: {
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(cookie ? { cookie } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = (await res.json().catch(() => null)) as Record<string, unknown> | null;
  if (res.status >= 300) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(json)}`);
  return { json, cookie: res.headers.get('set-cookie')?.split(';')[0] ?? '' };
}

/** Runs `count` tasks `CONCURRENCY` at a time, each on the next API in turn: per second. */
async function rate(
  apis: Started[],
  count: number,
  task: (base: string, i: number) => Promise<unknown>,
) {
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < count) {
        const i = next++;
        await task((apis[i % apis.length] as Started).url, i);
      }
    }),
  );
  return count / ((performance.now() - started) / 1000);
}

/** Waits until no job that is due is queued or running (scheduled sweeps are not due). */
async function jobsDone(db: pg.Client): Promise<void> {
  for (;;) {
    const { rows } = await db.query(
      `select count(*)::int as n from pgboss.job where state < 'completed' and start_after <= now()`,
    );
    if (rows[0]?.n === 0) return;
    await new Promise((r) => setTimeout(r, 20));
  }
}

/**
 * The machine's processors' time so far (busy, all), or with `since` the share of it they were
 * busy since then: a layout that uses both cores fully is limited by them, not by waiting.
 */
function machineBusy(): number[];
function machineBusy(since: number[]): number;
function machineBusy(since?: number[]): number[] | number {
  const ticks = readFileSync('/proc/stat', 'utf8').split('\n')[0]?.trim().split(/\s+/).slice(1);
  const [user, nice, system, idle, iowait, irq, softirq] = (ticks ?? []).map(Number);
  const busy = (user ?? 0) + (nice ?? 0) + (system ?? 0) + (irq ?? 0) + (softirq ?? 0);
  const now = [busy, busy + (idle ?? 0) + (iowait ?? 0)];
  if (!since) return now;
  return ((now[0] ?? 0) - (since[0] ?? 0)) / ((now[1] ?? 0) - (since[1] ?? 0) || 1);
}

async function measure(adminUrl: string, several: boolean) {
  const layout = await startLayout(adminUrl, several);
  try {
    const [api] = layout.apis;
    if (!api) throw new Error('no API process');
    const admin = (await call(api.url, 'POST', '/api/login', ADMIN)).cookie;
    const provider = await call(
      api.url,
      'POST',
      '/api/providers',
      { name: 'Bench Power', state: 'Ohio' },
      admin,
    );
    const user = await call(api.url, 'POST', '/api/register', {
      username: 'bench_owner',
      email: 'bench_owner@example.com',
      password: 'a long enough password',
    });
    await call(api.url, 'POST', '/api/billing/test-card', { plan: 'basic' }, user.cookie);
    const form = `/api/form/${user.json?.uniqueFormUrl}`;
    const ids: number[] = [];
    const submit = (count: number, from: number) =>
      rate(layout.apis, count, async (base, n) => {
        const i = from + n;
        const res = await call(base, 'POST', form, {
          name: `Customer ${i}`,
          email: `customer${i}@example.com`,
          address: `${i} Main Street`,
          providerId: provider.json?.id,
          username: `customer${i}`,
          password: 'portal-pass',
          consent: true,
        });
        ids.push(res.json?.id as number);
      });
    // Paid requests on complete connections: each is built (a report without interval data).
    const build = async (chosen: number[]) => {
      for (const id of chosen) {
        await call(api.url, 'PUT', `/api/connections/${id}`, { status: 'complete' }, admin);
      }
      const started = performance.now();
      await rate(layout.apis, chosen.length, (base, i) =>
        call(base, 'POST', '/api/record-usage', { connectionId: chosen[i] }, user.cookie),
      );
      for (;;) {
        const { rows } = await layout.db.query(
          `select count(*) filter (where status in ('ready', 'failed')) as done from reports
           where connection_id = any($1)`,
          [chosen],
        );
        if (Number(rows[0]?.done) >= chosen.length) break;
        await new Promise((r) => setTimeout(r, 20));
      }
      return chosen.length / ((performance.now() - started) / 1000);
    };

    await submit(WARM_FORMS, 0);
    await build(ids.slice(0, WARM_REPORTS));
    await jobsDone(layout.db);

    const busyBefore = machineBusy();
    const started = performance.now();
    await submit(FORMS, WARM_FORMS);
    const accepted = FORMS / ((performance.now() - started) / 1000);
    await jobsDone(layout.db);
    const forms = FORMS / ((performance.now() - started) / 1000);
    const formsBusy = machineBusy(busyBefore);
    const reports = await build(ids.slice(WARM_FORMS, WARM_FORMS + REPORTS));
    return { forms, accepted, formsBusy, reports };
  } finally {
    await layout.stop();
  }
}

export async function benchProcesses(): Promise<void> {
  const adminUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const one = await measure(adminUrl, false);
  const four = await measure(adminUrl, true);
  const line = (what: string, a: number, b: number) =>
    console.log(
      `${what}: one process ${a.toFixed(1)}/s, two APIs + two workers ${b.toFixed(1)}/s, ratio ${(b / a).toFixed(2)} (goal ≥ 0.9)`,
    );
  line(`form submissions (${FORMS}) with their jobs done`, one.forms, four.forms);
  line(`report requests built (${REPORTS})`, one.reports, four.reports);
  const pct = (x: number) => `${Math.round(x * 100)}%`;
  console.log(
    `  for information: form requests answered ${one.accepted.toFixed(1)}/s against ${four.accepted.toFixed(1)}/s (ratio ${(four.accepted / one.accepted).toFixed(2)}); both cores busy ${pct(one.formsBusy)} and ${pct(four.formsBusy)} of the form burst`,
  );
}
