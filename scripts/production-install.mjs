// Proves that the production install works: a copy of the built tree (the tracked files plus
// dist/) gets `npm ci --omit=dev`, which must leave the build tools out, and `npm start` must then
// serve the app from a new embedded database: the health check, the client, a registration (the
// native password hashing) and a signed-in call. `npm test` runs it after the end-to-end tests.
import { execFileSync, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
if (!existsSync(path.join(root, 'dist/server/main.js'))) {
  console.error('No build in dist/: run `npm run build` (or `npm install`) first.');
  process.exit(1);
}

const work = mkdtempSync(path.join(tmpdir(), 'utility-reports-production-'));
let server;
/** Resolves when `npm start` has exited. */
let exited = Promise.resolve();
try {
  const tracked = execFileSync(
    'git',
    ['ls-files', '-z', '--cached', '--others', '--exclude-standard'],
    { cwd: root, encoding: 'utf8' },
  )
    .split('\0')
    .filter((file) => file && existsSync(path.join(root, file)));
  for (const file of tracked) {
    mkdirSync(path.dirname(path.join(work, file)), { recursive: true });
    cpSync(path.join(root, file), path.join(work, file));
  }
  cpSync(path.join(root, 'dist'), path.join(work, 'dist'), { recursive: true });

  step('npm ci --omit=dev');
  execFileSync('npm', ['ci', '--omit=dev', '--no-audit', '--no-fund', '--prefer-offline'], {
    cwd: work,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  for (const devOnly of ['vite', 'esbuild', 'vitest', 'typescript', '@playwright/test']) {
    if (existsSync(path.join(work, 'node_modules', devOnly))) {
      throw new Error(`${devOnly} was installed by a production install`);
    }
  }

  // The server bundle keeps its packages external: each one it imports (some only when a
  // feature first runs, such as the browser) must be a production dependency.
  for (const name of importedPackages(path.join(work, 'dist/server'))) {
    if (!existsSync(path.join(work, 'node_modules', name, 'package.json'))) {
      throw new Error(`production install: ${name} is imported by the server but not installed`);
    }
  }

  step('npm start');
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  server = spawn('npm', ['start'], {
    cwd: work,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(work, 'data'),
      DATABASE_URL: '',
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      ADMIN_USERNAME: 'admin',
      ADMIN_PASSWORD: 'production-install-check',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  exited = new Promise((resolve) => server.once('exit', resolve));
  await waitForHealth(base, exited);

  const page = await fetch(`${base}/`);
  const html = await page.text();
  expect(
    page.ok && html.includes('<div id="root"></div>'),
    `GET / served the client (${page.status})`,
  );

  const register = await fetch(`${base}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ username: 'newcomer', email: null, password: 'a-long-password-1' }),
  });
  expect(register.status === 201 || register.ok, `registration answered ${register.status}`);
  const cookie = register.headers.get('set-cookie')?.split(';')[0] ?? '';
  const me = await fetch(`${base}/api/user`, { headers: { cookie } });
  const user = await me.json();
  expect(me.ok && user.username === 'newcomer', `GET /api/user answered ${me.status}`);
  console.log('production install: npm ci --omit=dev and npm start work');
} finally {
  if (server?.pid) {
    try {
      process.kill(-server.pid, 'SIGTERM');
    } catch {}
    // The server still writes its database while it stops (a first start seeds the utilities):
    // the folder is removed once it has exited, or been killed after a grace period.
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 15_000))]);
    try {
      process.kill(-server.pid, 'SIGKILL');
    } catch {}
  }
  rmSync(work, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
}

/** Package names the bundled server imports, statically or dynamically. */
function importedPackages(folder) {
  const names = new Set();
  for (const file of ['main.js', 'worker.js']) {
    const code = readFileSync(path.join(folder, file), 'utf8');
    // A package name holds no space or comma, which tells an import from the word "from" in
    // a string of the bundle ("from", "from date").
    const imports = /(?:\bfrom|\bimport\()\s*['"]([^'"./\s,][^'"\s,]*)['"]/g;
    for (const match of code.matchAll(imports)) {
      const specifier = match[1];
      if (specifier.startsWith('node:') || builtinModules.includes(specifier)) continue;
      const parts = specifier.split('/');
      names.add(specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]);
    }
  }
  return names;
}

function step(name) {
  console.log(`== production install: ${name}`);
}

function expect(condition, what) {
  if (!condition) throw new Error(`production install: ${what}`);
}

async function waitForHealth(base, exited) {
  let stopped = false;
  exited.then(() => {
    stopped = true;
  });
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (stopped) throw new Error('production install: npm start exited before it was healthy');
    try {
      const res = await fetch(`${base}/api/health`);
      if (res.ok) return;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('production install: the server was not healthy within 120 s');
}

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}
