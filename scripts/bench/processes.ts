import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { verifyConnectionCredentialsJob } from '../../server/features/automation/jobs.ts';
import { mailSendJob } from '../../server/lib/mail/index.ts';
import { appArgs, type Started, startServer } from './servers.ts';

// `npm run bench -- processes`: the layout of several processes (two API processes with
// RUN_WORKER=false and two workers) against one process, on the same PostgreSQL: customer form
// submissions per second, counted until the job each one starts (its login check; without SMTP
// its two notices are kept as they are written) is done, and paid report requests per second
// from the request until every version is built. All processes share the machine's cores with
// PostgreSQL.
//
// Both layouts are measured warm, as a service runs: each first takes WARM_FORMS submissions
// and WARM_REPORTS reports, untimed, so that every process has compiled its code paths and each
// worker has launched its Chromium. Cold, the four processes each paid for compiling the same
// code during the measurement, a cost of starting, not of coordinating; and each process of
// the layout sees half the work, so it takes as long again to reach the same speed (rounds
// after 300 forms still read 10-20% faster one after another).
//
// The form figure counts a submission done when its jobs are: one process answers the form
// while its own jobs wait behind the requests (a hundred or more were still queued at the end
// of the burst), where the workers keep up as they go, so requests answered per second alone
// favoured the layout that put work off. That figure is printed too.

const ADMIN = { username: 'bench-admin', password: 'bench-admin-password' };
const FORMS = 300;
const REPORTS = 30;
const WARM_FORMS = 3000;
const WARM_REPORTS = 6;
/**
 * Measured rounds of each kind, the two layouts taking turns. Each round of the layout is
 * compared with the round of one process just before it, and a ratio is the median of those:
 * rounds of the same layout a few seconds apart read up to 30% apart on this 2-core machine,
 * and a pair shares whatever the machine was doing then.
 */
const ROUNDS = 9;
const REPORT_ROUNDS = 3;
const CONCURRENCY = 16;

type Layout = { apis: Started[]; workers: Started[]; stop(): Promise<void>; db: pg.Client };

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
    // The API processes' arguments with worker.js; BENCH_NODE_ARGS reaches the workers too.
    const workerArgs = [
      ...(process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? []),
      ...appArgs().map((a) => a.replace('main.js', 'worker.js')),
    ];
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
    workers,
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

/** The queues a form submission's jobs go to: its login check and, with SMTP, its notices. */
const FORM_QUEUES = [verifyConnectionCredentialsJob.name, mailSendJob.name];

/**
 * Waits until every job queued since `since` (the database's clock) in the form's queues has
 * ended. Not any due job: the sweeps pg-boss's schedule starts, and a finished build's recovery
 * check queued 30 s ahead, are picked up by the queue's 5 s poll, not woken, and a round that
 * waited for them took up to 5 s more whichever layout it measured.
 */
