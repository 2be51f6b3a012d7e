import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';

// The real server as a child process (npm start's or npm run worker's entry, through tsx), for
// tests whose subject is the process itself: a kill -9, a restart, a dropped database
// connection, several processes at once.

const root = path.resolve(import.meta.dirname, '..', '..');

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export type AppProcess = {
  child: ChildProcess;
  /** http://127.0.0.1:<port>, or '' for a worker. */
  base: string;
  /** What the process wrote to stderr so far (its error lines, for a failing assertion). */
  stderr(): string;
  /** Resolves with the exit code (null after a signal) once the process has ended. */
  exited: Promise<number | null>;
  /** kill -9, resolved once the process is gone. */
  kill(): Promise<void>;
  /** SIGTERM, resolved once the process is gone. */
  stop(): Promise<void>;
};

export type StartOptions = {
  /** Settings for the process; DATA_DIR or DATABASE_URL among them. */
  env: Record<string, string>;
  /** 'server' (the default) waits until /api/health answers; 'worker' only starts it. */
  entry?: 'server' | 'worker';
  /** How long to wait for /api/health; 60 s unless told. */
  timeoutMs?: number;
};

/** Starts the server (on a free port) or a worker, with quiet logs unless LOG_LEVEL is given. */
export async function startAppProcess(options: StartOptions): Promise<AppProcess> {
  const entry = options.entry ?? 'server';
  const port = entry === 'server' ? await freePort() : 0;
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', entry === 'server' ? 'server/main.ts' : 'server/worker.ts'],
    {
      cwd: root,
      env: {
        ...process.env,
        DATABASE_URL: '',
        NODE_ENV: 'production',
        LOG_LEVEL: 'silent',
        HOST: '127.0.0.1',
        PORT: String(port),
        ...options.env,
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    errors += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => {
    if (child.exitCode !== null) resolve(child.exitCode);
    else child.once('exit', (code) => resolve(code));
  });
  const ended = () => child.exitCode !== null || child.signalCode !== null;
  const signal = (name: NodeJS.Signals) => async () => {
    if (!ended()) child.kill(name);
    await exited;
  };
  const app: AppProcess = {
    child,
    base: entry === 'server' ? `http://127.0.0.1:${port}` : '',
    stderr: () => errors,
    exited,
    kill: signal('SIGKILL'),
    stop: signal('SIGTERM'),
  };
  if (entry === 'worker') return app;
  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  for (;;) {
    if (ended()) throw new Error(`the app exited before it was ready:\n${errors}`);
    if (Date.now() > deadline) {
      await app.kill();
      throw new Error(`the app did not start:\n${errors}`);
    }
    try {
      if ((await fetch(`${app.base}/api/health`)).ok) return app;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

export type ApiAnswer = {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: a test reads whatever the route answered.
  json: any;
  /** The session cookie a login or registration set, as `name=value`. */
  cookie?: string;
};

/** One JSON call to a running app process. */
export async function callApp(
  base: string,
  method: string,
  url: string,
  body?: object,
  cookie?: string,
): Promise<ApiAnswer> {
  const res = await fetch(base + url, {
    method,
    headers: {
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(cookie ? { cookie } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  const cookieHeader = res.headers.get('set-cookie')?.split(';')[0];
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = { text };
  }
  return { status: res.status, json, cookie: cookieHeader };
}
