import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export type Started = { url: string; child: ChildProcess; stop(): Promise<void> };

/**
 * The node arguments of `npm start` (package.json), V8 flags included, so a bench measures the
 * app exactly as it runs in production.
 */
export function appArgs(): string[] {
  const start: string = JSON.parse(readFileSync('package.json', 'utf8')).scripts.start;
  const [command, ...args] = start.trim().split(/\s+/);
  if (command !== 'node') throw new Error(`npm start is not a plain node command: ${start}`);
  return args;
}

/**
 * Starts `node <args>` on a free port with a fresh DATA_DIR and waits for `readyPath`.
 * BENCH_NODE_ARGS adds node flags for a closer look (`--cpu-prof`, `--trace-gc`).
 */
export async function startServer(
  args: string[],
  options: {
    port: number;
    env?: Record<string, string>;
    readyPath?: string;
    /** Also wait for the job queue: its start-up on a new database would skew a measurement. */
    jobsReady?: boolean;
    timeoutMs?: number;
  },
): Promise<Started & { firstOkMs: number }> {
  const started = performance.now();
  const extra = process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...extra, ...args], {
    env: {
      ...process.env,
      DATABASE_URL: '',
      PORT: String(options.port),
      HOST: '127.0.0.1',
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'ur-bench-')),
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      ...options.env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${options.port}`;
  const deadline = started + (options.timeoutMs ?? 30_000);
  for (;;) {
    if (performance.now() > deadline) {
      child.kill();
      throw new Error(`${args.join(' ')} did not answer ${options.readyPath ?? '/'} in time`);
    }
    try {
      const res = await fetch(url + (options.readyPath ?? '/'));
      if (res.ok && !options.jobsReady) break;
      if (res.ok && ((await res.json()) as { jobs?: string }).jobs === 'ready') break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  const firstOkMs = performance.now() - started;
  const stop = () =>
    new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  return { url, child, firstOkMs, stop };
}