async function jobsDone(db: pg.Client, since: Date): Promise<void> {
  for (;;) {
    const { rows } = await db.query(
      `select count(*)::int as n from pgboss.job
       where name = any($1) and created_on >= $2 and state < 'completed'`,
      [FORM_QUEUES, since],
    );
    if (rows[0]?.n === 0) return;
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** The database's clock, which stamps the jobs. */
async function databaseNow(db: pg.Client): Promise<Date> {
  const { rows } = await db.query('select now() as now');
  return rows[0]?.now as Date;
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

/** The processor time (user and system, ms) the processes with these ids have used so far. */
function cpuMs(pids: number[]): number {
  let ticks = 0;
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // gone: it has stopped
    }
  }
  return ticks * 10; // USER_HZ is 100 on Linux
}

/** The ids of PostgreSQL's processes (its backends serve every layout's connections). */
function postgresPids(): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/comm`, 'utf8').startsWith('postgres');
      } catch {
        return false;
      }
    })
    .map(Number);
}

type Session = {
  layout: Layout;
  /** Submits `count` forms (numbered on from the last), waits for their jobs: the round's figures. */
  forms(count: number): Promise<FormRound>;
  /** Pays for `count` more complete connections and waits until each report is built: per second. */
  reports(count: number): Promise<number>;
};

type FormRound = {
  /** Forms per second, each counted when its jobs were done. */
  perSecond: number;
  /** Form requests answered per second. */
  answered: number;
  /** The share of both cores busy during the round. */
  busy: number;
  /** Processor ms per form: the app's processes (of which its workers'), and PostgreSQL's. */
  appMs: number;
  workerMs: number;
  postgresMs: number;
};

async function open(adminUrl: string, several: boolean): Promise<Session> {
  const layout = await startLayout(adminUrl, several);
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
  let reported = 0;
  const workerPids = layout.workers.map((s) => s.child.pid ?? 0);
  const appPids = [...layout.apis.map((s) => s.child.pid ?? 0), ...workerPids];

  const forms = async (count: number): Promise<FormRound> => {
    const from = ids.length;
    const since = await databaseNow(layout.db);
    const busyBefore = machineBusy();
    const appBefore = cpuMs(appPids);
    const workerBefore = cpuMs(workerPids);
    const postgres = postgresPids();
    const postgresBefore = cpuMs(postgres);
    const started = performance.now();
    await rate(layout.apis, count, async (base, n) => {
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
    const answered = count / ((performance.now() - started) / 1000);
    await jobsDone(layout.db, since);
    return {
      perSecond: count / ((performance.now() - started) / 1000),
      answered,
      busy: machineBusy(busyBefore),
      appMs: (cpuMs(appPids) - appBefore) / count,
      workerMs: (cpuMs(workerPids) - workerBefore) / count,
      // Backends that ended within the round are not counted: a slight undercount on both sides.
      postgresMs: (cpuMs(postgres) - postgresBefore) / count,
    };
  };

  // Paid requests on complete connections: each is built (a report without interval data).
  const reports = async (count: number): Promise<number> => {
    const chosen = ids.slice(reported, reported + count);
    reported += count;
    if (chosen.length < count) throw new Error('not enough submitted connections to report on');
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

  return { layout, forms, reports };
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
};

export async function benchProcesses(): Promise<void> {
  const adminUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const sessions: Session[] = [];
  try {
    // Both layouts run side by side, each idle while the other is measured, and take turns
    // round after round: a slower spell of the machine (a checkpoint, another process) then
    // falls on both rather than on whichever layout ran at that time.
    sessions.push(await open(adminUrl, false));
    sessions.push(await open(adminUrl, true));
    for (const session of sessions) {
      await session.forms(WARM_FORMS);
      await session.reports(WARM_REPORTS);
    }
    const formRounds: FormRound[][] = sessions.map(() => []);
    const reportRounds: number[][] = sessions.map(() => []);
    for (let round = 0; round < ROUNDS; round++) {
      for (const [i, session] of sessions.entries())
        formRounds[i]?.push(await session.forms(FORMS));
    }
    for (let round = 0; round < REPORT_ROUNDS; round++) {
      for (const [i, session] of sessions.entries()) {
        reportRounds[i]?.push(await session.reports(REPORTS));
      }
    }
    const [oneForms = [], fourForms = []] = formRounds;
    const [oneReports = [], fourReports = []] = reportRounds;
    const of = (rounds: FormRound[], key: keyof FormRound) => median(rounds.map((r) => r[key]));
    const list = (values: number[]) => values.map((v) => v.toFixed(0)).join(', ');
    const line = (what: string, a: number[], b: number[]) => {
      const ratio = median(b.map((value, i) => value / (a[i] ?? value)));
      console.log(
        `${what}: one process ${median(a).toFixed(1)}/s, two APIs + two workers ${median(b).toFixed(1)}/s, ratio ${ratio.toFixed(2)} (goal ≥ 0.9; the median of ${a.length} rounds, each against the one before it: ${list(a)} and ${list(b)})`,
      );
    };
    line(
      `form submissions (${FORMS} a round) with their jobs done`,
      oneForms.map((r) => r.perSecond),
      fourForms.map((r) => r.perSecond),
    );
    line(`report requests built (${REPORTS} a round)`, oneReports, fourReports);
    const pct = (x: number) => `${Math.round(x * 100)}%`;
    console.log(
      `  for information: form requests answered ${of(oneForms, 'answered').toFixed(1)}/s against ${of(fourForms, 'answered').toFixed(1)}/s; both cores busy ${pct(of(oneForms, 'busy'))} and ${pct(of(fourForms, 'busy'))}; processor time per form: the app ${of(oneForms, 'appMs').toFixed(1)} ms against ${of(fourForms, 'appMs').toFixed(1)} ms (its workers ${of(fourForms, 'workerMs').toFixed(1)} ms), PostgreSQL ${of(oneForms, 'postgresMs').toFixed(1)} ms against ${of(fourForms, 'postgresMs').toFixed(1)} ms`,
    );
  } finally {
    await Promise.all(sessions.map((session) => session.layout.stop()));
  }
}
