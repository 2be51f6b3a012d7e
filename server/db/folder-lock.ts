import { randomBytes } from 'node:crypto';
import { linkSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * PGlite is PostgreSQL without its server: whoever opens the folder writes its files directly,
 * with nothing to keep a second process out. Two processes on one folder do not see each other's
 * writes and can corrupt it. So a process that opens the folder first claims it with a lock file
 * holding its pid; the next one is refused while that process lives, and takes the lock over
 * when it has died without removing it (a kill -9, a power cut).
 */
const LOCK_FILE = 'process.lock';

/** Who holds a folder: written into the lock, so a refusal can name the process to stop. */
export type FolderHolder = {
  /** How it was started: `npm start`, `npm run db:seed`, `node bench.js`. */
  name: string;
  /** The app itself (as opposed to a script that opens the folder and ends). */
  app: boolean;
};

type LockContent = FolderHolder & {
  pid: number;
  /** When the process started (Linux: clock ticks since boot), to tell a reused pid from it. */
  startedAt: string | null;
};

/** Another live process holds the folder; `message` is the one line to show. */
export class FolderInUseError extends Error {
  /** Who holds which folder, the first half of the message, for callers with their own advice. */
  readonly held: string;

  constructor(
    dataDir: string,
    readonly holder: FolderHolder & { pid: number },
  ) {
    const held = `${holder.app ? 'The app is running' : 'Another process is running'} (${holder.name}, pid ${holder.pid}) and holds the embedded database in ${dataDir}`;
    super(
      `${held}; only one process at a time can open it: ${holder.app ? 'stop the app first, or give this process another DATA_DIR' : 'wait for it to end, then try again'}.`,
    );
    this.held = held;
    this.name = 'FolderInUseError';
  }
}

/** The name a process gets when its entry does not say: `node <script>`. */
export function defaultHolder(): FolderHolder {
  return { name: `node ${path.basename(process.argv[1] ?? 'node')}`, app: false };
}

/** The start time the kernel keeps for a process, or null where there is no /proc. */
function startTimeOf(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Field 22; the command name (field 2) is in parentheses and may hold spaces.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

const ownStartTime = startTimeOf(process.pid);

/** Folders this process holds, with the content of their locks. */
const held = new Map<string, string>();

/** Whether the process that wrote the lock still runs (the same process, not a reuse of its pid). */
function isAlive(lock: LockContent, key: string): boolean {
  // This very process holds the folder only if it claimed it; otherwise the lock was left by an
  // earlier process that had the same pid (a container's processes get the same pids each start).
  if (lock.pid === process.pid) return held.has(key);
  try {
    process.kill(lock.pid, 0);
  } catch (error) {
    // EPERM: it runs, as another user.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const started = startTimeOf(lock.pid);
  return lock.startedAt === null || started === null || started === lock.startedAt;
}

function parse(content: string): LockContent | undefined {
  try {
    const value = JSON.parse(content) as Partial<LockContent>;
    if (typeof value.pid !== 'number' || !Number.isInteger(value.pid) || value.pid <= 0) return;
    return {
      pid: value.pid,
      name: typeof value.name === 'string' ? value.name : 'another process',
      app: value.app === true,
      startedAt: typeof value.startedAt === 'string' ? value.startedAt : null,
    };
  } catch {
    return undefined;
  }
}

const readLock = (file: string): string | undefined => {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
};

/**
 * Claims `dataDir` for this process, or throws FolderInUseError naming the live process that
 * holds it. Returns the function that gives the folder up. The lock appears whole or not at all
 * (written aside, then linked into place, which fails when a lock is there), so a process
 * starting at the same moment never reads half of one.
 */
export function lockFolder(dataDir: string, holder: FolderHolder): () => void {
  const file = path.join(dataDir, LOCK_FILE);
  const key = path.resolve(file);
  const content = `${JSON.stringify({ pid: process.pid, ...holder, startedAt: ownStartTime })}\n`;
  const candidate = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(candidate, content, { mode: 0o600 });
  try {
    // Each round claims the lock, finds a live holder, or clears a dead one's lock (which another
    // process starting at this moment may claim first).
    for (let round = 0; round < 10; round++) {
      try {
        linkSync(candidate, file);
        held.set(key, content);
        ensureReleasedOnExit();
        return () => release(key);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      const found = readLock(file);
      if (found === undefined) continue;
      const lock = parse(found);
      // One that names no process (it is never written half) holds nothing either.
      if (lock && isAlive(lock, key)) throw new FolderInUseError(path.resolve(dataDir), lock);
      clearStale(file, found);
    }
    throw new Error(`Could not lock the embedded database in ${path.resolve(dataDir)}`);
  } finally {
    rmSync(candidate, { force: true });
  }
}

/**
 * Removes a dead process's lock, and only that one: it is moved aside first (one rename wins),
 * and put back if another process had claimed the folder in the meantime.
 */
function clearStale(file: string, stale: string) {
  const aside = `${file}.stale.${process.pid}.${randomBytes(4).toString('hex')}`;
  try {
    renameSync(file, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  try {
    if (readFileSync(aside, 'utf8') !== stale) linkSync(aside, file);
  } catch {
    // A third process claimed it meanwhile: the next round reads its lock.
  } finally {
    rmSync(aside, { force: true });
  }
}

/** Removes the lock if it is still this process's own. */
function release(key: string) {
  const content = held.get(key);
  if (content === undefined) return;
  held.delete(key);
  if (readLock(key) === content) rmSync(key, { force: true });
}

let exitHook = false;

/** A process that ends without closing its database (process.exit on a start-up error) frees it. */
function ensureReleasedOnExit() {
  if (exitHook) return;
  exitHook = true;
  process.on('exit', () => {
    for (const key of [...held.keys()]) {
      try {
        release(key);
      } catch {
        // Exiting anyway; the next process takes a dead process's lock over.
      }
    }
  });
}
