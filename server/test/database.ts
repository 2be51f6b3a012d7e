import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { type Database, openDatabase } from '../db/client.ts';

declare module 'vitest' {
  interface ProvidedContext {
    /** The PostgreSQL server of the Vitest project `postgres`; null in the `pglite` project. */
    testDatabaseUrl: string | null;
  }
}

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a new
 * PostgreSQL database (dropped afterwards) in the Vitest project that provides a server URL.
 */
export async function openTestDatabase(): Promise<Database> {
  const url = inject('testDatabaseUrl');
  if (!url) {
    const database = openDatabase({ dataDir: undefined });
    await database.ready;
    return database;
  }
  const name = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
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
