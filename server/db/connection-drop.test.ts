import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { type AppProcess, callApp, startAppProcess } from '../test/app-process.ts';

// The database drops the app's connections (a restart, a failover, an idle timeout) while
// customers submit forms and the worker completes the jobs those submissions queue. The process
// must live through it: a request caught by the drop answers 503 (try again), never 500, and
// every submission that was answered 2xx is stored.

const adminUrl = process.env.DATABASE_URL;
const name = `ur_drop_${process.pid}_${Date.now()}`;
const SUBMITTERS = 4;
const TERMINATIONS = 12;
let app: AppProcess | undefined;
const clients: pg.Client[] = [];

/** A connection of the test's own, closed at the end whatever happened. */
async function connect(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  // Dropping the database at the end ends a connection to it that a failed test left open.
  client.on('error', () => {});
  clients.push(client);
  await client.connect();
  return client;
}

afterAll(async () => {
  await app?.kill();
  await Promise.all(clients.map((client) => client.end().catch(() => {})));
  if (!adminUrl) return;
  const admin = await connect(adminUrl);
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
});

type Answer = { status: number; id?: number; retryAfter?: string | null; customer: string };

describe.skipIf(!adminUrl)('the database drops every connection under load', () => {
  it('keeps the process running; drops answer 503, and every 2xx submission is stored', async () => {
    const admin = await connect(adminUrl ?? '');
    await admin.query(`create database ${name}`);
    const url = new URL(adminUrl ?? '');
    url.pathname = `/${name}`;
    app = await startAppProcess({
      env: {
        DATABASE_URL: url.toString(),
        DATA_DIR: mkdtempSync(path.join(tmpdir(), 'ur-drop-')),
        ADMIN_USERNAME: 'drop-admin',
        ADMIN_PASSWORD: 'drop-admin-password',
        // Several submitters from one address: the form's per-address limit must not refuse them.
        FORM_RATE_LIMIT: '1000000',
      },
      timeoutMs: 90_000,
    });
    const base = app.base;
    const login = await callApp(base, 'POST', '/api/login', {
      username: 'drop-admin',
      password: 'drop-admin-password',
    });
    expect(login.status).toBe(200);
    // No login page: the credential check each submission queues ends at once (and completes).
    const provider = await callApp(
      base,
      'POST',
      '/api/providers',
      { name: 'Drop Utility', state: 'Ohio' },
      login.cookie,
    );
    expect(provider.status).toBe(201);
    const user = await callApp(base, 'POST', '/api/register', {
      username: `drop_${Date.now()}`,
      password: 'a long enough password',
    });
    expect(user.status).toBe(201);

    const answers: Answer[] = [];
    let running = true;
    let counter = 0;
    const submitter = async () => {
      while (running && app?.child.exitCode === null) {
        const customer = `Dana Drop ${++counter}`;
        try {
          const res = await fetch(`${base}/api/form/${user.json.uniqueFormUrl}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({
              name: customer,
              email: 'dana@example.com',
              address: '1 Fault Line',
              providerId: provider.json.id,
              username: 'dana',
              password: 'portal-pass',
              consent: true,
            }),
          });
          const body = (await res.json().catch(() => ({}))) as { id?: number };
          answers.push({
            status: res.status,
            id: body.id,
            retryAfter: res.headers.get('retry-after'),
            customer,
          });
        } catch {
          // No answer at all: the process is gone (asserted below).
          answers.push({ status: 0, customer });
          await new Promise((r) => setTimeout(r, 100));
        }
      }
    };
    const loops = Array.from({ length: SUBMITTERS }, submitter);

    // Every connection of the app, again and again, while submissions and jobs are under way.
    let terminated = 0;
    for (let round = 0; round < TERMINATIONS && app.child.exitCode === null; round++) {
      await new Promise((r) => setTimeout(r, 800 + Math.random() * 400));
      const { rows } = await admin.query(
        'select pg_terminate_backend(pid) as done from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [name],
      );
      terminated += rows.length;
    }
    // A moment for what the last drop set off (a job's completion, a reconnect) to play out.
    await new Promise((r) => setTimeout(r, 2000));
    running = false;
    await Promise.all(loops);

    expect(
      { exitCode: app.child.exitCode, signal: app.child.signalCode },
      `the app ended:\n${app.stderr()}`,
    ).toEqual({ exitCode: null, signal: null });
    expect(terminated).toBeGreaterThan(TERMINATIONS);

    const direct = await connect(url.toString());
    const stored = new Set(
      (await direct.query<{ id: number }>('select id from connections')).rows.map((row) => row.id),
    );
    const succeeded = answers.filter((a) => a.status >= 200 && a.status < 300);
    const failed = answers.filter((a) => a.status < 200 || a.status >= 300);
    expect(succeeded.length).toBeGreaterThan(0);
    expect(succeeded.filter((a) => a.id === undefined || !stored.has(a.id))).toEqual([]);
    // Caught by a drop: "try again" (503 with Retry-After), never "something went wrong" (500).
    expect(failed.filter((a) => a.status !== 503 || !a.retryAfter)).toEqual([]);

    // The worker was at work throughout: the jobs the submissions queued were completed.
    const jobs = await direct.query<{ count: string }>(
      `select count(*) from pgboss.job where name = 'verify-connection-credentials' and state = 'completed'`,
    );
    expect(Number(jobs.rows[0]?.count)).toBeGreaterThan(0);

    // And the app is back to normal once the database is.
    const after = await callApp(base, 'POST', `/api/form/${user.json.uniqueFormUrl}`, {
      name: 'Dana After',
      email: 'dana@example.com',
      address: '1 Fault Line',
      providerId: provider.json.id,
      username: 'dana',
      password: 'portal-pass',
      consent: true,
    });
    expect(after.status).toBe(201);
  }, 180_000);
});
