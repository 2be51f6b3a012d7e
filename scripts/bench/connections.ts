import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { count, eq, sql } from 'drizzle-orm';
import { openDatabase } from '../../server/db/client.ts';
import { connections } from '../../server/db/schema.ts';
import { listConnections } from '../../server/features/connections/queries.ts';
import { createProvider } from '../../server/test/connections.ts';
import { createUser } from '../../server/test/factories.ts';
import { appArgs, startServer } from './servers.ts';

const ROWS = 100_000;

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? 0;
};

/** 100,000 connections spread over 50 users and 20 providers, written in a few big inserts. */
async function seed(db: ReturnType<typeof openDatabase>['db']) {
  const owners = await Promise.all(Array.from({ length: 50 }, () => createUser(db)));
  const providerIds = [];
  for (let i = 0; i < 20; i++)
    providerIds.push((await createProvider(db, { name: `Bench Utility ${i}` })).id);
  const ownerIds = `{${owners.map((o) => o.id).join(',')}}`;
  const providerArray = `{${providerIds.join(',')}}`;
  await db.execute(sql`
    insert into connections (user_id, provider_id, customer_name, customer_email, account_name, account_number, status, created_at)
    select (${ownerIds}::int[])[1 + i % 50], (${providerArray}::int[])[1 + i % 20],
      'Customer ' || i, 'customer' || i || '@example.com', 'Account ' || (i * 7919 % 100000),
      lpad((i * 104729 % 10000000000)::text, 10, '0'),
      (array['pending','in_progress','complete'])[1 + i % 3],
      now() - (i % 365) * interval '1 day'
    from generate_series(1::bigint, ${ROWS}::bigint) as i`);
  // What autovacuum does on a live PostgreSQL; PGlite has no autovacuum, so it is run here.
  await db.execute(sql`analyze`);
  return providerIds;
}

export async function benchConnections() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ur-bench-conn-'));
  const database = openDatabase({ dataDir: path.join(dataDir, 'db') });
  await database.ready;
  const seeded = performance.now();
  const providerIds = await seed(database.db);
  const [{ n } = { n: 0 }] = await database.db.select({ n: count() }).from(connections);
  console.log(
    `seeded ${n} connections in ${((performance.now() - seeded) / 1000).toFixed(1)} s (PGlite)`,
  );

  const queries = [
    { search: 'customer 4242', page: 1 },
    { search: 'account 99', status: 'pending' as const, page: 1 },
    { search: 'bench utility 7', providerId: providerIds[7], page: 1 },
    { search: 'example.com', from: '2026-01-01', page: 3 },
  ];
  for (const query of queries) {
    await listConnections(database.db, query);
    const times: number[] = [];
    for (let i = 0; i < 15; i++) {
      const start = performance.now();
      await listConnections(database.db, query);
      times.push(performance.now() - start);
    }
    console.log(
      `admin list ${JSON.stringify(query)}: median ${median(times).toFixed(1)} ms (target < 50)`,
    );
  }

  // Form submissions against the built app in its own process, on this same database.
  const owner = await createUser(database.db);
  const countRows = async (db: typeof database.db) =>
    (await db.select({ n: count() }).from(connections).where(eq(connections.userId, owner.id)))[0]
      ?.n ?? 0;
  await database.close();
  const server = await startServer(appArgs(), {
    port: 5904,
    readyPath: '/api/health',
    jobsReady: true,
    env: { DATA_DIR: dataDir, FORM_RATE_LIMIT: '1000000', RUN_WORKER: 'false' },
  });
  const result = await autocannon({
    url: `${server.url}/api/form/${owner.uniqueFormUrl}`,
    method: 'POST',
    connections: 10,
    duration: 10,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      name: 'Load Test',
      email: 'load@example.com',
      address: '1 Bench Way',
      providerId: providerIds[0],
      username: 'portal-user',
      password: 'portal-pass',
      consent: true,
    }),
  });
  await server.stop();
  const reopened = openDatabase({ dataDir: path.join(dataDir, 'db') });
  await reopened.ready;
  const created = await countRows(reopened.db);
  await reopened.close();
  console.log(
    `form submissions: ${result.requests.average.toFixed(0)} req/s average (target >= 200); ` +
      `${result['2xx']} answered 2xx, ${result.non2xx} non-2xx, ${result.errors} errors; ` +
      `${created} rows in the database (none lost: ${created >= result['2xx']})`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) await benchConnections();
