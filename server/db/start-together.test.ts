import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { type AppProcess, callApp, startAppProcess } from '../test/app-process.ts';
import { STARTER_PROVIDERS } from './seed-providers.ts';

// Several processes started at once on a new PostgreSQL database (a deployment's first start,
// or a scale-up right after it): every one of them must come up, on one schema.

const adminUrl = process.env.DATABASE_URL;
const name = `ur_together_${process.pid}_${Date.now()}`;
const started: AppProcess[] = [];

afterAll(async () => {
  await Promise.all(started.map((app) => app.kill()));
  if (!adminUrl) return;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
});

describe.skipIf(!adminUrl)('four processes started at once on an empty database', () => {
  it('all start, and share one schema, one first admin, one starter catalogue and the same secrets', async () => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(adminUrl ?? '');
    url.pathname = `/${name}`;
    const dataDir = mkdtempSync(path.join(tmpdir(), 'ur-together-'));
    const settled = await Promise.allSettled(
      [0, 1, 2, 3].map(() =>
        startAppProcess({
          env: {
            DATABASE_URL: url.toString(),
            DATA_DIR: dataDir,
            ADMIN_USERNAME: 'together-admin',
            ADMIN_PASSWORD: 'together-admin-password',
          },
          timeoutMs: 90_000,
        }),
      ),
    );
    for (const result of settled) if (result.status === 'fulfilled') started.push(result.value);
    expect(settled.filter((result) => result.status === 'rejected')).toEqual([]);
    // Started, and still running a moment later (a late failure of the start-up would end one).
    await new Promise((r) => setTimeout(r, 2000));
    const ended = started.filter((app) => app.child.exitCode !== null);
    expect(ended.map((app) => app.stderr())).toEqual([]);
    const [first, second] = started;
    if (!first || !second) throw new Error('not started');
    // One session secret: a sign-in on one process is valid on the others.
    const login = await callApp(first.base, 'POST', '/api/login', {
      username: 'together-admin',
      password: 'together-admin-password',
    });
    expect(login.status).toBe(200);
    for (const app of started) {
      expect((await callApp(app.base, 'GET', '/api/user', undefined, login.cookie)).status).toBe(
        200,
      );
    }
    // The starter utilities, added once although all four found no providers.
    const names = async (app: AppProcess) =>
      ((await callApp(app.base, 'GET', '/api/providers')).json as { name: string }[]).map(
        (p) => p.name,
      );
    for (const app of started) {
      expect((await names(app)).sort()).toEqual(STARTER_PROVIDERS.map((p) => p.name).sort());
    }
    const db = new pg.Client({ connectionString: url.toString() });
    await db.connect();
    const marks = await db.query(
      "select details from audit_log where action = 'providers.starter_catalogue_added'",
    );
    await db.end();
    expect(marks.rows).toEqual([
      { details: { added: STARTER_PROVIDERS.length, by: 'first start' } },
    ]);
    // The seed script runs beside the app on PostgreSQL, and what it adds is listed at once.
    const listed = await callApp(first.base, 'GET', '/api/providers', undefined, login.cookie);
    const removed = listed.json[0] as { id: number; name: string };
    await callApp(first.base, 'DELETE', `/api/providers/${removed.id}`, undefined, login.cookie);
    expect(await names(second)).not.toContain(removed.name);
    const seed = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/seed.ts'], {
      cwd: path.resolve(import.meta.dirname, '..', '..'),
      env: { ...process.env, DATABASE_URL: url.toString(), DATA_DIR: dataDir },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(seed.stderr).toBe('');
    expect(seed.stdout.trim()).toBe('providers added: 1');
    expect(await names(second)).toContain(removed.name);

    // One credential key: what one process sealed, another opens.
    const provider = await callApp(
      first.base,
      'POST',
      '/api/providers',
      { name: 'Together Utility', state: 'Ohio' },
      login.cookie,
    );
    const user = await callApp(first.base, 'POST', '/api/register', {
      username: `together_${Date.now()}`,
      password: 'a long enough password',
    });
    const form = await callApp(first.base, 'POST', `/api/form/${user.json.uniqueFormUrl}`, {
      name: 'Tia Together',
      email: 'tia@example.com',
      address: '4 Same Street',
      providerId: provider.json.id,
      username: 'tia',
      password: 'portal-pass-4',
      consent: true,
    });
    expect(form.status).toBe(201);
    const revealed = await callApp(
      second.base,
      'POST',
      `/api/connections/${form.json.id}/credentials`,
      undefined,
      login.cookie,
    );
    expect(revealed.status).toBe(200);
    expect(revealed.json.utilityPassword).toBe('portal-pass-4');
  }, 150_000);
});
