import fs from 'node:fs/promises';
import path from 'node:path';
import { emptyFolder, isEmptyFolder, prepareEmptyFolder } from './backup.ts';
import {
  copyHashed,
  DATABASE_ARCHIVE,
  describeDatabase,
  hashFile,
  MANIFEST,
  type Manifest,
  newestKnownMigration,
  openArchive,
  parseManifest,
  SECRETS,
} from './manifest.ts';

/** Why a backup was refused; nothing was written when this is thrown. */
class BackupRefused extends Error {}

/**
 * Restores a backup into a new DATA_DIR: every file is checked against the manifest before
 * anything is written; the database is unpacked into `db/`, its rows counted and compared with
 * the manifest; the local store's files go to `objects/`, the secrets beside them. A failure
 * after the first write leaves the folder as it was found (removed when it was made here).
 */
export async function restoreBackup(backup: string, target: string): Promise<Manifest> {
  const from = path.resolve(backup);
  const dataDir = path.resolve(target);
  await isEmptyFolder(dataDir).catch((error: Error) => {
    throw new BackupRefused(error.message);
  });
  const manifest = await readBackup(from);
  const created = await prepareEmptyFolder(dataDir).catch((error: Error) => {
    throw new BackupRefused(error.message);
  });
  try {
    const dbDir = path.join(dataDir, 'db');
    await fs.mkdir(dbDir, { mode: 0o700 });
    const client = await openArchive(await fs.readFile(path.join(from, DATABASE_ARCHIVE)), dbDir);
    let found: Manifest['database'];
    try {
      found = await describeDatabase(client);
    } finally {
      await client.close();
    }
    // The archive holds the lock of the process that made it (the app, perhaps still running
    // on this machine): left there, it would keep the restored folder's app from starting.
    await fs.rm(path.join(dbDir, 'process.lock'), { force: true });
    const differs = Object.entries(manifest.database.tables).filter(
      ([table, rows]) => found.tables[table] !== rows,
    );
    if (differs.length > 0) {
      const [table, rows] = differs[0] ?? [];
      throw new Error(
        `The restored database does not hold what the backup recorded (${table}: ${found.tables[table as string] ?? 'missing'} rows, the manifest says ${rows}).`,
      );
    }
    for (const file of manifest.files) {
      if (file.path === DATABASE_ARCHIVE) continue;
      // secrets/<name> goes to DATA_DIR/<name>; objects/... stays objects/...
      const rel = file.path.startsWith(`${SECRETS}/`)
        ? file.path.slice(SECRETS.length + 1)
        : file.path;
      const to = path.join(dataDir, ...rel.split('/'));
      await fs.mkdir(path.dirname(to), { recursive: true, mode: 0o700 });
      const copied = await copyHashed(path.join(from, ...file.path.split('/')), to);
      if (copied.sha256 !== file.sha256) throw damaged(from, file.path);
    }
    return manifest;
  } catch (error) {
    await emptyFolder(dataDir, created);
    throw error;
  }
}

/** The manifest of a complete, undamaged backup that this version can restore. */
async function readBackup(from: string): Promise<Manifest> {
  const text = await fs.readFile(path.join(from, MANIFEST), 'utf8').catch(() => undefined);
  if (text === undefined) {
    throw new BackupRefused(
      `${from} is not a backup made by npm run backup (it has no ${MANIFEST}). Nothing was restored.`,
    );
  }
  let manifest: Manifest;
  try {
    manifest = parseManifest(text);
  } catch (error) {
    throw new BackupRefused(`The backup in ${from} cannot be used: ${(error as Error).message}.`);
  }
  if (manifest.database.migrations.newest > newestKnownMigration()) {
    throw new BackupRefused(
      `The backup in ${from} was made by a newer version of the app (version ${manifest.appVersion}, a database migration this version does not know): restore it with that version or a later one. Nothing was restored.`,
    );
  }
  for (const file of manifest.files) {
    const found = await hashFile(path.join(from, ...file.path.split('/'))).catch(() => undefined);
    if (!found) {
      throw new BackupRefused(
        `The backup in ${from} is incomplete: ${file.path} is missing. Nothing was restored.`,
      );
    }
    if (found.bytes !== file.bytes || found.sha256 !== file.sha256) throw damaged(from, file.path);
  }
  return manifest;
}

const damaged = (from: string, file: string) =>
  new BackupRefused(
    `The backup in ${from} is damaged: ${file} does not match the checksum in ${MANIFEST}. Nothing was restored; use another backup.`,
  );
