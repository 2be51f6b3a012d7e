// A paid report's build cut off by kill -9, the server restarted at once on the same DATA_DIR:
// how long until the report is ready (the dead build's lease lapses, the watch it left queued
// takes it up), and that the owner is emailed and the webhook called once.
import { once } from 'node:events';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  drillEnv,
  type Killable,
  killDuringBuild,
  paidConnection,
  untilReady,
} from '../../server/features/reports/testing/build-crash.ts';
import { callApp } from '../../server/test/app-process.ts';
import { startReceiver } from '../../server/test/receiver.ts';
import { appArgs, type Started, startServer } from './servers.ts';

const RUNS = 3;

export async function benchBuildRecovery() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ur-bench-build-crash-'));
  const receiver = await startReceiver();
  let server: Started | undefined;
  const start = async (): Promise<Killable> => {
    const started = await startServer(appArgs(), {
      port: 5913,
      readyPath: '/api/health',
      env: { DATA_DIR: dataDir, ...drillEnv, LOG_LEVEL: 'warn' },
      timeoutMs: 60_000,
    });
    server = started;
    return {
      base: started.url,
      kill: async () => {
        const exited = once(started.child, 'exit');
        started.child.kill('SIGKILL');
        await exited;
      },
    };
  };
  try {
    let app = await start();
    const flow = await paidConnection(app, receiver.url);
    for (let run = 1; run <= RUNS; run++) {
      const crash = await killDuringBuild({ app, flow, restart: start });
      app = crash.app;
      await untilReady(app, flow, crash.reportId, 10 * 60_000);
      const readyAt = performance.now();
      // Let the email and the webhook go out, then count them.
      await new Promise((r) => setTimeout(r, 3000));
      const outbox = await callApp(app.base, 'GET', '/api/admin/outbox', undefined, flow.admin);
      const emails = (outbox.json.items as { id: number; kind: string; to: string }[]).filter(
        (m) => m.kind === 'report_ready' && m.to === flow.owner.email,
      );
      let emailed = 0;
      for (const m of emails) {
        const message = await callApp(
          app.base,
          'GET',
          `/api/admin/outbox/${m.id}`,
          undefined,
          flow.admin,
        );
        if (String(message.json.text).includes(`(report ${crash.reportId},`)) emailed++;
      }
      const hooks = receiver.state.received.filter(
        (r) =>
          (JSON.parse(r.body) as { data: { reportId?: number } }).data.reportId === crash.reportId,
      ).length;
      const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
      console.log(
        `kill during report build: recovery time, run ${run}: ready ${s(readyAt - crash.restartedAt)} after the restart answered (${s(readyAt - crash.killedAt)} after the kill; the restart took ${s(crash.restartedAt - crash.killedAt)}); owner emails ${emailed}, webhook deliveries ${hooks}`,
      );
    }
  } finally {
    await server?.stop();
    await receiver.close();
  }
}
