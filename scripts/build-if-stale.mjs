// Builds the client and server unless `dist/` is newer than every file the build reads. The
// end-to-end run starts the built server: this keeps it from ever running a stale bundle
// without building twice on a fresh install, whose `npm install` has just built (a minute of a
// CI run on two cores).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const inputs = [
  'client',
  'server',
  'common',
  'vite.config.ts',
  'tsconfig.json',
  'package.json',
  'package-lock.json',
  'scripts/build-server.mjs',
];
const outputs = ['dist/server/main.js', 'dist/server/worker.js', 'dist/client/index.html'];

/** The newest modification time under `entry`, tests left out (the build never reads them). */
function newest(entry) {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return /\.test\.tsx?$/.test(entry) ? 0 : stat.mtimeMs;
  let latest = stat.mtimeMs;
  for (const child of readdirSync(entry))
    latest = Math.max(latest, newest(path.join(entry, child)));
  return latest;
}

const built = outputs.every((file) => existsSync(file))
  ? Math.min(...outputs.map((file) => statSync(file).mtimeMs))
  : 0;
const changed = Math.max(...inputs.map(newest));
if (built > changed) {
  console.log('build is up to date');
} else {
  const result = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  process.exit(result.status ?? 1);
}
