import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { FolderInUseError, lockFolder } from '../../db/folder-lock.ts';
import { holdsDatabase } from '../../db/pglite-folder.ts';
import {
  copyHashed,
  DATABASE_ARCHIVE,
  describeDatabase,
  MANIFEST,
  type Manifest,
  type ManifestFile,
  manifestBase,
  OBJECTS,
  openArchive,
  SECRETS,
} from './manifest.ts';
import { requestArchive } from './socket.ts';

export type BackupOptions = {
  /** DATA_DIR: the database in `db/`, the local store's files in `objects/`, its secrets. */
  dataDir: string;
  /** A new folder, or an empty one, for the backup. */
  target: string;
  /** Whether the files live in DATA_DIR/objects (false: in an S3 bucket, backed up there). */
  localObjects: boolean;
  /** Where the credential vault's key comes from, in words, for the manifest. */
  credentialKey: string;
  appVersion: string;
};

/** Staging folders inside DATA_DIR, one per backup under way: `.backup-<pid>-<random>`. */
const STAGING = /^\.backup-(\d+)-[0-9a-f]+$/;

/** Temporary files the service writes beside its secrets and objects, never part of a backup. */
const isTemporary = (name: string) =>
  name.endsWith('.part') || /\.\d+\.[0-9a-f]{8}$/.test(name) || name.includes('.stale.');

/**
 * Backs up an embedded install into `target`: the database's archive, the local store's files
 * and DATA_DIR's secrets, with a manifest of their sizes and checksums and of the rows of every
 * table. Works whether the app runs or not: a running app archives its database itself (it alone
 * may open the folder); otherwise this process opens the folder, holding its lock meanwhile.
 *
 * The files and the database cannot be copied at one instant, so the files are taken twice,
 * as hard links into a staging folder inside DATA_DIR (instant, and a file is never changed in
 * place, only replaced): once before the database is archived and once after. A file is stored
 * before the row that names it, and its row deleted before the file, so every file the archive
 * names was there at one of the two moments. Files nothing names any more are kept too.
 */
