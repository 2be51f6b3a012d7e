import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Database, Db } from '../../db/client.ts';
import { auditLog } from '../../db/schema.ts';
import { openTestDatabase } from '../../test/database.ts';
import { JobQueue } from './queue.ts';
import { defineJob, type WithJobLog } from './types.ts';

type TestServices = { db: Db };

const recordJob = defineJob({
  name: 'test-record',
  payload: z.object({ marker: z.string() }),
  async handler({ marker }, { db }: WithJobLog<TestServices>) {
    await db.insert(auditLog).values({ action: 'test.job', entityType: 'test', entityId: marker });
  },
});

/** Fails until its last try, recording which try each run was told it is. */
const retriedJob = defineJob({
  name: 'test-retried',
  payload: z.object({ marker: z.string() }),
  retry: { limit: 1, delaySeconds: 0, backoff: false },
  async handler({ marker }, { db }: WithJobLog<TestServices>, attempt) {
    const action = `test.try.${attempt.retryCount}.${attempt.final ? 'final' : 'more'}`;
    await db.insert(auditLog).values({ action, entityType: 'test', entityId: marker });
    if (!attempt.final) throw new Error('not yet');
  },
});

/** Taken ten at a time; a marker starting with "fail" fails its first try. */
const batchedJob = defineJob({
  name: 'test-batched',
  payload: z.object({ marker: z.string() }),
  retry: { limit: 1, delaySeconds: 0, backoff: false },
  batchSize: 10,
  async handler({ marker }, { db }: WithJobLog<TestServices>, attempt) {
    const action = `test.batched.${attempt.retryCount}`;
    await db.insert(auditLog).values({ action, entityType: 'test', entityId: marker });
    if (marker.startsWith('fail') && !attempt.final) throw new Error('not yet');
  },
});

let database: Database;
let queue: JobQueue<TestServices>;
beforeAll(async () => {
  database = await openTestDatabase();
  queue = new JobQueue<TestServices>(
    database,
    [recordJob, retriedJob, batchedJob],
    pino({ level: 'silent' }),
  );
  queue.provide({ db: database.db });
  await queue.start({ work: true });
});
afterAll(async () => {
  await queue.stop();
  await database.close();
});

async function waitFor<T>(probe: () => Promise<T | undefined>, ms = 20_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('JobQueue', () => {
  it('runs an enqueued job in a worker on the same database', async () => {
    const id = await queue.enqueue(recordJob, { marker: 'queued-1' });
    expect(id).toBeTruthy();
    const row = await waitFor(async () => {
      const [r] = await database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.entityId, 'queued-1'));
      return r;
    });
    expect(row.action).toBe('test.job');
  });

  it("tells a worker's handler which try it is and whether another follows", async () => {
    await queue.enqueue(retriedJob, { marker: 'retried-1' });
    const tries = await waitFor(async () => {
      const rows = await database.db
        .select({ action: auditLog.action })
        .from(auditLog)
        .where(eq(auditLog.entityId, 'retried-1'));
      return rows.length >= 2 ? rows.map((r) => r.action).sort() : undefined;
    });
    expect(tries).toEqual(['test.try.0.more', 'test.try.1.final']);
  });

  it('takes a burst in one poll, and fails and retries a job of the batch on its own', async () => {
    const markers = ['batch-a', 'batch-b', 'fail-batch-c', 'batch-d', 'batch-e', 'batch-f'];
    // A burst queued in one statement (a webhook fan-out) wakes the worker once.
    await queue.enqueueMany(
      batchedJob,
      markers.map((marker) => ({ marker })),
    );
    const runs = await waitFor(async () => {
      const rows = await database.db
        .select({ action: auditLog.action, marker: auditLog.entityId })
        .from(auditLog)
        .where(eq(auditLog.entityType, 'test'));
      const mine = rows.filter((r) => markers.includes(r.marker ?? ''));
      return mine.length >= markers.length + 1 ? mine : undefined;
    });
    // Five jobs done on their first try, the failing one on its second: nobody else re-ran.
    const tries = (marker: string) => runs.filter((r) => r.marker === marker).map((r) => r.action);
    for (const marker of markers.filter((m) => !m.startsWith('fail'))) {
      expect(tries(marker)).toEqual(['test.batched.0']);
    }
    expect(tries('fail-batch-c').sort()).toEqual(['test.batched.0', 'test.batched.1']);
    // Taken in one poll: one fetch started them all at the same instant.
    const fetched = await database.executeSql(
      "select distinct started_on from pgboss.job where name = 'test-batched' and data->>'marker' = any($1)",
      [markers.filter((m) => !m.startsWith('fail'))],
    );
    expect(fetched.rows).toHaveLength(1);
  }, 30_000);

  it('wakes the worker when a job is queued, here or in another process, instead of waiting for the next poll', async () => {
    // The worker polls every 5 s: a job picked up much faster than that was woken by its insert.
    const ranWithin = async (enqueue: () => Promise<unknown>, marker: string) => {
      await new Promise((r) => setTimeout(r, 200));
      const started = Date.now();
      await enqueue();
      await waitFor(async () => {
        const [r] = await database.db.select().from(auditLog).where(eq(auditLog.entityId, marker));
        return r;
      });
      return Date.now() - started;
    };
    expect(
      await ranWithin(() => queue.enqueue(recordJob, { marker: 'woken-here' }), 'woken-here'),
    ).toBeLessThan(1000);
    if (database.kind !== 'postgres') return;
    // Another process (an app without workers) queues: its NOTIFY reaches this worker.
    const other = new JobQueue<TestServices>(database, [recordJob], pino({ level: 'silent' }));
    await other.start({ work: false });
    try {
      expect(
        await ranWithin(() => other.enqueue(recordJob, { marker: 'woken-there' }), 'woken-there'),
      ).toBeLessThan(1000);
    } finally {
      await other.stop();
    }
  });

  it('wakes other processes once for a burst of jobs, and every job of it runs', async () => {
    if (database.kind !== 'postgres') return;
    // Each NOTIFY wakes every worker process, whose loops then all fetch: a burst of twenty
    // jobs from an app without workers sends a few wake-ups, the last after the last job.
    const heard: string[] = [];
    const unlisten = await database.listen('job_queued', (name) => heard.push(name));
    const other = new JobQueue<TestServices>(database, [recordJob], pino({ level: 'silent' }));
    await other.start({ work: false });
    const markers = Array.from({ length: 20 }, (_, i) => `burst-${i}`);
    try {
      await Promise.all(markers.map((marker) => other.enqueue(recordJob, { marker })));
      const ran = await waitFor(async () => {
        const rows = await database.executeSql(
          "select count(*)::int as n from audit_log where entity_type = 'test' and entity_id like 'burst-%'",
        );
        const n = (rows.rows[0] as { n: number }).n;
        return n >= markers.length ? n : undefined;
      }, 4_000);
      expect(ran).toBe(markers.length);
    } finally {
      await other.stop();
      await unlisten();
    }
    expect(heard.length).toBeGreaterThanOrEqual(1);
    expect(heard.length).toBeLessThanOrEqual(5);
    expect(new Set(heard)).toEqual(new Set(['test-record']));
  });

  it('refuses a payload that does not match the job schema', async () => {
    await expect(queue.enqueue(recordJob, { marker: 42 } as never)).rejects.toThrow();
  });
});

describe('the job registry', () => {
  it('refuses to enqueue a job no worker would run', async () => {
    const stray = defineJob({
      name: 'not-registered',
      payload: z.object({}),
      handler: async () => {},
    });
    await expect(queue.enqueue(stray, {})).rejects.toThrow(/not in the job registry/);
  });
});
