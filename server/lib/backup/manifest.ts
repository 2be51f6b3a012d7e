import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { z } from 'zod';

/** What `npm run backup` writes beside the files, and `npm run restore` checks them against. */
export const MANIFEST = 'manifest.json';
/** The database's folder as PGlite archives it (`dumpDataDir`). */
export const DATABASE_ARCHIVE = 'database.tar.gz';
export const OBJECTS = 'objects';
export const SECRETS = 'secrets';
const FORMAT = 'utility-reports backup';

const Manifest = z.object({
  format: z.literal(FORMAT),
  formatVersion: z.literal(1),
  appVersion: z.string(),
  createdAt: z.string(),
  /** Taken from the running app (through its backup socket), or from a stopped one's folder. */
  whileAppRan: z.boolean(),
  database: z.object({
    migrations: z.object({
      applied: z.number().int(),
      /** When the newest applied migration was made (drizzle's `created_at`); 0 for none. */
      newest: z.number(),
      /** sha256 of the applied migrations' hashes, in order. */
      sha256: z.string(),
    }),
    /** Rows of every table, `schema.table`, counted in the archive itself. */
    tables: z.record(z.string(), z.number().int()),
  }),
  objects: z.object({ included: z.boolean(), count: z.number().int(), note: z.string() }),
  /** DATA_DIR's own files (its generated secrets) that were copied, and what the key is. */
  secrets: z.object({ files: z.array(z.string()), credentialKey: z.string() }),
  files: z.array(z.object({ path: z.string(), bytes: z.number().int(), sha256: z.string() })),
});
export type Manifest = z.infer<typeof Manifest>;
export type ManifestFile = Manifest['files'][number];

/** The manifest in a backup folder, or an Error saying in plain words why it cannot be used. */
export function parseManifest(text: string): Manifest {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new Error(`${MANIFEST} is damaged (not JSON)`);
  }
  if ((json as { format?: unknown } | null)?.format !== FORMAT) {
    throw new Error(`${MANIFEST} is not the manifest of a backup made by npm run backup`);
  }
  const parsed = Manifest.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(
      `${MANIFEST} is damaged or from another version (${issue?.path.join('.')}: ${issue?.message})`,
    );
  }
  for (const file of parsed.data.files) {
    if (!isSafeRelative(file.path)) throw new Error(`${MANIFEST} names a file outside the backup`);
  }
  return parsed.data;
}

export const manifestBase = {
  format: FORMAT,
  formatVersion: 1,
} as const;

/** A path inside the backup folder, with `/`, that cannot leave it. */
function isSafeRelative(file: string): boolean {
  return (
    file.length > 0 &&
    !file.startsWith('/') &&
    !file.includes('\\') &&
    !file.split('/').some((part) => part === '' || part === '.' || part === '..')
  );
}

/**
 * Copies a file while hashing it, so the bytes hashed are the bytes written. `from` may be a
 * stream (the running app's archive arriving on the socket).
 */
export async function copyHashed(
  from: string | NodeJS.ReadableStream,
  to: string,
): Promise<{ bytes: number; sha256: string }> {
  const hash = createHash('sha256');
  let bytes = 0;
  const tap = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      bytes += chunk.length;
      done(null, chunk);
    },
  });
  const source = typeof from === 'string' ? createReadStream(from) : from;
  await pipeline(source, tap, createWriteStream(to, { flags: 'wx', mode: 0o600 }));
  return { bytes, sha256: hash.digest('hex') };
}

export async function hashFile(file: string): Promise<{ bytes: number; sha256: string }> {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of createReadStream(file) as AsyncIterable<Buffer>) {
    hash.update(chunk);
    bytes += chunk.length;
  }
  return { bytes, sha256: hash.digest('hex') };
}

/** The database an archive holds, opened in memory, or in `dataDir` (restored there). */
export async function openArchive(
  archive: Uint8Array<ArrayBuffer>,
  dataDir?: string,
): Promise<PGlite> {
  const client = new PGlite({
    dataDir,
    extensions: { pg_trgm },
    loadDataDir: new Blob([archive]),
  });
  await client.waitReady;
  return client;
}

/** Rows per table and the applied migrations of a database: what the manifest says it holds. */
export async function describeDatabase(client: PGlite): Promise<Manifest['database']> {
  const { rows: tables } = await client.query<{ schema: string; name: string }>(
    `select table_schema as schema, table_name as name from information_schema.tables
     where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')
     order by 1, 2`,
  );
  const counts: Record<string, number> = {};
  for (const { schema, name } of tables) {
    const quoted = `"${schema.replace(/"/g, '""')}"."${name.replace(/"/g, '""')}"`;
    const { rows } = await client.query<{ n: number }>(`select count(*)::int as n from ${quoted}`);
    counts[`${schema}.${name}`] = rows[0]?.n ?? 0;
  }
  const applied =
    counts['drizzle.__drizzle_migrations'] === undefined
      ? []
      : (
          await client.query<{ hash: string; created_at: string }>(
            'select hash, created_at from drizzle.__drizzle_migrations order by created_at, id',
          )
        ).rows;
  return {
    migrations: {
      applied: applied.length,
      newest: Math.max(0, ...applied.map((m) => Number(m.created_at))),
      sha256: createHash('sha256')
        .update(applied.map((m) => m.hash).join('\n'))
        .digest('hex'),
    },
    tables: counts,
  };
}

/** When this version's newest migration was made: a backup with a newer one is from a later version. */
export function newestKnownMigration(): number {
  const migrationsFolder = path.resolve(
    path.dirname(fileURLToPath(import.meta.url)),
    '../../db/migrations',
  );
  return Math.max(0, ...readMigrationFiles({ migrationsFolder }).map((m) => m.folderMillis));
}
