import { readFileSync } from 'node:fs';
import { ReportVersionList } from '../../../../common/reports.ts';
import { UploadResponse } from '../../../../common/uploads.ts';
import { type ApiAnswer, callApp } from '../../../test/app-process.ts';
import { utilityFixture } from '../../../test/utility-fixtures.ts';

// A kill -9 in the middle of a paid report's build, on the real server: shared by the test that
// shows the report is delivered after a restart and the bench that times it.

/** The admin the drill's server is started with (ADMIN_USERNAME, ADMIN_PASSWORD). */
const DRILL_ADMIN = { username: 'drill-admin', password: 'drill-admin-password' };

/** Settings of the drill's server process, beside its DATA_DIR. */
export const drillEnv = {
  ADMIN_USERNAME: DRILL_ADMIN.username,
  ADMIN_PASSWORD: DRILL_ADMIN.password,
  // The webhook receiver listens on loopback.
  WEBHOOK_ALLOWED_HOSTS: '127.0.0.1',
};

/** A running server process that can be killed. */
export type Killable = { base: string; kill(): Promise<void> };

const ESPI = readFileSync(
  utilityFixture('espi', 'gba_openespi_15min_14days_cost_usagesummary.xml'),
);

export type PaidConnection = {
  admin: string;
  owner: { cookie: string; email: string };
  connectionId: number;
};

async function ok(answer: Promise<ApiAnswer>, expected: number): Promise<ApiAnswer> {
  const res = await answer;
  if (res.status !== expected) {
    throw new Error(`expected ${expected}, got ${res.status}: ${JSON.stringify(res.json)}`);
  }
  return res;
}

/** Uploads the Green Button file and records it on the connection, as an admin does. */
async function addFile(app: Killable, flow: PaidConnection, fileName: string): Promise<void> {
  const signed = await ok(
    callApp(
      app.base,
      'POST',
      '/api/objects/upload',
      { purpose: 'connection-file', fileName, contentType: 'application/xml', size: ESPI.length },
      flow.admin,
    ),
    200,
  );
  const upload = UploadResponse.parse(signed.json);
  const put = await fetch(new URL(upload.uploadURL, app.base), {
    method: 'PUT',
    headers: upload.headers,
    body: ESPI,
  });
  if (put.status !== 200) throw new Error(`upload PUT answered ${put.status}`);
  await ok(
    callApp(
      app.base,
      'PUT',
      `/api/connections/${flow.connectionId}/files`,
      { fileUrl: upload.uploadURL, fileName },
      flow.admin,
    ),
    201,
  );
}

/**
 * A provider, a user with an email and the test card, their customer's submission paid for
 * (test mode: no Stripe keys), a webhook endpoint for report.ready at `hookUrl`, and the
 * customer's interval file; the connection is still in progress, so nothing is built yet.
 */
export async function paidConnection(app: Killable, hookUrl: string): Promise<PaidConnection> {
  const call = (method: string, url: string, body?: object, cookie?: string) =>
    callApp(app.base, method, url, body, cookie);
  const admin = (await ok(call('POST', '/api/login', DRILL_ADMIN), 200)).cookie ?? '';
  const provider = await ok(
    call('POST', '/api/providers', { name: 'Drill Power', state: 'Ohio' }, admin),
    201,
  );
  await ok(call('POST', '/api/webhooks', { url: hookUrl, events: ['report.ready'] }, admin), 201);
  const username = `drill_${Date.now()}`;
  const email = `${username}@example.com`;
  const user = await ok(
    call('POST', '/api/register', { username, email, password: 'a long enough password' }),
    201,
  );
  const cookie = user.cookie ?? '';
  await ok(call('POST', '/api/billing/test-card', { plan: 'basic' }, cookie), 200);
  const form = await ok(
    call('POST', `/api/form/${user.json.uniqueFormUrl}`, {
      name: 'Casey Crash',
      email: 'casey@example.com',
      address: '1 Fault Line',
      providerId: provider.json.id,
      username: 'casey',
      password: 'portal-pass',
      consent: true,
    }),
    201,
  );
  const connectionId = form.json.id as number;
  const paid = await ok(call('POST', '/api/record-usage', { connectionId }, cookie), 200);
  // The login was never checked, so the report is charged once it is built (test mode here).
  if (paid.json.status !== 'requested') {
    throw new Error(`not requested: ${JSON.stringify(paid.json)}`);
  }
  const flow = { admin, owner: { cookie, email }, connectionId };
  await addFile(app, flow, 'green-button.xml');
  return flow;
}

/** The connection's versions, newest first, as admins see them. */
async function versionsOf(app: Killable, flow: PaidConnection) {
  const res = await ok(
    callApp(
      app.base,
      'GET',
      `/api/connections/${flow.connectionId}/reports`,
      undefined,
      flow.admin,
    ),
    200,
  );
  return ReportVersionList.parse(res.json).reports;
}

/**
 * Starts a build whose owner is emailed (by completing the paid connection, or once it has a
 * report by adding a file), watches its version, and kills the server the moment it is
 * `building`; then starts it again. A build that ended before the kill landed (it was already
 * ready after the restart) is tried again with another file, up to `attempts` times.
 */
export async function killDuringBuild(options: {
  app: Killable;
  flow: PaidConnection;
  /** Starts the server again on the same DATA_DIR. */
  restart: () => Promise<Killable>;
  attempts?: number;
}): Promise<{ app: Killable; reportId: number; killedAt: number; restartedAt: number }> {
  const { flow, restart } = options;
  let app = options.app;
  const seen = new Set((await versionsOf(app, flow)).map((v) => v.id));
  for (let attempt = 1; attempt <= (options.attempts ?? 5); attempt++) {
    if (seen.size === 0) {
      const url = `/api/connections/${flow.connectionId}`;
      await ok(callApp(app.base, 'PUT', url, { status: 'complete' }, flow.admin), 200);
    } else {
      await addFile(app, flow, `green-button-${Date.now()}.xml`);
    }
    const reportId = await untilBuilding(app, flow, seen);
    if (reportId === undefined) continue;
    await app.kill();
    const killedAt = performance.now();
    app = await restart();
    const restartedAt = performance.now();
    const after = (await versionsOf(app, flow)).find((v) => v.id === reportId);
    if (after?.status === 'building') return { app, reportId, killedAt, restartedAt };
    seen.add(reportId);
  }
  throw new Error('no build was caught while building');
}

/** Polls until a version not seen yet is `building` (its id), or has ended (undefined). */
async function untilBuilding(app: Killable, flow: PaidConnection, seen: Set<number>) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const fresh = (await versionsOf(app, flow)).find((v) => !seen.has(v.id));
    if (fresh?.status === 'building') return fresh.id;
    if (fresh && fresh.status !== 'queued') {
      seen.add(fresh.id);
      return undefined;
    }
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error('no version started building within a minute');
}

/** Polls until the version is ready; throws when it failed or `timeoutMs` passed. */
export async function untilReady(
  app: Killable,
  flow: PaidConnection,
  reportId: number,
  timeoutMs: number,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const version = (await versionsOf(app, flow)).find((v) => v.id === reportId);
    if (version?.status === 'ready') return;
    if (version?.status === 'failed') throw new Error(`the build failed: ${version.error}`);
    if (Date.now() > deadline) {
      throw new Error(`version ${reportId} is still ${version?.status} after ${timeoutMs} ms`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}
