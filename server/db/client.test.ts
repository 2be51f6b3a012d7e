import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './client.ts';
import { holdsDatabase } from './pglite-folder.ts';

describe('the embedded database folder', () => {
  it('is created (in a worker thread without the build archive), migrated, and opened again', async () => {
    const dataDir = path.join(mkdtempSync(path.join(tmpdir(), 'ur-db-')), 'db');
    const first = openDatabase({ dataDir });
    await first.ready;
    expect(holdsDatabase(dataDir)).toBe(true);
    await first.db.execute(sql`insert into providers (name, state) values ('Kept', 'Ohio')`);
    await first.close();

    const again = openDatabase({ dataDir });
    await again.ready;
    const rows = await again.db.execute<{ name: string }>(sql`select name from providers`);
    expect(rows.rows.map((r) => r.name)).toContain('Kept');
    expect(statSync(path.join(dataDir, 'PG_VERSION')).isFile()).toBe(true);
    await again.close();
  });
});
