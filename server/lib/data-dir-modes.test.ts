import { chmodSync, mkdirSync, mkdtempSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { secureDataDir } from './data-dir-modes.ts';

const mode = (p: string) => statSync(p).mode & 0o777;

describe('DATA_DIR permissions', () => {
  it('takes group and other access off every folder and file, and leaves private ones be', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'ur-modes-'));
    mkdirSync(path.join(dir, 'db', 'pg_wal'), { recursive: true });
    writeFileSync(path.join(dir, 'db', 'pg_wal', '000000010000000000000001'), 'wal');
    writeFileSync(path.join(dir, 'credentials-key'), 'k');
    chmodSync(path.join(dir, 'db', 'pg_wal', '000000010000000000000001'), 0o666);
    chmodSync(path.join(dir, 'db', 'pg_wal'), 0o777);
    chmodSync(path.join(dir, 'db'), 0o755);
    chmodSync(path.join(dir, 'credentials-key'), 0o600);
    chmodSync(dir, 0o755);

    expect(await secureDataDir(dir)).toBe(4);
    expect(mode(dir)).toBe(0o700);
    expect(mode(path.join(dir, 'db'))).toBe(0o700);
    expect(mode(path.join(dir, 'db', 'pg_wal'))).toBe(0o700);
    expect(mode(path.join(dir, 'db', 'pg_wal', '000000010000000000000001'))).toBe(0o600);
    expect(mode(path.join(dir, 'credentials-key'))).toBe(0o600);
    expect(await secureDataDir(dir)).toBe(0);
  });
});