export async function createBackup(options: BackupOptions): Promise<Manifest> {
  const dataDir = path.resolve(options.dataDir);
  const dbDir = path.join(dataDir, 'db');
  const target = path.resolve(options.target);
  if (!holdsDatabase(dbDir)) {
    throw new Error(
      `${dbDir} holds no embedded database: is DATA_DIR set as it is for the app? (With DATABASE_URL, back up PostgreSQL with pg_dump: README, Backups.)`,
    );
  }
  if (isInside(target, dataDir)) {
    throw new Error(`The backup must go outside DATA_DIR (${dataDir}).`);
  }
  const createdTarget = await prepareEmptyFolder(target);
  await removeAbandonedStaging(dataDir);
  const staging = path.join(dataDir, `.backup-${process.pid}-${randomBytes(4).toString('hex')}`);
  await fs.mkdir(staging, { mode: 0o700 });
  try {
    const objectsDir = path.join(dataDir, OBJECTS);
    const stagedObjects = path.join(staging, OBJECTS);
    if (options.localObjects) await linkTree(objectsDir, stagedObjects);
    const files: ManifestFile[] = [];
    const archiveFile = path.join(target, DATABASE_ARCHIVE);
    const { whileAppRan, hashed } = await archiveDatabase(dbDir, archiveFile);
    files.push({ path: DATABASE_ARCHIVE, ...hashed });
    if (options.localObjects) await linkTree(objectsDir, stagedObjects);

    let objectCount = 0;
    for await (const key of walk(stagedObjects, '')) {
      const to = path.join(target, OBJECTS, ...key.split('/'));
      await fs.mkdir(path.dirname(to), { recursive: true, mode: 0o700 });
      files.push({
        path: `${OBJECTS}/${key}`,
        ...(await copyHashed(path.join(stagedObjects, key), to)),
      });
      if (!key.endsWith('~meta')) objectCount++;
    }
    const secrets: string[] = [];
    for (const entry of await fs.readdir(dataDir, { withFileTypes: true })) {
      if (!entry.isFile() || isTemporary(entry.name)) continue;
      await fs.mkdir(path.join(target, SECRETS), { recursive: true, mode: 0o700 });
      const hashed = await copyHashed(
        path.join(dataDir, entry.name),
        path.join(target, SECRETS, entry.name),
      );
      files.push({ path: `${SECRETS}/${entry.name}`, ...hashed });
      secrets.push(entry.name);
    }

    // Counted in the archive itself, opened in memory: the backup is known to open, and the
    // counts are those of the instant it was taken.
    const client = await openArchive(await fs.readFile(archiveFile));
    let database: Manifest['database'];
    try {
      database = await describeDatabase(client);
    } finally {
      await client.close();
    }
    const manifest: Manifest = {
      ...manifestBase,
      appVersion: options.appVersion,
      createdAt: new Date().toISOString(),
      whileAppRan,
      database,
      objects: {
        included: options.localObjects,
        count: objectCount,
        note: options.localObjects
          ? 'the local store (DATA_DIR/objects)'
          : 'not included: the files are in the S3 bucket (S3_BUCKET); back them up there (README, Backups)',
      },
      secrets: { files: secrets, credentialKey: options.credentialKey },
      files,
    };
    await fs.writeFile(path.join(target, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`, {
      flag: 'wx',
      mode: 0o600,
    });
    return manifest;
  } catch (error) {
    await emptyFolder(target, createdTarget);
    throw error;
  } finally {
    await fs.rm(staging, { recursive: true, force: true });
  }
}

/**
 * The database's archive written to `file`: asked of the running app when it holds the folder,
 * else made here with the folder locked against an app starting meanwhile.
 */
async function archiveDatabase(dbDir: string, file: string) {
  let unlock: () => void;
  try {
    unlock = lockFolder(dbDir, { name: 'npm run backup', app: false });
  } catch (error) {
    if (!(error instanceof FolderInUseError)) throw error;
    if (!error.holder.app) throw new Error(`${error.held}; wait for it to end, then try again.`);
    return {
      whileAppRan: true,
      hashed: await copyHashed(await requestArchive(path.dirname(dbDir)), file),
    };
  }
  try {
    const client = new PGlite({ dataDir: dbDir, extensions: { pg_trgm } });
    await client.waitReady;
    let archive: Blob;
    try {
      await client.exec('checkpoint');
      archive = await client.dumpDataDir('gzip');
    } finally {
      await client.close();
    }
    const hashed = await copyHashed(Readable.fromWeb(archive.stream() as never), file);
    return { whileAppRan: false, hashed };
  } finally {
    unlock();
  }
}

/**
 * Hard-links every file under `from` into `to` where `to` does not have that very file yet
 * (a file replaced since the last pass is linked afresh). Across file systems, or where links
 * are refused, the file is copied instead.
 */
async function linkTree(from: string, to: string): Promise<void> {
  for await (const key of walk(from, '')) {
    const source = path.join(from, ...key.split('/'));
    const dest = path.join(to, ...key.split('/'));
    const [a, b] = await Promise.all([
      fs.stat(source).catch(() => null),
      fs.stat(dest).catch(() => null),
    ]);
    if (!a) continue; // deleted since it was listed
    if (b && a.ino === b.ino && a.dev === b.dev) continue;
    await fs.mkdir(path.dirname(dest), { recursive: true, mode: 0o700 });
    if (b) await fs.rm(dest, { force: true });
    try {
      await fs.link(source, dest);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') continue;
      if (code !== 'EXDEV' && code !== 'EPERM') throw error;
      await fs.copyFile(source, dest).catch((e: NodeJS.ErrnoException) => {
        if (e.code !== 'ENOENT') throw e;
      });
    }
  }
}

/** Relative paths (with `/`) of the files under `dir`, temporary ones left out. */
async function* walk(dir: string, sub: string): AsyncGenerator<string> {
  const entries = await fs
    .readdir(path.join(dir, sub), { withFileTypes: true })
    .catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'ENOTDIR') return [];
      throw error;
    });
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    const rel = sub ? `${sub}/${entry.name}` : entry.name;
    if (entry.isDirectory()) yield* walk(dir, rel);
    else if (entry.isFile() && !isTemporary(entry.name)) yield rel;
  }
}

/** Staging folders of backups whose process has died (kill -9 in the middle of one). */
async function removeAbandonedStaging(dataDir: string) {
  for (const name of await fs.readdir(dataDir)) {
    const pid = STAGING.exec(name)?.[1];
    if (!pid || isAlive(Number(pid))) continue;
    await fs.rm(path.join(dataDir, name), { recursive: true, force: true });
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const isInside = (file: string, dir: string) => {
  const relative = path.relative(dir, file);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
};

/**
 * Makes sure `dir` is a new or empty folder (0700), refusing anything else with a plain
 * sentence. Resolves to whether it was created here.
 */
export async function prepareEmptyFolder(dir: string): Promise<boolean> {
  if (await isEmptyFolder(dir)) return false;
  await fs.mkdir(dir, { recursive: true, mode: 0o700 });
  return true;
}

/** True for an empty folder, false where there is none; refuses anything else. */
export async function isEmptyFolder(dir: string): Promise<boolean> {
  const stat = await fs.stat(dir).catch(() => null);
  if (!stat) return false;
  if (!stat.isDirectory()) throw new Error(`${dir} is a file, not a folder.`);
  if ((await fs.readdir(dir)).length > 0) {
    throw new Error(`${dir} is not empty: give a new or empty folder. Nothing was changed.`);
  }
  return true;
}

/** Undoes a failed run: what it wrote into `dir`, and `dir` itself when it made it. */
export async function emptyFolder(dir: string, created: boolean) {
  if (created) {
    await fs.rm(dir, { recursive: true, force: true });
    return;
  }
  for (const name of await fs.readdir(dir).catch(() => [])) {
    await fs.rm(path.join(dir, name), { recursive: true, force: true });
  }
}
