import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as schema from './schema.ts';

/**
 * Who may write each table: only its owner inserts, updates or deletes rows, so each table's
 * rules (audit lines, events, locks) live in one place and cannot be skipped by a second writer;
 * every other feature asks the owner's service. Reading across features is allowed.
 * A new table must be given an owner here before anything can write it.
 */
const OWNERS: Record<string, string> = {
  users: 'server/features/users/',
  sessions: 'server/features/auth/',
  api_keys: 'server/features/auth/',
  password_tokens: 'server/features/users/',
  providers: 'server/features/providers/',
  connections: 'server/features/connections/',
  connection_files: 'server/features/connections/',
  interval_series: 'server/features/intervals/',
  gas_series: 'server/features/intervals/',
  webhook_endpoints: 'server/features/webhooks/',
  webhook_deliveries: 'server/features/webhooks/',
  usage_records: 'server/features/billing/',
  billing_profiles: 'server/features/billing/',
  stripe_events: 'server/features/billing/',
  reports: 'server/features/reports/',
  audit_log: 'server/lib/audit.ts',
  outbox: 'server/lib/mail/',
  credential_data_keys: 'server/lib/vault-keys.ts',
  login_failures: 'server/features/auth/',
  mfa_challenges: 'server/features/automation/',
  credential_checks: 'server/features/automation/',
  credential_fix_links: 'server/features/automation/',
  attention_alerts: 'server/features/attention/',
  user_notices: 'server/features/notifications/',
  notice_settings: 'server/features/notifications/',
  tariffs: 'server/features/tariffs/',
  portal_attempts: 'server/features/automation/',
  rate_limits: 'server/lib/rate-limits.ts',
};

/** The schema's tables by the name the code uses for them (`connectionFiles`) and in SQL. */
const tables = Object.entries(schema)
  .filter(([, value]) => is(value, PgTable))
  .map(([variable, table]) => ({ variable, sqlName: getTableName(table as PgTable) }));

type Write = { file: string; table: string; how: string };

/** Every write to a table in a source text: Drizzle's insert/update/delete, and raw SQL. */
function writesIn(file: string, source: string): Write[] {
  const found: Write[] = [];
  for (const { variable, sqlName } of tables) {
    const drizzle = new RegExp(
      `\\.(insert|update|delete)\\(\\s*(?:schema\\.)?${variable}\\s*\\)`,
      'g',
    );
    for (const match of source.matchAll(drizzle)) {
      found.push({ file, table: sqlName, how: match[0] });
    }
    // Raw SQL names the table itself or interpolates Drizzle's (`update ${connections} set`).
    const raw = new RegExp(
      `\\b(insert\\s+into|update|delete\\s+from)\\s+(?:"?${sqlName}\\b|\\$\\{\\s*(?:schema\\.)?${variable}\\s*\\})`,
      'gi',
    );
    for (const match of source.matchAll(raw)) found.push({ file, table: sqlName, how: match[0] });
  }
  return found;
}

/** Application code: everything under server/ but tests, test helpers and migrations. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      return ['test', 'testing', 'migrations'].includes(entry.name) ? [] : sourceFiles(full);
    }
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

const violations = (writes: Write[]) =>
  writes.filter((w) => !w.file.startsWith(OWNERS[w.table] ?? '\0'));

describe('table ownership', () => {
  it('gives every table in the schema an owner', () => {
    expect(tables.length).toBeGreaterThan(5);
    expect(tables.map((t) => t.sqlName).filter((name) => !OWNERS[name])).toEqual([]);
  });

  it('finds a write to a table outside its owner', () => {
    const stray = `await db.update(connections).set({ status: 'complete' });
      await tx.insert(auditLog).values(row);
      await db.execute(sql\`delete from connection_files where id = \${id}\`);
      const part = sql\`update \${usageRecords} set status = 'billed'\`;`;
    expect(violations(writesIn('server/features/intervals/service.ts', stray))).toEqual([
      {
        file: 'server/features/intervals/service.ts',
        table: 'connections',
        how: '.update(connections)',
      },
      {
        file: 'server/features/intervals/service.ts',
        table: 'connection_files',
        how: 'delete from connection_files',
      },
      {
        file: 'server/features/intervals/service.ts',
        table: 'usage_records',
        how: `update \${usageRecords}`,
      },
      {
        file: 'server/features/intervals/service.ts',
        table: 'audit_log',
        how: '.insert(auditLog)',
      },
    ]);
    expect(violations(writesIn('server/features/connections/files.ts', stray))).toHaveLength(2);
  });

  it('has no write to any table outside its owner in server/', () => {
    const root = path.resolve(import.meta.dirname, '..', '..');
    const writes = sourceFiles(path.join(root, 'server')).flatMap((full) =>
      writesIn(path.relative(root, full).split(path.sep).join('/'), readFileSync(full, 'utf8')),
    );
    // The scan sees the real writes (so a broken pattern cannot pass by finding nothing).
    expect(writes.some((w) => w.table === 'connections')).toBe(true);
    expect(violations(writes)).toEqual([]);
  });
});
