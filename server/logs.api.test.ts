import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { logRedaction } from './lib/log-redaction.ts';
import { openTestDatabase } from './test/database.ts';

/** A log destination the test reads: one parsed object per line. */
function capture() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, callback) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      callback();
    },
  });
  return { lines, stream };
}

describe('what the logs keep out', () => {
  it("never writes a failed query's parameters or the database's echo of them", () => {
    const { lines, stream } = capture();
    const log = pino({ level: 'info', ...logRedaction }, stream);
    const cause = Object.assign(new Error('duplicate key value violates unique constraint'), {
      detail: 'Key (email)=(dana@example.com) already exists.',
    });
    const error = new DrizzleQueryError(
      'insert into "connections" ("name", "email", "utility_password_sealed") values ($1, $2, $3)',
      ['Dana Customer', 'dana@example.com', 'v1.abc.def.ghi'],
      cause,
    );
    log.error({ err: error, customer: { email: 'dana@example.com', phone: '555-0100' } }, 'failed');
    const text = JSON.stringify(lines);
    for (const secret of ['dana@example.com', 'Dana Customer', 'v1.abc.def.ghi', '555-0100']) {
      expect(text).not.toContain(secret);
    }
    expect(text).toContain('insert into \\"connections\\"');
    expect(text).toContain('duplicate key value');
  });

  it('logs a flood of refused sign-ins once a minute, not once per request', async () => {
    const { lines, stream } = capture();
    const database = await openTestDatabase();
    const config = loadConfig(
      {
        NODE_ENV: 'test',
        LOG_LEVEL: 'info',
        AUTH_RATE_LIMIT: '3',
        DATA_DIR: mkdtempSync(path.join(tmpdir(), 'ur-log-')),
      },
      { clientDir: undefined },
    );
    const app = await buildApp({ config, database, jobMode: 'inline', logStream: stream });
    await app.databaseReady;
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 60; i++) {
        const res = await app.inject({
          method: 'POST',
          url: '/api/login',
          payload: { username: 'someone', password: 'wrong-password' },
        });
        statuses.push(res.statusCode);
      }
      // Five wrong passwords are answered; the rest are refused by the throttle.
      expect(statuses.filter((s) => s === 429).length).toBe(55);
      const requestLines = lines.filter((l) => (l.res as { statusCode?: number })?.statusCode);
      expect(
        requestLines.filter((l) => (l.res as { statusCode: number }).statusCode === 429),
      ).toHaveLength(1);
      expect(requestLines).toHaveLength(6);
      expect(JSON.stringify(lines)).not.toContain('wrong-password');
    } finally {
      await app.close();
      await database.close();
    }
  });
});
