import { readdirSync, readFileSync } from 'node:fs';

export type ChromiumProcess = { pid: number; ppid: number; rssKb: number };

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
        found.push({ pid: child.pid, ppid, rssKb: Number(rss?.[1] ?? 0) });
      }
      walk(child.pid);
    }
  };
  walk(root);
  return found;
}

/** Resident memory of all of this process's Chromium processes, in MiB. */
export function chromiumRssMb(root = process.pid): number {
  return chromiumProcesses(root).reduce((sum, p) => sum + p.rssKb, 0) / 1024;
}

function read(file: string): string | null {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}
