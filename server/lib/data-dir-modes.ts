import fs from 'node:fs';
import { chmod, lstat, readdir } from 'node:fs/promises';
import path from 'node:path';

/** The permission bits of the group and of others. */
const OTHERS = 0o077;

/**
 * Everything the service writes (the embedded database and its WAL, generated secrets, local
 * objects) is readable by the service's own user only: new files 0600, folders 0700.
 */
export function restrictNewFiles(): void {
  process.umask(OTHERS);
  // The umask covers open() and mkdir(), not chmod(): PGlite's file system layer (Emscripten's
  // NODEFS) chmods every file it creates to 0666. This process never grants group or other
  // access, so its chmod calls keep the umask too.
  for (const name of ['chmodSync', 'fchmodSync', 'lchmodSync'] as const) {
    const original = fs[name] as ((target: never, mode: fs.Mode) => void) | undefined;
    if (!original || (original as { masked?: boolean }).masked) continue;
    const masked = (target: never, mode: fs.Mode) =>
      original(target, typeof mode === 'number' ? mode & ~OTHERS : mode);
    Object.assign(masked, { masked: true });
    (fs as Record<string, unknown>)[name] = masked;
  }
}

/**
 * Takes group and other permissions off DATA_DIR and everything in it that an earlier version
 * (or a copy) left open. Resolves to the number of entries changed; symlinks are left alone.
 */
export async function secureDataDir(dir: string): Promise<number> {
  let changed = 0;
  const visit = async (entry: string): Promise<void> => {
    const stat = await lstat(entry).catch(() => undefined);
    if (!stat || stat.isSymbolicLink()) return;
    if (stat.mode & 0o077) {
      await chmod(entry, stat.isDirectory() ? 0o700 : stat.mode & 0o700);
      changed++;
    }
    if (stat.isDirectory()) {
      for (const name of await readdir(entry).catch(() => [])) {
        await visit(path.join(entry, name));
      }
    }
  };
  await visit(dir);
  return changed;
}
