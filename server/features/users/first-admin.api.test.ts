import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { openTestDatabase } from '../../test/database.ts';
import { ensureFirstAdmin } from './first-admin.ts';

/** Collects what ensureFirstAdmin logs, to check the one-time password line. */
function recordingLog() {
  const lines: string[] = [];
  const log = {
    info: (..._args: unknown[]) => {},
    warn: (...args: unknown[]) => lines.push(String(args.at(-1))),
  };
  return { lines, log: log as unknown as Parameters<typeof ensureFirstAdmin>[0]['log'] };
}

let database: Database;
beforeEach(async () => {
  database = await openTestDatabase();
});
afterEach(() => database.close());

const admins = () => database.db.select().from(users).where(eq(users.role, 'admin'));

describe('ensureFirstAdmin', () => {
  it('creates the configured administrator once', async () => {
    const { log } = recordingLog();
    const configured = { username: 'ops', password: 'a long password' };
    await ensureFirstAdmin({ db: database.db, log }, configured);
    await ensureFirstAdmin({ db: database.db, log }, configured);
    const rows = await admins();
    expect(rows.map((r) => r.username)).toEqual(['ops']);
    expect(rows[0]?.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it('creates "admin" with a random password printed once when none is configured', async () => {
    const { lines, log } = recordingLog();
    await ensureFirstAdmin({ db: database.db, log }, undefined);
    await ensureFirstAdmin({ db: database.db, log }, undefined);
    expect((await admins()).map((r) => r.username)).toEqual(['admin']);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/created administrator "admin" with password \S{12,}/);
  });
});
