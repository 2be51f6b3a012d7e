import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { FolderInUseError, lockFolder } from './folder-lock.ts';

const APP = { name: 'npm start', app: true };
const children: ChildProcess[] = [];
const releases: (() => void)[] = [];

afterEach(() => {
  for (const release of releases.splice(0)) release();
  for (const child of children.splice(0)) child.kill('SIGKILL');
});

const newFolder = () => mkdtempSync(path.join(tmpdir(), 'ur-lock-'));
const lockFile = (dir: string) => path.join(dir, 'process.lock');
const lockOf = (dir: string) => JSON.parse(readFileSync(lockFile(dir), 'utf8'));
const claim = (dir: string, holder = APP) => {
  const release = lockFolder(dir, holder);
  releases.push(release);
  return release;
};

/** A process that is certainly gone: started, and waited for. */
const deadPid = () => {
  const { pid } = spawnSync(process.execPath, ['-e', '0']);
  if (!pid) throw new Error('no pid');
  return pid;
};

/** A live process that is not this one. */
const livePid = () => {
  const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
  children.push(child);
  if (!child.pid) throw new Error('no pid');
  return child.pid;
};

const refusal = (fn: () => unknown): FolderInUseError => {
  try {
    fn();
  } catch (error) {
    if (error instanceof FolderInUseError) return error;
    throw error;
  }
  throw new Error('not refused');
};

describe('the embedded database folder lock', () => {
  it('holds the pid and who started it, refuses a second claim, and is gone once released', () => {
    const dir = newFolder();
    const release = claim(dir);
    expect(lockOf(dir)).toMatchObject({ pid: process.pid, name: 'npm start', app: true });

    const error = refusal(() => lockFolder(dir, { name: 'npm run db:seed', app: false }));
    expect(error.message).toBe(
      `The app is running (npm start, pid ${process.pid}) and holds the embedded database in ${dir}; only one process at a time can open it: stop the app first, or give this process another DATA_DIR.`,
    );
    // Nothing is left behind by the refused claim, and the holder's lock is untouched.
    expect(readdirSync(dir)).toEqual(['process.lock']);
    expect(lockOf(dir).name).toBe('npm start');

    release();
    expect(existsSync(lockFile(dir))).toBe(false);
    claim(dir, { name: 'npm run db:seed', app: false });
    expect(lockOf(dir).name).toBe('npm run db:seed');
  });

  it("refuses while another live process holds it, naming that process's pid", () => {
    const dir = newFolder();
    const pid = livePid();
    writeFileSync(
      lockFile(dir),
      JSON.stringify({ pid, name: 'npm run db:migrate', app: false, startedAt: null }),
    );
    const error = refusal(() => lockFolder(dir, APP));
    expect(error.holder).toMatchObject({ pid, name: 'npm run db:migrate', app: false });
    expect(error.message).toBe(
      `Another process is running (npm run db:migrate, pid ${pid}) and holds the embedded database in ${dir}; only one process at a time can open it: wait for it to end, then try again.`,
    );
    expect(lockOf(dir).pid).toBe(pid);
  });

  it('takes over the lock of a process that died without removing it', () => {
    const dir = newFolder();
    writeFileSync(
      lockFile(dir),
      JSON.stringify({ pid: deadPid(), name: 'npm start', app: true, startedAt: null }),
    );
    claim(dir);
    expect(lockOf(dir).pid).toBe(process.pid);
    expect(readdirSync(dir)).toEqual(['process.lock']);
  });

  it('takes over a lock whose pid now belongs to this process or to another one (a restarted container)', () => {
    const mine = newFolder();
    writeFileSync(
      lockFile(mine),
      JSON.stringify({ pid: process.pid, name: 'npm start', app: true, startedAt: '1' }),
    );
    claim(mine);
    expect(lockOf(mine).startedAt).not.toBe('1');

    // Where the kernel tells when a process started, a pid reused by another process is told apart.
    if (!existsSync('/proc/self/stat')) return;
    const other = newFolder();
    writeFileSync(
      lockFile(other),
      JSON.stringify({ pid: livePid(), name: 'npm start', app: true, startedAt: '1' }),
    );
    claim(other);
    expect(lockOf(other).pid).toBe(process.pid);
  });

  it('takes over a lock that names no process', () => {
    const dir = newFolder();
    writeFileSync(lockFile(dir), 'not a lock');
    claim(dir);
    expect(lockOf(dir).pid).toBe(process.pid);
  });
});
