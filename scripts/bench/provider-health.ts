import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../server/db/client.ts';
import { PortalHealth } from '../../server/features/automation/portal-health.ts';
import { createProvider } from '../../server/test/connections.ts';
import { median } from './stats.ts';

const ATTEMPTS = 10_000;
const PROVIDERS = 20;

/**
 * The providers page and Needs attention read every utility's health at once: how long that
 * takes over 10,000 sign-ins and retrievals spread over 60 days and 20 utilities (PGlite).
 */
export async function benchProviderHealth() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ur-bench-health-'));
  const database = openDatabase({ dataDir: path.join(dataDir, 'db') });
  await database.ready;
  const ids: number[] = [];
  for (let i = 0; i < PROVIDERS; i++) {
    ids.push((await createProvider(database.db, { name: `Bench Utility ${i}` })).id);
  }
  await database.db.execute(sql`
    insert into portal_attempts (provider_id, kind, outcome, reason, asked_code, submitted_at,
      started_at, finished_at)
    select (${`{${ids.join(',')}}`}::int[])[1 + i % ${PROVIDERS}],
      case when i % 3 = 0 then 'retrieval' else 'sign_in' end,
      case when i % 7 = 0 then 'failure' else 'success' end,
      case when i % 7 = 0 then 'portal_unavailable' end,
      i % 5 = 0,
      now() - (i % 60) * interval '1 day' - interval '6 hours',
      now() - (i % 60) * interval '1 day' - interval '1 minute',
      now() - (i % 60) * interval '1 day'
    from generate_series(1, ${ATTEMPTS}) as i`);
  await database.db.execute(sql`analyze`);
  const health = new PortalHealth({ db: database.db });
  const time = async (what: string, run: () => Promise<unknown>) => {
    await run();
    const times: number[] = [];
    for (let i = 0; i < 15; i++) {
      const start = performance.now();
      await run();
      times.push(performance.now() - start);
    }
    console.log(`${what}: median ${median(times).toFixed(1)} ms`);
  };
  await time(`every utility's health over ${ATTEMPTS} attempts`, () => health.list());
  await time("one utility's health", () => health.forProvider(ids[0] ?? 0));
  await time('utilities failing (Needs attention)', () => health.flagged());
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
}
