// Runs after every `npm install` / `npm ci`. A development install (the README's quick start)
// has the build tools, so it builds the client and server here and `npm start` works at once.
// A production install (`npm ci --omit=dev`) has no build tools: it must be run on a tree that
// was built before (the built `dist/` shipped with it), and it says so plainly if not.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

function installed(name) {
  try {
    require.resolve(`${name}/package.json`);
    return true;
  } catch {
    return false;
  }
}

if (installed('vite') && installed('esbuild')) {
  const result = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  process.exit(result.status ?? 1);
}

const built = ['dist/server/main.js', 'dist/server/worker.js', 'dist/client/index.html'];
const missing = built.filter((file) => !existsSync(file));
if (missing.length > 0) {
  console.error(
    `Production install without a build: ${missing.join(', ')} not found. Build on a machine ` +
      'with the development dependencies (`npm install`, which runs `npm run build`), then ship ' +
      'dist/ with the tree and run `npm ci --omit=dev` there.',
  );
  process.exit(1);
}
console.log('Production install: using the existing build in dist/.');
