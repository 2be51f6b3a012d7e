import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ReportVersionList } from '../common/reports.ts';
import { UploadResponse } from '../common/uploads.ts';
import {
  drillEnv,
  type PaidConnection,
  paidConnection,
  untilReady,
} from './features/reports/testing/build-crash.ts';
import { type AppProcess, callApp, freePort, startAppProcess } from './test/app-process.ts';
import { startReceiver } from './test/receiver.ts';
import { utilityFixture } from './test/utility-fixtures.ts';

// The deployment of several processes: two API processes (RUN_WORKER=false) behind a load
// balancer and two workers, on one PostgreSQL database and one object store folder. Requests
// go to either API; each job runs once, each request is charged once, limits and revocations
// hold across both, and a worker stopped (SIGTERM) or killed (kill -9) in the middle of a
// report build leaves it to another worker.

const adminUrl = process.env.DATABASE_URL;
const name = `ur_processes_${process.pid}_${Date.now()}`;
const running: AppProcess[] = [];
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let env: Record<string, string>;
let api1: AppProcess;
let api2: AppProcess;
let worker1: AppProcess;
let worker2: AppProcess;
let db: pg.Client;
const FORM_LIMIT = 4;

const ESPI = readFileSync(
  utilityFixture('espi', 'gba_openespi_15min_14days_cost_usagesummary.xml'),
);

const METRICS_TOKEN = 'multi-process-metrics-token';
/** Where each worker serves /metrics and its health (METRICS_PORT). */
const workerHttp = new Map<AppProcess, string>();

async function start(kind: 'api' | 'worker'): Promise<AppProcess> {
  let app: AppProcess;
  if (kind === 'api') {
    app = await startAppProcess({ env: { ...env, RUN_WORKER: 'false' }, timeoutMs: 90_000 });
  } else {
    const port = await freePort();
    const settings = { ...env, METRICS_PORT: String(port), METRICS_TOKEN };
    app = await startAppProcess({ env: settings, entry: 'worker' });
    workerHttp.set(app, `http://127.0.0.1:${port}`);
  }
  running.push(app);
  return app;
}

/** A worker's count of finished runs of a queue, from its own /metrics. */
async function workerRuns(worker: AppProcess, queue: string): Promise<number> {
  const res = await fetch(`${workerHttp.get(worker)}/metrics`, {
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  expect(res.status).toBe(200);
  const line = (await res.text())
    .split('\n')
    .find(
      (l) =>
        l.startsWith('utility_reports_job_runs_total{') &&
        l.includes(`queue="${queue}"`) &&
        l.includes('result="done"'),
    );
  return line ? Number(line.split(' ').pop()) : 0;
}

beforeAll(async () => {
  if (!adminUrl) return;
  receiver = await startReceiver();
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  env = {
    ...drillEnv,
    DATABASE_URL: url.toString(),
    // One object store folder for every process (as one S3 bucket would be).
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'ur-processes-')),
    FORM_RATE_LIMIT: String(FORM_LIMIT),
    // A stopping worker hands its builds back at once instead of finishing them.
    STOP_GRACE_SECONDS: '0',
  };
  // The first creates the schema; the others start on it together.
  api1 = await start('api');
  [api2, worker1, worker2] = await Promise.all([start('api'), start('worker'), start('worker')]);
  db = new pg.Client({ connectionString: url.toString() });
  await db.connect();
}, 120_000);

afterAll(async () => {
  await Promise.all(running.map((app) => app.kill()));
  await db?.end();
  await receiver?.close();
  if (!adminUrl) return;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
});

/** The version's report.ready deliveries the receiver got. */
const deliveriesOf = (reportId: number) =>
  receiver.state.received.filter((r) => {
    const body = JSON.parse(r.body) as { event: string; data: { reportId: number } };
    return body.event === 'report.ready' && body.data.reportId === reportId;
  });

async function versions(app: AppProcess, flow: PaidConnection) {
  const url = `/api/connections/${flow.connectionId}/reports`;
  const res = await callApp(app.base, 'GET', url, undefined, flow.admin);
  return ReportVersionList.parse(res.json).reports;
}

/** Uploads the interval file through `app` and adds it to the connection: a new version. */
async function addFile(app: AppProcess, flow: PaidConnection): Promise<void> {
  const fileName = `green-button-${Date.now()}.xml`;
  const signed = await callApp(
    app.base,
    'POST',
    '/api/objects/upload',
    { purpose: 'connection-file', fileName, contentType: 'application/xml', size: ESPI.length },
    flow.admin,
  );
  expect(signed.status).toBe(200);
  const upload = UploadResponse.parse(signed.json);
  // The PUT goes to the other API: the folder is shared.
  const other = app === api1 ? api2 : api1;
  const uploadUrl = new URL(upload.uploadURL, app.base);
  const put = await fetch(new URL(uploadUrl.pathname + uploadUrl.search, other.base), {
    method: 'PUT',
    headers: upload.headers,
    body: ESPI,
  });
  expect(put.status).toBe(200);
  const added = await callApp(
    app.base,
    'PUT',
    `/api/connections/${flow.connectionId}/files`,
    { fileUrl: upload.uploadURL, fileName },
    flow.admin,
  );
  expect(added.status).toBe(201);
}

