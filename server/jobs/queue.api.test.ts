import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loadConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import { auditLog, sessions } from '../db/schema.ts';
import { sessionCleanupJob } from '../features/auth/jobs.ts';
import { openTestDatabase } from '../test/database.ts';
import { createUser } from '../test/factories.ts';
import type { JobQueue } from './queue.ts';
import { createServices } from './services.ts';
import { defineJob } from './types.ts';

const recordJob = defineJob({
  name: 'test-record',
  payload: z.object({ marker: z.string() }),
  async handler({ marker }, { db }) {
    await db.insert(auditLog).values({ action: 'test.job', entityType: 'test', entityId: marker });
  },
});

/** Fails until its last try, recording which try each run was told it is. */
const retriedJob = defineJob({
  name: 'test-retried',
  payload: z.object({ marker: z.string() }),
  retry: { limit: 1, delaySeconds: 0, backoff: false },
  async handler({ marker }, { db }, attempt) {
    const action = `test.try.${attempt.retryCount}.${attempt.final ? 'final' : 'more'}`;
    await db.insert(auditLog).values({ action, entityType: 'test', entityId: marker });
    if (!attempt.final) throw new Error('not yet');
  },
});

let database: Database;
let queue: JobQueue;
beforeAll(async () => {
  database = await openTestDatabase();
  const config = loadConfig({ SESSION_SECRET: 'x'.repeat(32), DATA_DIR: '/tmp' });
  queue = createServices({
    database,
    config,
    log: pino({ level: 'silent' }),
    jobs: [recordJob, retriedJob, sessionCleanupJob as never],
  }).queue;
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

  it('refuses a payload that does not match the job schema', async () => {
    await expect(queue.enqueue(recordJob, { marker: 42 } as never)).rejects.toThrow();
  });

  it('deletes only expired sessions', async () => {
    const user = await createUser(database.db);
    const past = new Date(Date.now() - 1000);
    const future = new Date(Date.now() + 60_000);
    await database.db.insert(sessions).values([
      { id: `expired-${user.id}`, userId: user.id, expiresAt: past },
      { id: `live-${user.id}`, userId: user.id, expiresAt: future },
    ]);
    await queue.run(sessionCleanupJob as never, {});
    const left = await database.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(left.map((s) => s.id)).toEqual([`live-${user.id}`]);
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
