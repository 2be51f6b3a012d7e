import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OutboxPage } from '../../../common/mail.ts';
import { type AppProcess, callApp, startAppProcess } from '../../test/app-process.ts';
import { startReceiver } from '../../test/receiver.ts';
import {
  drillEnv,
  type Killable,
  killDuringBuild,
  paidConnection,
  untilReady,
} from './testing/build-crash.ts';

// A paid report's build cut off by kill -9: the real server runs as a child process on an
// embedded database that survives the kill. After a restart the version must not stay
// `building`: the lease of the dead build lapses, the watch it left queued takes it up, and the
// owner gets one email and the webhook one delivery.

const dataDir = mkdtempSync(path.join(tmpdir(), 'ur-build-crash-'));
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let running: AppProcess | undefined;

async function start(): Promise<Killable> {
  const app = await startAppProcess({ env: { DATA_DIR: dataDir, ...drillEnv } });
  running = app;
  return app;
}

beforeAll(async () => {
  receiver = await startReceiver();
}, 30_000);
afterAll(async () => {
  await running?.kill();
  await receiver?.close();
});

/** The report.ready deliveries that reached the receiver for one version. */
const deliveriesOf = (reportId: number) =>
  receiver.state.received.filter((r) => {
    const body = JSON.parse(r.body) as { event: string; data: { reportId: number } };
    return body.event === 'report.ready' && body.data.reportId === reportId;
  });

describe('a kill -9 while a paid report is building', () => {
  it('builds it after the restart, emails the owner once and calls the webhook once', async () => {
    const first = await start();
    const flow = await paidConnection(first, receiver.url);
    const { app, reportId } = await killDuringBuild({ app: first, flow, restart: start });

    // The restarted server finds the version `building`, with nobody renewing its lease.
    await untilReady(app, flow, reportId, 90_000);

    const owner = async () => {
      const res = await callApp(app.base, 'GET', '/api/admin/outbox', undefined, flow.admin);
      return OutboxPage.parse(res.json).items.filter(
        (m) => m.kind === 'report_ready' && m.to === flow.owner.email,
      );
    };
    await expect.poll(async () => (await owner()).length, { timeout: 15_000 }).toBeGreaterThan(0);
    await expect.poll(() => deliveriesOf(reportId).length, { timeout: 15_000 }).toBeGreaterThan(0);
    const mail = await owner();
    const details = await Promise.all(
      mail.map(async (m) => {
        const res = await callApp(
          app.base,
          'GET',
          `/api/admin/outbox/${m.id}`,
          undefined,
          flow.admin,
        );
        return String(res.json.text);
      }),
    );
    expect(details.filter((text) => text.includes(`(report ${reportId},`))).toHaveLength(1);
    expect(deliveriesOf(reportId)).toHaveLength(1);
  }, 150_000);
});
