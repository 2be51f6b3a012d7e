import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type Database, openDatabase } from '../db/client.ts';

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a new
 * PostgreSQL database (dropped afterwards) when the suite runs with TEST_DATABASE=postgres.
 */
export async function openTestDatabase(): Promise<Database> {
  if (process.env.TEST_DATABASE !== 'postgres') {
    const database = openDatabase({ dataDir: undefined });
    await database.ready;
    return database;
  }
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE=postgres needs DATABASE_URL');
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
