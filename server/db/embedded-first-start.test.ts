import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type AppProcess, callApp, startAppProcess } from '../test/app-process.ts';
import { STARTER_PROVIDERS } from './seed-providers.ts';

// A new install as a new user runs it: npm start on an empty DATA_DIR, then what happens when a
// second process (another npm start, the seed or migrate script) opens the same embedded database.

const root = path.resolve(import.meta.dirname, '..', '..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'ur-first-start-'));
const dbDir = path.join(dataDir, 'db');
let app: AppProcess | undefined;

afterAll(async () => {
  await app?.kill();
});

/**
 * Runs an entry (server/main.ts, scripts/seed.ts) on the test's DATA_DIR until it ends; one
 * still running after 30 s (a second app that was not refused) is killed, and its code is null.
 */
function run(entry: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: root,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      NODE_ENV: 'production',
      LOG_LEVEL: 'silent',
      HOST: '127.0.0.1',
      PORT: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
  return new Promise((resolve) => {
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

const lines = (text: string) => text.trim().split('\n');

describe('a fresh install on the embedded database', () => {
  it('lists the starter utilities on the customer form from the first start, and keeps the folder to itself', async () => {
    app = await startAppProcess({ env: { DATA_DIR: dataDir }, timeoutMs: 90_000 });
    const pid = app.child.pid;
    const held = `The app is running (npm start, pid ${pid}) and holds the embedded database in ${dbDir}`;

    // The public list the customer form reads.
    const listed = await callApp(app.base, 'GET', '/api/providers');
    expect(listed.status).toBe(200);
    expect(listed.json.map((p: { name: string }) => p.name).sort()).toEqual(
      STARTER_PROVIDERS.map((p) => p.name).sort(),
    );

    // A second npm start on the same folder stops at once with one line naming the first.
    const second = await run('server/main.ts');
    expect(second.code).toBe(1);
    expect(lines(second.stderr)).toEqual([
      `${held}; only one process at a time can open it: stop the app first, or give this process another DATA_DIR.`,
    ]);
    // The seed and migrate scripts say what to do instead.
    const seed = await run('scripts/seed.ts');
    expect(seed.code).toBe(1);
    expect(lines(seed.stderr)).toEqual([
      `${held}; the utilities are added automatically on first start, or stop the app and run this again.`,
    ]);
    expect(seed.stdout).toBe('');
    const migrate = await run('scripts/migrate.ts');
    expect(migrate.code).toBe(1);
    expect(lines(migrate.stderr)).toEqual([
      `${held}; the app applies the migrations itself when it starts, or stop the app and run this again.`,
    ]);
    // The app is still serving, its folder untouched by the refused processes.
    expect((await callApp(app.base, 'GET', '/api/providers')).json).toHaveLength(
      STARTER_PROVIDERS.length,
    );

    // Killed without a chance to remove its lock: the next process takes the lock over.
    await app.kill();
    expect(existsSync(path.join(dbDir, 'process.lock'))).toBe(true);
    const after = await run('scripts/seed.ts');
    expect(after.stderr).toBe('');
    expect(after.stdout.trim()).toBe('providers added: 0');
    expect(after.code).toBe(0);
    // And a process that closes the database removes its lock.
    expect(existsSync(path.join(dbDir, 'process.lock'))).toBe(false);
  }, 180_000);
});
