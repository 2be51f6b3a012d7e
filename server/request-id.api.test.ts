import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import type { Database } from './db/client.ts';
import { JOB_QUEUE_SCHEMA } from './db/client.ts';
import { verifyConnectionCredentialsJob } from './features/automation/jobs.ts';
import { mailSendJob } from './lib/mail/index.ts';
import { createProvider, submission } from './test/connections.ts';
import { openTestDatabase } from './test/database.ts';
import { signedIn } from './test/factories.ts';

type Line = Record<string, unknown>;

/** A log destination the test reads: one parsed object per line. */
function capture() {
  const lines: Line[] = [];
  const stream = new Writable({
    write(chunk, _encoding, callback) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      callback();
    },
  });
  return { lines, stream };
}

const { lines, stream } = capture();
let database: Database;
let app: FastifyInstance;

// The real job queue, so that a job travels through pg-boss's table as it does to a worker.
beforeAll(async () => {
  database = await openTestDatabase();
  const config = loadConfig(
    {
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'ur-reqid-')),
      SESSION_SECRET: 'test-secret-test-secret-test-secret-00',
      FORM_RATE_LIMIT: '1000',
    },
    { clientDir: undefined },
  );
  app = await buildApp({ config, database, jobMode: 'queue', logStream: stream });
  await app.databaseReady;
  await app.services.queue.start({ work: false });
}, 60_000);
afterAll(async () => {
  await app?.close();
  await database?.close();
});

describe('request ids', () => {
  it("answers with the caller's sane X-Request-Id, and makes one up for any other", async () => {
    const given = await app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'lb-7f3a.42:x' },
    });
    expect(given.headers['x-request-id']).toBe('lb-7f3a.42:x');
    for (const bad of ['has space', 'a'.repeat(65), '{"level":60}', '']) {
      const res = await app.inject({
        method: 'GET',
        url: '/api/health',
        headers: { 'x-request-id': bad },
      });
      expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
    const none = await app.inject({ method: 'GET', url: '/api/health' });
    expect(none.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(none.headers['x-request-id']).not.toBe(
      (await app.inject({ method: 'GET', url: '/api/health' })).headers['x-request-id'],
    );
    const line = lines.find((l) => l.msg === 'request completed' && l.reqId === 'lb-7f3a.42:x');
    expect(line).toBeDefined();
  });

  it("carries a request's id into the jobs it queued and the worker's lines for them", async () => {
    const provider = await createProvider(database.db);
    const owner = await signedIn(app, database.db);
    const res = await app.inject({
      method: 'POST',
      url: `/api/form/${owner.user.uniqueFormUrl}`,
      payload: submission(provider.id),
      headers: { 'x-request-id': 'form-submit-0001' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.headers['x-request-id']).toBe('form-submit-0001');
    expect(
      lines.find((l) => l.msg === 'request completed' && l.reqId === 'form-submit-0001'),
    ).toBeDefined();

    // The submission queued the credential check carrying the id (without SMTP its two notices
    // are kept as they are written: no job).
    const { rows } = await database.executeSql(
      `select name, data from ${JOB_QUEUE_SCHEMA}.job where data->>'_requestId' = $1`,
      ['form-submit-0001'],
    );
    const queued = rows as { name: string; data: Record<string, unknown> }[];
    expect(queued.map((j) => j.name)).toEqual(['verify-connection-credentials']);

    // A worker takes it as pg-boss hands it over: its lines carry the request's id.
    const [check] = queued;
    if (!check) throw new Error('no credential check job');
    await app.services.queue.run(verifyConnectionCredentialsJob, check.data);
    const jobLine = lines.find(
      (l) => l.job === 'verify-connection-credentials' && l.msg === 'job done',
    );
    expect(jobLine?.reqId).toBe('form-submit-0001');
  });

  it('queues jobs without an id outside a request', async () => {
    await app.services.queue.enqueue(mailSendJob, { messageId: 424_242 });
    const { rows } = await database.executeSql(
      `select data from ${JOB_QUEUE_SCHEMA}.job where name = 'mail-send' and (data->>'messageId')::int = 424242`,
    );
    expect(rows).toEqual([{ data: { messageId: 424_242 } }]);
  });
});
