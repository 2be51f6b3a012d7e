import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { afterAll, describe, expect, it } from 'vitest';
import { describeDatabase, type Manifest } from '../server/lib/backup/manifest.ts';
import { type AppProcess, callApp, startAppProcess } from '../server/test/app-process.ts';

// npm run backup and npm run restore, as an operator runs them: a backup of the running app
// while it takes uploads and deletes files, restored into a new folder that a second app starts
// from; a backup of the stopped app; and the restores that must be refused.

const root = path.resolve(import.meta.dirname, '..');
const work = mkdtempSync(path.join(tmpdir(), 'ur-bk-'));
const dataDir = path.join(work, 'data');
const admin = { username: 'backup-admin', password: 'backup-admin-password' };
const apps: AppProcess[] = [];

afterAll(async () => {
  for (const app of apps) await app.kill();
});

/** The command as `npm run backup/restore` runs it; resolves with its exit code and output. */
function run(script: 'backup' | 'restore', args: string[], env: Record<string, string> = {}) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', `scripts/${script}.ts`, ...args],
      {
        cwd: root,
        env: { ...process.env, DATABASE_URL: '', S3_BUCKET: '', DATA_DIR: dataDir, ...env },
        timeout: 240_000,
      },
      (error, stdout, stderr) =>
        resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

/** Every file under a folder, relative, with its bytes. */
function filesUnder(dir: string): Map<string, Buffer> {
  const found = new Map<string, Buffer>();
  const visit = (sub: string) => {
    for (const entry of readdirSync(path.join(dir, sub), { withFileTypes: true })) {
      const rel = sub ? `${sub}/${entry.name}` : entry.name;
      if (entry.isDirectory()) visit(rel);
      else found.set(rel, readFileSync(path.join(dir, rel)));
    }
  };
  if (existsSync(dir)) visit('');
  return found;
}

const readManifest = (dir: string): Manifest =>
  JSON.parse(readFileSync(path.join(dir, 'manifest.json'), 'utf8'));

