import PgBoss from 'pg-boss';
import { describe, expect, it } from 'vitest';
import { pgBossDb } from './queue.ts';

// pg-boss's polling loop records a job's end (complete or fail) without waiting for it: an
// error of that statement would reach the process unhandled. These run pg-boss's own calls on a
// database that drops the connection.

const JOB_ID = '00000000-0000-4000-8000-000000000001';
const dropped = () =>
  Object.assign(new Error('terminating connection due to administrator command'), {
    code: '57P01',
  });

/** A database that fails the first `failures` statements with `error`, then answers. */
function flakyDatabase(failures: number, error: () => Error) {
  const sent: string[] = [];
  return {
    sent,
    executeSql: async (text: string) => {
      sent.push(text);
      if (sent.length <= failures) throw error();
      return { rows: [{ count: '1', id: JOB_ID }] };
    },
  };
}

function bossOn(database: ReturnType<typeof flakyDatabase>) {
  const warnings: string[] = [];
  const log = { warn: (_obj: object, msg: string) => warnings.push(msg) };
  const boss = new PgBoss({ db: pgBossDb(database, log, 0), schema: 'pgboss' });
  return { boss, warnings };
}

describe("pg-boss's statements on a dropped connection", () => {
  it('sends a job end again once on a new connection', async () => {
    const database = flakyDatabase(1, dropped);
    const { boss, warnings } = bossOn(database);
    await expect(boss.complete('a-queue', JOB_ID)).resolves.toMatchObject({ affected: 1 });
    await expect(boss.fail('a-queue', JOB_ID, { message: 'x' })).resolves.toMatchObject({
      affected: 1,
    });
    expect(database.sent).toHaveLength(3);
    expect(warnings).toEqual([]);
  });

  it('leaves the job to expire when the database is still away: no error reaches the process', async () => {
    const database = flakyDatabase(4, dropped);
    const { boss, warnings } = bossOn(database);
    await expect(boss.complete('a-queue', JOB_ID)).resolves.toMatchObject({ affected: 0 });
    await expect(boss.fail('a-queue', JOB_ID, { message: 'x' })).resolves.toMatchObject({
      affected: 0,
    });
    expect(database.sent).toHaveLength(4);
    expect(warnings).toHaveLength(2);
  });

  it('leaves the job to expire when the database refuses its end: no error reaches the process', async () => {
    const database = flakyDatabase(1, () => Object.assign(new Error('syntax'), { code: '42601' }));
    const { boss, warnings } = bossOn(database);
    await expect(boss.complete('a-queue', JOB_ID)).resolves.toMatchObject({ affected: 0 });
    expect(database.sent).toHaveLength(1);
    expect(warnings).toEqual(['job queue: a job could not be marked as ended']);
  });

  it("stores a failed job's error that quotes NUL characters, which PostgreSQL refuses", async () => {
    const values: unknown[][] = [];
    const database = {
      executeSql: async (_text: string, given?: unknown[]) => {
        values.push(given ?? []);
        return { rows: [{ count: '1', id: JOB_ID }] };
      },
    };
    const boss = new PgBoss({
      db: pgBossDb(database, { warn: () => {} }, 0),
      schema: 'pgboss',
    });
    await boss.fail('a-queue', JOB_ID, new Error('unexpected header "kWh\u0000\u0000"'));
    const output = values[0]?.[2] as { message: string; stack: string };
    expect(output.message).toBe('unexpected header "kWh\uFFFD\uFFFD"');
    expect(JSON.stringify(output)).not.toContain('\\u0000');
  });

  it('hands every other statement its error: a job that was not queued says so', async () => {
    const database = flakyDatabase(1, dropped);
    const { boss } = bossOn(database);
    await expect(boss.send('a-queue', {})).rejects.toThrow('terminating connection');
    expect(database.sent).toHaveLength(1);
  });
});
