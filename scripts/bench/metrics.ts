import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { JOB_QUEUE_SCHEMA, openDatabase } from '../../server/db/client.ts';
import { createProvider } from '../../server/test/connections.ts';
import { median } from './stats.ts';

const JOBS = 5_000;
const ATTEMPTS = 5_000;
const TOKEN = 'bench-metrics-token-0123456789';

/**
 * A Prometheus scrape of /metrics on PGlite, as a scraper makes it every 15 s or so: the process
 * has answered a few hundred requests over many routes, the queues hold 5,000 jobs in every
 * state, and 5,000 portal sign-ins and retrievals were counted. The scrape reads the queues
 * from pg-boss's table and writes every series.
 */
export async function benchMetricsScrape() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ur-bench-metrics-'));
  const database = openDatabase({ dataDir: path.join(dataDir, 'db') });
  const config = loadConfig(
    { NODE_ENV: 'production', LOG_LEVEL: 'silent', DATA_DIR: dataDir, METRICS_TOKEN: TOKEN },
    { clientDir: undefined },
  );
  const app = await buildApp({
    config,
    database,
    logStream: pino.destination({ dest: '/dev/null', sync: true }),
  });
  await app.databaseReady;
  await app.services.queue.start({ work: false });
  const queues = (
    await database.executeSql(`select name from ${JOB_QUEUE_SCHEMA}.queue order by name`)
  ).rows.map((row) => (row as { name: string }).name);
  // Jobs spread over every queue: most completed, the rest waiting, delayed, active or failed.
  await database.executeSql(
    `insert into ${JOB_QUEUE_SCHEMA}.job (name, data, state, start_after, started_on, created_on)
     select ($1::text[])[1 + i % array_length($1::text[], 1)], jsonb_build_object('n', i),
       (array['completed','completed','completed','created','retry','active','failed'])[1 + i % 7]::${JOB_QUEUE_SCHEMA}.job_state,
       now() + case when i % 11 = 0 then interval '1 hour' else -(i % 600) * interval '1 second' end,
       case when i % 7 = 5 then now() end,
       now() - (i % 600) * interval '1 second'
     from generate_series(1, ${JOBS}) as i`,
    [queues],
  );
  await database.executeSql('analyze');
  // The counters as a busy process has them: requests over many routes, sign-ins by utility.
  const providers = await Promise.all(
    Array.from({ length: 20 }, (_, i) => createProvider(database.db, { name: `Bench ${i}` })),
  );
  for (let i = 0; i < ATTEMPTS; i++) {
    const provider = providers[i % providers.length];
    app.services.metrics.portalAttempts.inc({
      provider_id: String(provider?.id),
      kind: i % 3 === 0 ? 'retrieval' : 'sign_in',
      outcome: i % 7 === 0 ? 'failure' : 'success',
    });
  }
  const urls = ['/api/health', '/api/user', '/api/providers', '/api/connections/1', '/nowhere'];
  for (let i = 0; i < 300; i++) {
    await app.inject({ method: 'GET', url: urls[i % urls.length] ?? '/' });
  }
  const scrape = () =>
    app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
  const first = await scrape();
  const times: number[] = [];
  // CPU time too: PGlite runs in this process, so it is the scrape's whole work, and it says
  // what the scrape costs when a busy machine stretches the wall-clock figure.
  const cpu: number[] = [];
  for (let i = 0; i < 5; i++) await scrape();
  for (let i = 0; i < 30; i++) {
    const start = performance.now();
    const used = process.cpuUsage();
    await scrape();
    const { user, system } = process.cpuUsage(used);
    times.push(performance.now() - start);
    cpu.push((user + system) / 1000);
  }
  const series = first.body.split('\n').filter((line) => line && !line.startsWith('#')).length;
  console.log(
    `GET /metrics with ${JOBS} jobs and ${ATTEMPTS} portal attempts (${series} series, ${Math.round(first.body.length / 1024)} kB): median ${median(times).toFixed(1)} ms (goal: under 20 ms), ${median(cpu).toFixed(1)} ms of CPU`,
  );
  await app.close();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
}