describe('npm run backup and npm run restore (embedded database, local store)', () => {
  const liveBackup = path.join(work, 'live-backup');
  const restored = path.join(work, 'restored');
  /** What the test uploaded, by object key: the bytes a restored store must hold. */
  const uploaded = new Map<string, Buffer>();
  let connectionId = 0;

  it('backs up the running app while it writes, and the restored folder holds every row and file', async () => {
    const app = await startAppProcess({
      env: { DATA_DIR: dataDir, ADMIN_USERNAME: admin.username, ADMIN_PASSWORD: admin.password },
      timeoutMs: 240_000,
    });
    apps.push(app);
    const api = (method: string, url: string, body?: object, cookie?: string) =>
      callApp(app.base, method, url, body, cookie);
    const { cookie } = await api('POST', '/api/login', admin);
    const provider = await api(
      'POST',
      '/api/providers',
      { name: 'Backup Utility', state: 'Ohio' },
      cookie,
    );
    const me = await api('GET', '/api/user', undefined, cookie);
    const saved = await api('POST', `/api/form/${me.json.uniqueFormUrl}`, {
      name: 'Bo Backup',
      email: 'bo@example.com',
      address: '3 Archive Lane',
      providerId: provider.json.id,
      username: 'bo-portal',
      password: 'bo-portal-pass',
      consent: true,
    });
    expect(saved.status).toBe(201);
    connectionId = saved.json.id;

    const upload = async (name: string) => {
      // Text: the app reads every uploaded file, and a NUL byte makes its import fail loudly.
      const bytes = Buffer.from(
        `not,intervals\n${randomBytes(1000 + Math.floor(Math.random() * 3000)).toString('hex')}\n`,
      );
      const signed = await api(
        'POST',
        '/api/objects/upload',
        { purpose: 'connection-file', fileName: name, contentType: 'text/csv', size: bytes.length },
        cookie,
      );
      expect(signed.status).toBe(200);
      const put = await fetch(app.base + signed.json.uploadURL, {
        method: 'PUT',
        headers: signed.json.headers,
        body: bytes,
      });
      expect(put.status).toBeLessThan(300);
      const recorded = await api(
        'PUT',
        `/api/connections/${connectionId}/files`,
        { fileUrl: signed.json.uploadURL, fileName: name },
        cookie,
      );
      expect(recorded.status, JSON.stringify(recorded.json)).toBe(201);
      uploaded.set(signed.json.key, bytes);
      return recorded.json.id as number;
    };
    await upload('first-bill.csv');

    // Uploads, recordings and deletions keep coming while the backup is taken.
    let backingUp = true;
    let written = 0;
    // Paced under the upload signing limit (30 a minute).
    const writes = (async () => {
      while (backingUp) {
        await new Promise((resolve) => setTimeout(resolve, 1500));
        const id = await upload(`during-${written}.csv`);
        if (written % 3 === 2) {
          expect((await api('DELETE', `/api/files/${id}`, undefined, cookie)).status).toBe(200);
        }
        await api('POST', '/api/providers', { name: `During ${written}`, state: 'Ohio' }, cookie);
        written++;
      }
    })();
    const backup = await run('backup', [liveBackup]);
    backingUp = false;
    await writes;
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    expect(backup.stdout).toMatch(/^Backed up the running app into /);
    expect(written).toBeGreaterThan(0);

    const manifest = readManifest(liveBackup);
    expect(manifest.whileAppRan).toBe(true);
    expect(manifest.secrets.files.sort()).toEqual([
      'credentials-key',
      'session-secret',
      'storage-secret',
    ]);
    expect(manifest.database.tables['public.users']).toBeGreaterThanOrEqual(1);
    expect(manifest.database.tables['public.connections']).toBe(1);
    expect(statSync(path.join(liveBackup, 'secrets', 'credentials-key')).mode & 0o777).toBe(0o600);
    expect(statSync(liveBackup).mode & 0o777).toBe(0o700);

    const restore = await run('restore', [liveBackup, restored]);
    expect(restore.stderr).toBe('');
    expect(restore.code).toBe(0);
    expect(restore.stdout).toContain(`DATA_DIR=${restored} npm start`);

    // The restored database holds what the manifest counted, and every file a row names, with
    // the bytes that were uploaded.
    const db = new PGlite({ dataDir: path.join(restored, 'db'), extensions: { pg_trgm } });
    const found = await describeDatabase(db);
    const { rows: files } = await db.query<{ object_key: string }>(
      'select object_key from connection_files',
    );
    const { rows: connections } = await db.query<{ id: number }>('select id from connections');
    await db.close();
    expect(found).toEqual(manifest.database);
    expect(connections.map((c) => c.id)).toEqual([connectionId]);
    expect(files.length).toBeGreaterThanOrEqual(1);
    const restoredObjects = filesUnder(path.join(restored, 'objects'));
    for (const { object_key } of files) {
      expect(restoredObjects.get(object_key), object_key).toEqual(uploaded.get(object_key));
    }
    // Every file in the backup is one that was uploaded, byte for byte (and its type beside it).
    for (const [key, bytes] of restoredObjects) {
      if (key.endsWith('~meta')) continue;
      expect(bytes, key).toEqual(uploaded.get(key));
    }
    expect(manifest.objects.count).toBe(
      [...restoredObjects.keys()].filter((k) => !k.endsWith('~meta')).length,
    );
    for (const name of manifest.secrets.files) {
      expect(readFileSync(path.join(restored, name))).toEqual(
        readFileSync(path.join(dataDir, name)),
      );
    }

    // An app started on the restored folder signs in, lists the files and opens the saved login
    // with the restored key, while the original still runs.
    const second = await startAppProcess({ env: { DATA_DIR: restored }, timeoutMs: 240_000 });
    apps.push(second);
    const login = await callApp(second.base, 'POST', '/api/login', admin);
    expect(login.status).toBe(200);
    const listed = await callApp(
      second.base,
      'GET',
      `/api/connections/${connectionId}/files`,
      undefined,
      login.cookie,
    );
    expect(listed.json.length).toBe(files.length);
    const reveal = await callApp(
      second.base,
      'POST',
      `/api/connections/${connectionId}/credentials`,
      undefined,
      login.cookie,
    );
    expect(reveal.json).toMatchObject({
      utilityUsername: 'bo-portal',
      utilityPassword: 'bo-portal-pass',
    });
    await second.stop();
    await app.stop();
  }, 600_000);

  it('backs up the stopped app by opening its folder itself', async () => {
    for (const app of apps) await app.stop();
    const stopped = path.join(work, 'stopped-backup');
    const backup = await run('backup', [stopped]);
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    expect(backup.stdout).toMatch(/^Backed up the stopped app into /);
    const manifest = readManifest(stopped);
    expect(manifest.whileAppRan).toBe(false);
    // Nothing ran since the app stopped: the counts are those of the folder as it is.
    const db = new PGlite({ dataDir: path.join(dataDir, 'db'), extensions: { pg_trgm } });
    expect(await describeDatabase(db)).toEqual(manifest.database);
    await db.close();
    expect(existsSync(path.join(dataDir, 'db', 'process.lock'))).toBe(false);
  }, 300_000);

  it('refuses a folder that is not empty, a damaged backup and a backup into one', async () => {
    const occupied = path.join(work, 'occupied');
    mkdirSync(occupied);
    writeFileSync(path.join(occupied, 'notes.txt'), 'mine');
    const onto = await run('restore', [liveBackup, occupied]);
    expect(onto.code).toBe(1);
    expect(onto.stderr.trim()).toBe(
      `${occupied} is not empty: give a new or empty folder. Nothing was changed.`,
    );
    expect(readdirSync(occupied)).toEqual(['notes.txt']);

    const intoOccupied = await run('backup', [occupied]);
    expect(intoOccupied.code).toBe(1);
    expect(intoOccupied.stderr).toContain('is not empty');

    // One byte of one stored file changed.
    const manifest = readManifest(liveBackup);
    const object = manifest.files.find(
      (f) => f.path.startsWith('objects/') && !f.path.endsWith('~meta'),
    );
    if (!object) throw new Error('no object in the backup');
    const file = path.join(liveBackup, object.path);
    const bytes = readFileSync(file);
    bytes[0] = (bytes[0] ?? 0) ^ 0xff;
    writeFileSync(file, bytes);
    const target = path.join(work, 'from-damaged');
    const damaged = await run('restore', [liveBackup, target]);
    expect(damaged.code).toBe(1);
    expect(damaged.stderr.trim()).toBe(
      `The backup in ${liveBackup} is damaged: ${object.path} does not match the checksum in manifest.json. Nothing was restored; use another backup.`,
    );
    expect(existsSync(target)).toBe(false);

    const notBackup = await run('restore', [occupied, path.join(work, 'other')]);
    expect(notBackup.code).toBe(1);
    expect(notBackup.stderr).toContain('is not a backup made by npm run backup');
  }, 300_000);
});
