// Report figures: build time (HTML + PDF + ZIP) for a one-year 15-minute series with two bills,
// median of several runs, and Chromium's memory after 50 builds.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { loadConfig } from '../../server/config.ts';
import { openDatabase } from '../../server/db/client.ts';
import { chromiumMemoryMb } from '../../server/lib/browser/index.ts';
import { closeServices, createServices } from '../../server/services.ts';
import { createProvider, submission } from '../../server/test/connections.ts';
import { createUser } from '../../server/test/factories.ts';
import { utilityFixture } from '../../server/test/utility-fixtures.ts';

const RUNS = 7;
const MEMORY_BUILDS = 50;
const BILL = path.resolve(utilityFixture('bills', 'pge_3ce_anonymous_sample_bill_2022-12.pdf'));

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? 0;
};

/** A year of 15-minute readings (35,040 rows) in a plain CSV, with a daily and seasonal shape. */
function yearOfIntervals(): string {
  const rows = ['Start,End,kWh'];
  const start = Date.UTC(2025, 0, 1, 8);
  for (let i = 0; i < 35_040; i++) {
    const at = new Date(start + i * 900_000);
    const hour = (at.getUTCHours() + 16) % 24;
    const season = 1 + 0.3 * Math.cos(((at.getUTCMonth() - 7) / 12) * 2 * Math.PI);
    const kwh = (0.4 + (hour >= 8 && hour < 18 ? 1.1 : 0.2) + (i % 7) * 0.01) * season;
    const iso = (d: Date) => d.toISOString().slice(0, 16).replace('T', ' ');
    rows.push(`${iso(at)},${iso(new Date(at.getTime() + 900_000))},${kwh.toFixed(3)}`);
  }
  return `${rows.join('\n')}\n`;
}

export async function benchReports() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ur-bench-reports-'));
  const database = openDatabase({ dataDir: path.join(dataDir, 'db') });
  await database.ready;
  const config = loadConfig(
    { NODE_ENV: 'production', LOG_LEVEL: 'silent', DATA_DIR: dataDir, PATH: process.env.PATH },
    { clientDir: undefined },
  );
  const services = createServices({
    database,
    config,
    log: pino({ level: 'silent' }),
    jobMode: 'inline',
  });
  try {
    const admin = await createUser(database.db, { role: 'admin' });
    const owner = await createUser(database.db, { email: 'bench-owner@example.com' });
    const provider = await createProvider(database.db, {
      name: 'Bench Electric',
      state: 'California',
    });
    const created = await services.connections.createFromSubmission(
      owner.uniqueFormUrl,
      submission(provider.id, { name: 'Bench Customer' }) as never,
    );
    const connectionId = created.id;
    const files = [
      {
        key: 'files/bench-year.csv',
        name: 'year-15min.csv',
        body: yearOfIntervals(),
        type: 'text/csv',
      },
      {
        key: 'files/bench-bill-1.pdf',
        name: 'bill-1.pdf',
        body: readFileSync(BILL),
        type: 'application/pdf',
      },
      {
        key: 'files/bench-bill-2.pdf',
        name: 'bill-2.pdf',
        body: readFileSync(BILL),
        type: 'application/pdf',
      },
    ];
    for (const file of files) {
      await services.store.put(file.key, file.body, file.type);
      await services.connections.recordFile(
        connectionId,
        { fileUrl: `/objects/${file.key}`, fileName: file.name },
        admin,
      );
    }
    await services.queue.drain();
    await services.connections.update(connectionId, { status: 'complete' }, admin);
    await services.queue.drain();

    const build = async () => {
      const started = performance.now();
      const report = await services.reports.buildNow(connectionId, admin);
      await services.queue.drain();
      const done = await services.reports.versions(connectionId, admin);
      const built = done.find((r) => r.id === report.id);
      if (built?.status !== 'ready') throw new Error(`build failed: ${built?.error}`);
      return { ms: performance.now() - started, built };
    };
    const first = await build();
    const bytes = first.built.files.reduce((sum, f) => sum + f.size, 0);
    console.log(
      `first build (Chromium launch included): ${first.ms.toFixed(0)} ms; ZIP content ${(bytes / 1e6).toFixed(1)} MB, ${first.built.files.length} files`,
    );
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) times.push((await build()).ms);
    console.log(
      `report build (HTML + PDF + ZIP), one year of 15-minute data and two bills: median ${median(times).toFixed(0)} ms over ${RUNS} runs (target < 3,000 ms)`,
    );
    const early = chromiumMemoryMb();
    for (let i = RUNS + 1; i < MEMORY_BUILDS; i++) await build();
    const late = chromiumMemoryMb();
    const change = (a: number, b: number) => `${b >= a ? '+' : ''}${(b - a).toFixed(0)} MB`;
    console.log(
      `Chromium memory: RSS ${early.rss.toFixed(0)} MB after ${RUNS + 1} builds, ${late.rss.toFixed(0)} MB after ${MEMORY_BUILDS} (${change(early.rss, late.rss)}); ` +
        `PSS ${early.pss.toFixed(0)} -> ${late.pss.toFixed(0)} MB (${change(early.pss, late.pss)}); open contexts: ${await services.browser.openContexts()}`,
    );
  } finally {
    await closeServices(services);
    await database.close();
  }
}
