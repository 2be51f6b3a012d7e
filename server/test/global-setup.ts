import { createHash, randomBytes } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client.ts';

// Every API test file gets a database of its own. Creating one from nothing costs seconds
// (PGlite's initdb in WebAssembly, then every migration; on PostgreSQL every migration), so the
// run migrates one database first and each file starts from a copy of it: PGlite from an archive
// of its folder, PostgreSQL from a template database. Both are named by a hash of the
// migrations, so a new migration makes a new one and runs side by side never share a half-made
// one.

const migrationsFolder = path.resolve(import.meta.dirname, '../db/migrations');
const cacheFolder = path.resolve(import.meta.dirname, '../../node_modules/.cache/test-databases');

function migrationsHash(): string {
  const hash = createHash('sha256');
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true }).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(full);
      else hash.update(entry.name).update(readFileSync(full));
    }
  };
  walk(migrationsFolder);
  return hash.digest('hex').slice(0, 16);
}

/** A migrated PGlite folder as an archive, made once per set of migrations. */
async function pgliteArchive(hash: string): Promise<string> {
  const file = path.join(cacheFolder, `pglite-${hash}.tar`);
  if (existsSync(file)) return file;
  mkdirSync(cacheFolder, { recursive: true });
  const initial = new PGlite({ extensions: { pg_trgm } });
  await migrate(drizzle(initial), { migrationsFolder });
  const archive = await initial.dumpDataDir('none');
  await initial.close();
  // Written beside and renamed: a run starting meanwhile never reads half an archive.
  const partial = `${file}.${randomBytes(4).toString('hex')}`;
  writeFileSync(partial, Buffer.from(await archive.arrayBuffer()));
  renameSync(partial, file);
  return file;
}

/** A migrated PostgreSQL database to copy, made once per set of migrations. */
async function postgresTemplate(url: string, hash: string): Promise<string> {
  const name = `test_template_${hash}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount) return name;
    // Made under another name and renamed once complete, for the same reason as the archive.
    const building = `${name}_${randomBytes(4).toString('hex')}`;
    await admin.query(`create database ${building}`);
    const target = new URL(url);
    target.pathname = `/${building}`;
    const database = openDatabase({ url: target.toString() });
    await database.ready;
    await database.close();
    try {
      await admin.query(`alter database ${building} rename to ${name}`);
    } catch {
      // Another run finished first: theirs is the same.
      await admin.query(`drop database if exists ${building}`);
    }
    return name;
  } finally {
    await admin.end();
  }
}

export default async function setup(project: TestProject): Promise<void> {
  const hash = migrationsHash();
  const url = project.config.provide.testDatabaseUrl;
  if (url) project.provide('testTemplateDatabase', await postgresTemplate(url, hash));
  else project.provide('testPgliteArchive', await pgliteArchive(hash));
}
