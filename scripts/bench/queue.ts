import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, isNotNull, sql } from 'drizzle-orm';
import pg from 'pg';
import pino from 'pino';
import { loadConfig } from '../../server/config.ts';
import { type Database, openDatabase } from '../../server/db/client.ts';
import { connections, providers, webhookDeliveries } from '../../server/db/schema.ts';
import { loginAndRetrieve } from '../../server/features/automation/service.ts';
import { PORTAL_ACCOUNTS, startPortals } from '../../server/features/automation/testing/portals.ts';
import { createUser } from '../../server/features/users/service.ts';
import { recordDeliveries } from '../../server/features/webhooks/endpoints.ts';
import { webhookDeliveryJob } from '../../server/features/webhooks/jobs.ts';
import { createServices } from '../../server/services.ts';

const BACKLOG = 10_000;
const POSTGRES = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** A webhook receiver on this machine: answers 200 at once and counts what arrives. */
async function receiver() {
  let received = 0;
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      received++;
      res.writeHead(200).end('ok');
    });
  });
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    received: () => received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A fresh PostgreSQL database for the run, dropped afterwards; undefined when unreachable. */
export async function freshPostgres(): Promise<{ url: string; drop(): Promise<void> } | undefined> {
  const name = `bench_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: POSTGRES });
  try {
    await admin.connect();
  } catch {
    return undefined;
  }
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(POSTGRES);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const dropper = new pg.Client({ connectionString: POSTGRES });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

/**
 * A backlog of 10,000 webhook deliveries to a local receiver, queued while no worker runs;
 * then a worker process's queue starts and the time until every one is delivered is measured.
 */
async function drain(kind: 'pglite' | 'postgres', database: Database) {
  const hook = await receiver();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ur-bench-queue-'));
  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    WEBHOOK_ALLOWED_HOSTS: '127.0.0.1',
  });
  const log = pino({ level: 'silent' });
  await database.ready;
  // The app's side: it records and queues, and runs no handlers.
  const app = createServices({ database, config, log });
  await app.queue.start({ work: false });
  const admin = await createUser(database.db, {
    username: 'bench-admin',
    email: null,
    password: 'bench-admin-password',
    role: 'admin',
  });
  const endpoint = await app.webhooks.create(
    { url: hook.url, events: ['connection.created'] },
    admin.id,
    'admins',
  );
  const queuedAt = performance.now();
  const ids: number[] = [];
  for (let i = 0; i < BACKLOG; i += 2000) {
    const endpoints = Array.from({ length: Math.min(2000, BACKLOG - i) }, () => endpoint.id);
    ids.push(...(await recordDeliveries(database.db, endpoints, 'connection.created', { n: i })));
  }
  await app.queue.enqueueMany(
    webhookDeliveryJob,
    ids.map((deliveryId) => ({ deliveryId })),
  );
  const queueMs = performance.now() - queuedAt;

  // The worker's side.
  const worker = createServices({ database, config, log });
  const started = performance.now();
  await worker.queue.start({ work: true });
  const deadline = started + 10 * 60_000;
  let delivered = 0;
  while (performance.now() < deadline) {
    const [row] = await database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.status, 'succeeded'));
    delivered = row?.n ?? 0;
    if (delivered >= BACKLOG) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  const seconds = (performance.now() - started) / 1000;
  await worker.queue.stop();
  await app.queue.stop();
  await hook.close();
  const rate = delivered / seconds;
  const goal = kind === 'postgres' ? 200 : 50;
  console.log(
    `webhook backlog on ${kind}: ${delivered} of ${BACKLOG} delivered in ${seconds.toFixed(1)} s = ${rate.toFixed(0)}/s (goal >= ${goal}/s; ${hook.received()} received; queued in ${(queueMs / 1000).toFixed(1)} s)`,
  );
}

export async function benchQueue() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ur-bench-pglite-'));
  const pglite = openDatabase({ dataDir: path.join(dataDir, 'db') });
  await drain('pglite', pglite);
  await pglite.close();

  const postgres = await freshPostgres();
  if (!postgres) {
    console.log(`webhook backlog on postgres: skipped, no server at ${POSTGRES}`);
    return;
  }
  const database = openDatabase({ url: postgres.url });
  try {
    await drain('postgres', database);
  } finally {
    await database.close();
    await postgres.drop();
  }
}

const CHECKS = 100;
const PORTALS = 20;
const MAX_PAGES = 4;

/**
 * 100 credential checks over 20 test portals through the queue (submitted as the form does),
 * against the bound (100 / BROWSER_MAX_PAGES) x one check's time x 1.5. Portal spacing is 1 s
 * here: with the default 15 s, five logins to one portal alone would take a minute.
 */
export async function benchCredentialChecks() {
  const portals = await startPortals();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ur-bench-checks-'));
  const database = openDatabase({ dataDir: path.join(dataDir, 'db') });
  await database.ready;
  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    BROWSER_ALLOWED_HOSTS: '127.0.0.1',
    BROWSER_MAX_PAGES: String(MAX_PAGES),
    PROVIDER_LOGIN_INTERVAL_SECONDS: '1',
    ...(process.env.CHROMIUM_PATH ? { CHROMIUM_PATH: process.env.CHROMIUM_PATH } : {}),
  });
  const services = createServices({
    database,
    config,
    log: pino({ level: process.env.BENCH_LOG ?? 'silent' }),
  });
  await services.queue.start({ work: true });
  try {
    const owner = await createUser(database.db, {
      username: 'bench-owner',
      email: null,
      password: 'bench-owner-password',
      role: 'user',
    });
    const providerIds: number[] = [];
    for (let i = 0; i < PORTALS; i++) {
      const [row] = await database.db
        .insert(providers)
        .values({
          name: `Portal ${i}`,
          state: 'California',
          loginUrl: portals.url(`/portal?n=${i}`),
        })
        .returning({ id: providers.id });
      if (row) providerIds.push(row.id);
    }
    let n = 0;
    const submit = (providerId: number) =>
      services.connections.createFromSubmission(owner.uniqueFormUrl, {
        name: `Customer ${n}`,
        email: `customer${n}@example.com`,
        phone: '555-0100',
        address: `${n++} Main St`,
        providerId,
        username: PORTAL_ACCOUNTS.good.username,
        password: PORTAL_ACCOUNTS.good.password,
        consent: true,
      });
    const checked = async () => {
      const [row] = await database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(connections)
        .where(isNotNull(connections.credentialsVerified));
      return row?.n ?? 0;
    };
    const until = async (count: number) => {
      while ((await checked()) < count) await new Promise((r) => setTimeout(r, 50));
    };

    // One check at a time, on portals of their own: the single-check time (median of 3, after
    // a first one that starts Chromium).
    const singles: number[] = [];
    for (let i = 0; i < 4; i++) {
      const started = performance.now();
      await submit(providerIds[i] as number);
      await until(i + 1);
      if (i > 0) singles.push(performance.now() - started);
    }
    singles.sort((a, b) => a - b);
    const single = singles[1] ?? 0;

    // The browser alone, MAX_PAGES checks at once with no queue (the login, then the look for
    // bills and usage pages a check now makes): the ceiling on this machine.
    const direct = async () => {
      const { login } = await loginAndRetrieve(
        services.browser,
        { loginUrl: portals.url('/portal?direct') },
        PORTAL_ACCOUNTS.good,
        { billsPage: null, usagePage: null, exportControl: null },
      );
      if (login.outcome !== 'success') throw new Error(`login failed: ${login.outcome}`);
    };
    let next = 0;
    const directStarted = performance.now();
    await Promise.all(
      Array.from({ length: MAX_PAGES }, async () => {
        while (next++ < 40) await direct();
      }),
    );
    const browserRate = 40 / ((performance.now() - directStarted) / 1000);

    const started = performance.now();
    for (let i = 0; i < CHECKS; i++) await submit(providerIds[i % PORTALS] as number);
    await until(4 + CHECKS);
    const wall = performance.now() - started;
    const bound = (CHECKS / MAX_PAGES) * single * 1.5;
    const [verified] = await database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(connections)
      .where(eq(connections.credentialsVerified, true));
    console.log(
      `credential checks: ${CHECKS} over ${PORTALS} portals in ${(wall / 1000).toFixed(1)} s (${verified?.n} of ${CHECKS + 4} verified); bound (${CHECKS} / ${MAX_PAGES}) x ${(single / 1000).toFixed(2)} s x 1.5 = ${(bound / 1000).toFixed(1)} s`,
    );
    const ceiling = CHECKS / browserRate;
    console.log(
      `the browser alone, ${MAX_PAGES} logins at once: ${browserRate.toFixed(2)}/s, so ${CHECKS} take ${ceiling.toFixed(1)} s at best on this machine; the queue's share: ${(((wall / 1000 - ceiling) / (wall / 1000)) * 100).toFixed(0)}%`,
    );
  } finally {
    await services.queue.stop();
    await services.browser.close();
    await database.close();
    await portals.close();
  }
}
