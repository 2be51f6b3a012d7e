import { mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite, type PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { defaultHolder, type FolderHolder, lockFolder } from './folder-lock.ts';
import { createInWorker, holdsDatabase } from './pglite-folder.ts';
import { takingTurns } from './pglite-turns.ts';
import * as schema from './schema.ts';

/**
 * The query builder is the same for both drivers, so the rest of the code sees one type.
 * Only this factory knows which database it talks to.
 */
export type Db = PgliteDatabase<typeof schema>;

/** The transaction `db.transaction` hands its callback. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * What a query runs on: the database itself, or a transaction in progress. Functions that
 * only read or write (and may be part of a caller's transaction) take this.
 */
export type Executor = Db | Tx;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Settles once the schema is migrated; nothing may query before that. */
  ready: Promise<void>;
  /**
   * Calls `onMessage` for every NOTIFY on the channel, from any process sharing the database.
   * Resolves to an unsubscribe function.
   */
  listen(channel: string, onMessage: (payload: string) => void): Promise<() => Promise<void>>;
  /** Raw SQL for libraries that bring their own queries (pg-boss). */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  /**
   * The embedded database only: its folder as a gzipped archive (PGlite's `dumpDataDir`), taken
   * between two statements, so it holds every transaction committed before it and none after.
   */
  dumpFolder?: () => Promise<Blob>;
  close(): Promise<void>;
};

export type DatabaseOptions =
  | { url: string }
  /**
   * A folder for PGlite's files, or undefined for an in-memory database. A folder is one
   * process's at a time: `holder` names this one to a process refused meanwhile.
   */
  | {
      dataDir: string | undefined;
      holder?: FolderHolder;
      /**
       * An archive (PGlite's `dumpDataDir`) a new database starts from instead of the build's;
       * the tests start every in-memory database from one migrated once per run.
       */
      startFrom?: string;
    };

/** Beside this file in the source tree; the build copies them beside the bundle. */
const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** A new folder's starting point, made by the build (scripts/build-server.mjs) beside the bundle. */
const initialArchive = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  'pglite-initial.tar.gz',
);

/**
 * Opens the database and starts migrating it. The handle is returned at once so the HTTP
 * server can start serving static files while a new PGlite folder is still being created.
 */
export function openDatabase(options: DatabaseOptions): Database {
  if ('url' in options) {
    const pool = new pg.Pool({ connectionString: options.url, max: 10 });
    // An idle client the server drops (restart, failover) must not crash the process: the pool
    // replaces it on the next query.
    pool.on('error', () => {});
    // A client in use (a transaction between two statements) has no listener of the pool's: its
    // drop must not be thrown; its next query fails instead, and the pool discards it on release.
    pool.on('connect', (client) => client.on('error', () => {}));
    const db = drizzlePg(pool, { schema, casing: 'snake_case' }) as unknown as Db;
    const ready = migrateLocked(pool);
    return {
      db,
      kind: 'postgres',
      ready,
      listen: (channel, onMessage) => listenPg(options.url, channel, onMessage),
      executeSql: (text, values) => pool.query(text, values as unknown[]),
      close: async () => {
        await ready.catch(() => {});
        await pool.end();
      },
    };
  }
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const dataDir = options.dataDir;
  // Throws FolderInUseError, before anything is read, while another live process has it open.
  const unlock = dataDir ? lockFolder(dataDir, options.holder ?? defaultHolder()) : () => {};
  // pg_trgm backs the admin search's trigram index (migration 0001). A new folder starts from the
  // build's migrated archive, or else is created in a worker thread (pglite-folder.ts): either
  // way the event loop keeps serving meanwhile.
  const opened: Promise<PGlite> = (async () => {
    const isNew = dataDir === undefined ? options.startFrom !== undefined : !holdsDatabase(dataDir);
    const archive = isNew
      ? await readFile(options.startFrom ?? initialArchive).catch(() => undefined)
      : undefined;
    if (dataDir !== undefined && isNew && !archive) await createInWorker(dataDir);
    const created = new PGlite({
      dataDir,
      extensions: { pg_trgm },
      loadDataDir: archive ? new Blob([archive]) : undefined,
    });
    await created.waitReady;
    return created;
  })();
  // Drizzle needs a client now; this one hands each call to PGlite once it is open, one
  // statement per turn of the event loop (pglite-turns.ts): PGlite's work runs on this thread
  // and would otherwise hold the loop, and with it new connections, under load.
  const client = takingTurns(opened);
  const db = drizzlePglite(client as unknown as PGlite, { schema, casing: 'snake_case' });
  const ready = migratePglite(db, { migrationsFolder });
  return {
    db,
    kind: 'pglite',
    ready,
    listen: async (channel, onMessage) => {
      await ready;
      const stop = await client.listen(channel, onMessage);
      return () => stop();
    },
    // pg-boss sends multi-statement scripts without parameters; PGlite runs those with exec().
    executeSql: async (text, values) => {
      if (!values || values.length === 0) {
        const results = await client.exec(text);
        return { rows: results.at(-1)?.rows ?? [] };
      }
      return client.query(text, values);
    },
    dumpFolder: async () => {
      await ready;
      return client.alone(async (pglite) => {
        // Dirty pages written out first: the archive then opens without replaying the WAL.
        await pglite.exec('checkpoint');
        return pglite.dumpDataDir('gzip');
      });
    },
    close: async () => {
      await ready.catch(() => {});
      try {
        await client.close();
      } finally {
        unlock();
      }
    },
  };
}

