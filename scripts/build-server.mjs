// Bundles the server into dist/server (dependencies stay external) and copies the migrations
// beside it, so `npm start` runs plain JavaScript with no TypeScript loader.
import { cpSync, rmSync, writeFileSync } from 'node:fs';
import { build } from 'esbuild';

rmSync('dist/server', { recursive: true, force: true });
await build({
  entryPoints: ['server/main.ts', 'server/worker.ts'],
  outdir: 'dist/server',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
cpSync('server/db/migrations', 'dist/server/migrations', { recursive: true });

// A new embedded database starts from this archive: an empty PGlite folder with every migration
// applied, made once here, so a newcomer's first start skips initdb (seconds of WebAssembly).
// A start without it (tsx in development) creates the folder in a worker thread instead.
const { PGlite } = await import('@electric-sql/pglite');
const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
const { drizzle } = await import('drizzle-orm/pglite');
const { migrate } = await import('drizzle-orm/pglite/migrator');
const initial = new PGlite({ extensions: { pg_trgm } });
await migrate(drizzle(initial), { migrationsFolder: 'server/db/migrations' });
const archive = await initial.dumpDataDir('gzip');
writeFileSync('dist/server/pglite-initial.tar.gz', Buffer.from(await archive.arrayBuffer()));
await initial.close();
