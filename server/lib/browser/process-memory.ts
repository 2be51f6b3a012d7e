import { readdirSync, readFileSync } from 'node:fs';

/** Resident set, and proportional set (shared pages split between the processes that share them). */
export type ChromiumProcess = { pid: number; ppid: number; rssKb: number; pssKb: number };

/**
 * Chromium processes started by this process (the browser and its renderers, zygotes and
 * utilities), read from /proc. Empty where /proc does not exist.
 */
export function chromiumProcesses(root = process.pid): ChromiumProcess[] {
  let pids: number[];
  try {
    pids = readdirSync('/proc')
      .filter((n) => /^\d+$/.test(n))
      .map(Number);
  } catch {
    return [];
  }
  const children = new Map<number, { pid: number; comm: string }[]>();
  for (const pid of pids) {
    const stat = read(`/proc/${pid}/stat`);
    // pid (comm) state ppid ...; comm may hold spaces and parentheses.
    const match = stat && /^\d+ \((.*)\) \S+ (\d+)/s.exec(stat);
    if (!match) continue;
    const ppid = Number(match[2]);
    const list = children.get(ppid) ?? [];
    list.push({ pid, comm: match[1] ?? '' });
    children.set(ppid, list);
  }
  const found: ChromiumProcess[] = [];
  const walk = (ppid: number) => {
    for (const child of children.get(ppid) ?? []) {
      if (/chrom/i.test(child.comm)) {
        const rss = /VmRSS:\s+(\d+) kB/.exec(read(`/proc/${child.pid}/status`) ?? '');
        const pss = /Pss:\s+(\d+) kB/.exec(read(`/proc/${child.pid}/smaps_rollup`) ?? '');
        found.push({
          pid: child.pid,
          ppid,
          rssKb: Number(rss?.[1] ?? 0),
          pssKb: Number(pss?.[1] ?? 0),
        });
      }
      walk(child.pid);
    }
  };
  walk(root);
  return found;
}

/** Memory of all of this process's Chromium processes, in MiB: RSS summed, and PSS summed. */
export function chromiumMemoryMb(root = process.pid): { rss: number; pss: number } {
  const all = chromiumProcesses(root);
  const sum = (key: 'rssKb' | 'pssKb') => all.reduce((total, p) => total + p[key], 0) / 1024;
  return { rss: sum('rssKb'), pss: sum('pssKb') };
}

function read(file: string): string | null {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}
