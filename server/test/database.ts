import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { type Database, openDatabase } from '../db/client.ts';

declare module 'vitest' {
  interface ProvidedContext {
    /** The PostgreSQL server of the Vitest project `postgres`; null in the `pglite` project. */
    testDatabaseUrl: string | null;
    /** An archive of a migrated PGlite folder (global-setup.ts), in the `pglite` project. */
    testPgliteArchive: string;
    /** A migrated database to copy (global-setup.ts), in the `postgres` project. */
    testTemplateDatabase: string;
  }
}

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a new
 * PostgreSQL database (dropped afterwards) in the Vitest project that provides a server URL.
 * Both start as a copy of the run's migrated one (global-setup.ts).
 */
export async function openTestDatabase(): Promise<Database> {
  const url = inject('testDatabaseUrl');
  if (!url) {
    const database = openDatabase({ dataDir: undefined, startFrom: inject('testPgliteArchive') });
    await database.ready;
    return database;
  }
  const name = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name} template ${inject('testTemplateDatabase')}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = openDatabase({ url: target.toString() });
  await database.ready;
  return {
    ...database,
    close: async () => {
      await database.close();
      const dropper = new pg.Client({ connectionString: url });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}