/** Polls until a version not in `seen` is building (its id), or undefined once it ended. */
async function untilBuilding(flow: PaidConnection, seen: Set<number>) {
  for (const deadline = Date.now() + 60_000; Date.now() < deadline; ) {
    const fresh = (await versions(api1, flow)).find((v) => !seen.has(v.id));
    if (fresh) {
      if (fresh.status === 'building') return fresh.id;
      if (fresh.status !== 'queued') {
        seen.add(fresh.id);
        return undefined;
      }
    }
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error('no version started building within a minute');
}

const count = async (text: string, values: unknown[] = []) =>
  Number((await db.query(text, values)).rows[0]?.n);

describe.skipIf(!adminUrl)('two API processes and two workers on one database', () => {
  let flow: PaidConnection;

  it('share the work: each job once, one charge, one limit, revocations at once', async () => {
    // Paid for on API 1 (its form submission is the first the limit counts), completed on API 2.
    flow = await paidConnection(api1, receiver.url);
    const completed = await callApp(
      api2.base,
      'PUT',
      `/api/connections/${flow.connectionId}`,
      { status: 'complete' },
      flow.admin,
    );
    expect(completed.status).toBe(200);

    // The public form's limit is one for both APIs: 1 (above) + 3 accepted, then refused.
    const owner = await callApp(api2.base, 'GET', '/api/user', undefined, flow.owner.cookie);
    const provider = await db.query('select id from providers order by id desc limit 1');
    const submit = (app: AppProcess, i: number) =>
      callApp(app.base, 'POST', `/api/form/${owner.json.uniqueFormUrl}`, {
        name: `Customer ${i}`,
        email: `customer${i}@example.com`,
        address: `${i} Main Street`,
        providerId: provider.rows[0]?.id,
        username: `customer${i}`,
        password: 'portal-pass',
        consent: true,
      });
    const accepted = [await submit(api2, 1), await submit(api1, 2), await submit(api2, 3)];
    expect(accepted.map((r) => r.status)).toEqual([201, 201, 201]);
    const refused = await submit(api1, 4);
    expect(refused.status).toBe(429);
    expect((await submit(api2, 5)).status).toBe(429);

    // A premium user's API key works on both; revoked on API 2, API 1 refuses it too.
    const premium = await callApp(api1.base, 'POST', '/api/register', {
      username: `premium_${Date.now()}`,
      email: `premium${Date.now()}@example.com`,
      password: 'a long enough password',
    });
    expect(premium.status).toBe(201);
    const session = premium.cookie ?? '';
    const card = await callApp(
      api2.base,
      'POST',
      '/api/billing/test-card',
      { plan: 'premium' },
      session,
    );
    expect(card.status).toBe(200);
    const key = await callApp(api1.base, 'POST', '/api/api-keys', { name: 'processes' }, session);
    expect(key.status).toBe(201);
    const withKey = (app: AppProcess) =>
      fetch(`${app.base}/api/v1/usage`, { headers: { authorization: `Bearer ${key.json.key}` } });
    expect((await withKey(api1)).status).toBe(200);
    expect((await withKey(api2)).status).toBe(200);
    const revoked = await callApp(
      api2.base,
      'DELETE',
      `/api/api-keys/${key.json.apiKey.id}`,
      undefined,
      session,
    );
    expect(revoked.status).toBe(200);
    // The revocation reaches the other process by a database notification: no wait beyond it.
    await expect.poll(async () => (await withKey(api1)).status, { timeout: 5_000 }).toBe(401);
    expect((await withKey(api2)).status).toBe(401);

    // Deactivated through API 1: the user's session is refused by both.
    for (const app of [api1, api2]) {
      expect((await callApp(app.base, 'GET', '/api/user', undefined, session)).status).toBe(200);
    }
    const deactivated = await callApp(
      api1.base,
      'POST',
      `/api/users/${premium.json.id}/deactivate`,
      undefined,
      flow.admin,
    );
    expect(deactivated.status).toBe(200);
    for (const app of [api2, api1]) {
      await expect
        .poll(
          async () => (await callApp(app.base, 'GET', '/api/user', undefined, session)).status,
          {
            timeout: 5_000,
          },
        )
        .toBe(401);
    }

    // The paid report, built by one of the workers.
    const [first] = await versions(api1, flow);
    if (!first) throw new Error('no version was queued');
    await untilReady(api2, flow, first.id, 60_000);
    await expect.poll(() => deliveriesOf(first.id).length, { timeout: 15_000 }).toBeGreaterThan(0);

    // Once each: the build job, the charge (test mode), the webhook, the owner's email.
    // The job completes once the owner and the webhook have been told.
    const builds = async () =>
      (
        await db.query(
          `select state, retry_count from pgboss.job where name = 'reports-build' and data->>'reportId' = $1`,
          [String(first.id)],
        )
      ).rows;
    await expect
      .poll(builds, { timeout: 15_000 })
      .toEqual([{ state: 'completed', retry_count: 0 }]);
    // The build is counted by the worker that ran it, whose own /metrics a scraper reads (the
    // API processes never see a worker's counters); a caller without the token is refused.
    const built =
      (await workerRuns(worker1, 'reports-build')) + (await workerRuns(worker2, 'reports-build'));
    expect(built).toBe(1);
    const anonymous = await fetch(`${workerHttp.get(worker1)}/metrics`);
    expect(anonymous.status).toBe(401);
    const health = await fetch(`${workerHttp.get(worker2)}/api/health`);
    expect(await health.json()).toEqual({ status: 'ok', worker: true, jobs: 'ready' });
    const charges = await db.query(
      'select status, test_mode from usage_records where connection_id = $1',
      [flow.connectionId],
    );
    expect(charges.rows).toEqual([{ status: 'billed', test_mode: true }]);
    expect(deliveriesOf(first.id)).toHaveLength(1);
    expect(
      await count(
        `select count(*) as n from outbox where kind = 'report_ready' and to_address = $1`,
        [flow.owner.email],
      ),
    ).toBe(1);
    // Nothing lost: every accepted submission and the upload are stored.
    expect(await count('select count(*) as n from connections')).toBe(1 + accepted.length);
    expect(
      await count('select count(*) as n from connection_files where connection_id = $1', [
        flow.connectionId,
      ]),
    ).toBe(1);
  }, 120_000);

  it('a worker stopped by SIGTERM hands its build back; another builds it at once', async () => {
    // One worker left, so that it is the one building.
    await worker2.stop();
    expect(await worker2.exited).toBe(0);

    const seen = new Set((await versions(api1, flow)).map((v) => v.id));
    let building: number | undefined;
    let worker = worker1;
    for (let attempt = 1; attempt <= 3 && building === undefined; attempt++) {
      await addFile(api1, flow);
      const id = await untilBuilding(flow, seen);
      if (id === undefined) continue;
      await worker.stop();
      expect(await worker.exited).toBe(0);
      const after = (await versions(api1, flow)).find((v) => v.id === id);
      if (after?.status === 'queued') building = id;
      else {
        // The build ended before the signal landed: try again with a fresh worker.
        seen.add(id);
        worker = await start('worker');
      }
    }
    if (building === undefined) throw new Error('no build was caught while building');
    // Handed back, not left to lapse: another worker takes it up at once.
    await start('worker');
    await untilReady(api2, flow, building, 60_000);
    await expect.poll(() => deliveriesOf(building).length, { timeout: 15_000 }).toBeGreaterThan(0);
    expect(deliveriesOf(building)).toHaveLength(1);
    expect(
      await count('select count(*) as n from usage_records where connection_id = $1', [
        flow.connectionId,
      ]),
    ).toBe(1);
  }, 120_000);

  it('a worker killed (kill -9) mid-build leaves it to another once its lease lapses', async () => {
    // The worker that built the handed-back version, the only one running.
    const worker = running.at(-1);
    if (!worker || worker === api2) throw new Error('no worker');
    const seen = new Set((await versions(api1, flow)).map((v) => v.id));
    let killed: number | undefined;
    let current = worker;
    for (let attempt = 1; attempt <= 3 && killed === undefined; attempt++) {
      await addFile(api2, flow);
      const id = await untilBuilding(flow, seen);
      if (id === undefined) continue;
      await current.kill();
      const after = (await versions(api1, flow)).find((v) => v.id === id);
      if (after?.status === 'building') killed = id;
      else {
        seen.add(id);
        current = await start('worker');
      }
    }
    if (killed === undefined) throw new Error('no build was caught while building');
    await start('worker');
    // The dead build's lease lapses (30 s) and the watch it left queued takes it up.
    await untilReady(api1, flow, killed, 90_000);
    await expect.poll(() => deliveriesOf(killed).length, { timeout: 15_000 }).toBeGreaterThan(0);
    expect(deliveriesOf(killed)).toHaveLength(1);
  }, 150_000);
});
