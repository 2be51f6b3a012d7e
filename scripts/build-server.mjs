// Bundles the server into dist/server (dependencies stay external) and copies the migrations
// beside it, so `npm start` runs plain JavaScript with no TypeScript loader.
import { cpSync, rmSync } from 'node:fs';
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