/** Where the job queue (pg-boss) keeps its tables, apart from the app's. */
export const JOB_QUEUE_SCHEMA = 'pgboss';

/** Any constant shared by every process of this service: the key of the migrations' lock. */
const MIGRATION_LOCK = 7_310_428_106;

/**
 * Migrates under a session-level advisory lock, so processes started together on a new
 * database take turns: the first creates the tables, the others wait and then find nothing left
 * to do (without it, all of them raced to create the same tables and all but one exited).
 */
async function migrateLocked(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  let broken = false;
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migratePg(drizzlePg(client, { casing: 'snake_case' }), { migrationsFolder });
    // The job queue installs its own tables when it starts, guarded by its own lock, which it
    // takes after its script has begun: processes starting together still collide creating
    // its schema. Made here, in turn, the schema is already there for all of them.
    await client.query(`create schema if not exists ${JOB_QUEUE_SCHEMA}`);
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]);
  } catch (error) {
    // A lock held by a connection that failed dies with it: that connection is not reused.
    broken = true;
    throw error;
  } finally {
    client.release(broken);
  }
}

/**
 * LISTEN needs a connection of its own (a pooled one would be handed to other queries). It is
 * reopened after a drop, every second until the database answers; notifications sent while it
 * was down are lost, which its callers accept (the session cache expires its entries within
 * seconds, and the job queue's workers also poll).
 */
async function listenPg(url: string, channel: string, onMessage: (payload: string) => void) {
  let client: pg.Client | undefined;
  let stopped = false;
  // After a drop, or a failed reconnection, tried again every second until the database answers.
  const connect = async (isFirst: boolean): Promise<void> => {
    const next = new pg.Client({ connectionString: url });
    let replaced = false;
    // Once per connection: the 'error' event and a failed query may both report one drop.
    const replace = () => {
      if (replaced) return;
      replaced = true;
      next.end().catch(() => {});
      if (!stopped) {
        setTimeout(() => {
          if (!stopped) connect(false).catch(() => {});
        }, 1000).unref();
      }
    };
    next.on('notification', (message) => {
      if (message.channel === channel) onMessage(message.payload ?? '');
    });
    next.on('error', replace);
    try {
      await next.connect();
      await next.query(`listen "${channel.replace(/"/g, '')}"`);
    } catch (error) {
      // The first failure is the caller's to handle (it falls back to polling or cache expiry).
      if (isFirst) {
        replaced = true;
        next.end().catch(() => {});
      } else replace();
      throw error;
    }
    if (stopped) {
      await next.end().catch(() => {});
      return;
    }
    client = next;
  };
  await connect(true);
  return async () => {
    stopped = true;
    await client?.end().catch(() => {});
  };
}
