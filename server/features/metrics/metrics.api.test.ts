import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { mailSendJob } from '../../lib/mail/index.ts';
import { createTestApp } from '../../test/app.ts';
import { createProvider, loginAccepted, submission, submitForm } from '../../test/connections.ts';
import { signedIn } from '../../test/factories.ts';
import { type SmtpPeer, startSmtpPeer } from '../../test/smtp-peer.ts';

const TOKEN = 'metrics-token-0123456789abcdef';

let smtp: SmtpPeer;
let database: Database;
let app: FastifyInstance;

// The real job queue (not run in-process), so that queued jobs wait in pg-boss's table.
beforeAll(async () => {
  smtp = await startSmtpPeer();
  const { openTestDatabase } = await import('../../test/database.ts');
  database = await openTestDatabase();
  const config = loadConfig(
    {
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'ur-metrics-')),
      SESSION_SECRET: 'test-secret-test-secret-test-secret-00',
      AUTH_RATE_LIMIT: '1000',
      FORM_RATE_LIMIT: '1000',
      SMTP_URL: smtp.url,
      METRICS_TOKEN: TOKEN,
    },
    { clientDir: undefined },
  );
  app = await buildApp({ config, database, jobMode: 'queue' });
  await app.databaseReady;
  await app.services.queue.start({ work: false });
}, 60_000);
afterAll(async () => {
  await app?.close();
  await database?.close();
  await smtp?.close();
});

const scrape = async () => {
  const res = await app.inject({
    method: 'GET',
    url: '/metrics',
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain; version=0.0.4/);
  return res.body;
};

/** The value of one sample line (name and labels exactly as written), or undefined. */
const sample = (text: string, series: string) => {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
};

describe('GET /metrics', () => {
  it('does not exist without METRICS_TOKEN', async () => {
    const t = await createTestApp();
    try {
      const res = await t.app.inject({ method: 'GET', url: '/metrics' });
      expect(res.statusCode).toBe(404);
      const withToken = await t.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(withToken.statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });

  it('refuses a missing or wrong token with 401', async () => {
    for (const authorization of [undefined, 'Bearer wrong', `Bearer ${TOKEN}x`, TOKEN]) {
      const res = await app.inject({
        method: 'GET',
        url: '/metrics',
        headers: authorization ? { authorization } : {},
      });
      expect(res.statusCode).toBe(401);
      expect(res.body).not.toContain('utility_reports_');
    }
  });

  it("times requests by their route's pattern, never the address with its ids", async () => {
    await app.inject({ method: 'GET', url: '/api/health' });
    await app.inject({ method: 'GET', url: '/api/connections/12345' });
    const text = await scrape();
    expect(
      sample(
        text,
        'utility_reports_http_request_duration_seconds_count{method="GET",route="/api/health",status_code="200"}',
      ),
    ).toBeGreaterThanOrEqual(1);
    expect(text).toContain(
      'utility_reports_http_request_duration_seconds_bucket{le="0.005",method="GET",route="/api/connections/:id",status_code="401"}',
    );
    // Only the labels: a figure such as the process's memory in bytes may hold the same digits.
    const labels = text.match(/\{[^}]*\}/g) ?? [];
    expect(labels.length).toBeGreaterThan(0);
    expect(labels.filter((l) => l.includes('12345'))).toEqual([]);
    // Node's own figures come with them.
    expect(text).toContain('process_cpu_user_seconds_total');
  });

  it("shows each queue's depth and the age of its oldest waiting job", async () => {
    const before = await scrape();
    // No worker runs in this app: queued jobs wait.
    const waiting = 'utility_reports_job_queue_depth{queue="mail-send",state="waiting"}';
    const already = sample(before, waiting) ?? 0;
    await app.services.queue.enqueue(mailSendJob, { messageId: 999_998 });
    await app.services.queue.enqueue(mailSendJob, { messageId: 999_999 });
    const text = await scrape();
    expect(sample(text, waiting)).toBe(already + 2);
    expect(
      sample(text, 'utility_reports_job_queue_oldest_waiting_seconds{queue="mail-send"}'),
    ).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'utility_reports_job_queue_failed{queue="mail-send"}')).toBe(0);
    // Every registered queue has its line, waiting or not.
    expect(text).toContain('utility_reports_job_queue_depth{queue="reports-build",state="active"}');
  });

  it('counts emails sent, retried and given up', async () => {
    const send = async (attempt: { retryCount: number; final: boolean }) => {
      const messageId = await app.services.mailer.queue({
        kind: 'test_notice',
        to: 'someone@example.com',
        subject: 'A notice',
        text: 'Plain words',
        html: '<p>Plain words</p>',
      });
      await app.services.queue.run(mailSendJob, { messageId }, attempt).catch(() => {});
    };
    await send({ retryCount: 0, final: false });
    smtp.rejectNext(1);
    await send({ retryCount: 0, final: false });
    smtp.rejectNext(1, { code: 550, message: 'No such mailbox' });
    await send({ retryCount: 0, final: false });
    expect(smtp.rejected()).toBe(2);
    const text = await scrape();
    expect(sample(text, 'utility_reports_emails_total{result="sent"}')).toBe(1);
    expect(sample(text, 'utility_reports_emails_total{result="retrying"}')).toBe(1);
    expect(sample(text, 'utility_reports_emails_total{result="failed"}')).toBe(1);
    expect(sample(text, 'utility_reports_job_runs_total{queue="mail-send",result="failed"}')).toBe(
      1,
    );
  });

  it('counts a charge in test mode', async () => {
    const provider = await createProvider(database.db);
    const who = await signedIn(app, database.db);
    const card = await app.inject({
      method: 'POST',
      url: '/api/billing/test-card',
      payload: { plan: 'basic' },
      headers: { cookie: who.cookie },
    });
    expect(card.statusCode).toBe(200);
    const form = await submitForm(app, who.user.uniqueFormUrl, submission(provider.id));
    const connectionId = form.json().id as number;
    await loginAccepted(app, connectionId);
    const bought = await app.inject({
      method: 'POST',
      url: '/api/record-usage',
      payload: { reportType: 'utility_report', connectionId },
      headers: { cookie: who.cookie },
    });
    expect(bought.json().status).toBe('billed');
    const text = await scrape();
    expect(sample(text, 'utility_reports_charges_total{result="succeeded",mode="test"}')).toBe(1);
  });

  it("counts sign-ins and retrievals by the utility's provider and outcome", async () => {
    const provider = await createProvider(database.db);
    const record = (kind: 'sign_in' | 'retrieval', outcome: 'success' | 'failure') =>
      app.services.portalHealth.record({
        providerId: provider.id,
        connectionId: null,
        kind,
        outcome,
        reason: outcome === 'failure' ? 'invalid_credentials' : null,
        startedAt: new Date(),
        finishedAt: new Date(),
      });
    await record('sign_in', 'success');
    await record('sign_in', 'success');
    await record('sign_in', 'failure');
    await record('retrieval', 'success');
    const text = await scrape();
    const series = (kind: string, outcome: string) =>
      `utility_reports_portal_attempts_total{provider_id="${provider.id}",kind="${kind}",outcome="${outcome}"}`;
    expect(sample(text, series('sign_in', 'success'))).toBe(2);
    expect(sample(text, series('sign_in', 'failure'))).toBe(1);
    expect(sample(text, series('retrieval', 'success'))).toBe(1);
    expect(sample(text, series('retrieval', 'failure'))).toBeUndefined();
  });
});
