import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { OutboxMessage, OutboxPage } from '../../../common/mail.ts';
import { outbox } from '../../db/schema.ts';
import { mailSendJob } from '../../lib/mail/index.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { signedIn } from '../../test/factories.ts';
import { type SmtpPeer, startSmtpPeer } from '../../test/smtp-peer.ts';

// The send job as the queue runs it: retries with their attempt number, the last one final.
// Tests run jobs in-process, so the queue's own retries are played here by calling run().

let smtp: SmtpPeer;
let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;

beforeAll(async () => {
  smtp = await startSmtpPeer();
  t = await createTestApp({ SMTP_URL: smtp.url });
  admin = await signedIn(t.app, t.database.db, 'admin');
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});
beforeEach(() => {
  smtp.rejectNext(0);
  smtp.clear();
});

const address = () => `to-${randomBytes(4).toString('hex')}@example.com`;

async function queueNotice(to: string, extra: object = {}) {
  const id = await t.app.services.mailer.queue({
    kind: 'test_notice',
    to,
    subject: 'A notice',
    text: 'Plain words',
    html: '<p>Plain words</p>',
    ...extra,
  });
  await t.app.services.queue.drain();
  return id;
}

async function row(id: number) {
  const [found] = await t.database.db.select().from(outbox).where(eq(outbox.id, id));
  if (!found) throw new Error(`no outbox row ${id}`);
  return found;
}

/** What the queue does after a failed try: run the job again, telling it which try it is. */
const retry = (messageId: number, retryCount: number, final = false) =>
  t.app.services.queue.run(mailSendJob, { messageId }, { retryCount, final });

describe('sending through SMTP', () => {
  it('declares five tries with backoff', () => {
    expect(mailSendJob.retry).toEqual({ limit: 4, delaySeconds: 30, backoff: true });
    expect(t.app.services.mailer.mode).toBe('smtp');
  });

  it('retries a refused message and sends it once', async () => {
    const to = address();
    smtp.rejectNext(1);
    const id = await queueNotice(to);
    expect(smtp.rejected()).toBeGreaterThanOrEqual(1);
    const first = await row(id);
    expect(first).toMatchObject({ status: 'pending', attempts: 1 });
    expect(first.lastError).toMatch(/451/);
    expect(smtp.messages()).toHaveLength(0);

    await retry(id, 1);
    const mail = await smtp.waitFor((m) => m.to === to);
    expect(mail.text.trim()).toBe('Plain words');
    expect(await row(id)).toMatchObject({
      status: 'sent',
      attempts: 2,
      lastError: null,
      messageId: mail.messageId,
    });

    // A second run (a duplicate job, a late retry) finds it sent and sends nothing.
    await retry(id, 2);
    expect(smtp.messages().filter((m) => m.to === to)).toHaveLength(1);
  });

  it('marks a message failed after the last try; an admin sees it and retries it', async () => {
    const to = address();
    smtp.rejectNext(5);
    const id = await queueNotice(to);
    for (const n of [1, 2, 3]) await expect(retry(id, n)).rejects.toThrow(/was not sent/);
    expect((await row(id)).status).toBe('pending');
    await expect(retry(id, 4, true)).rejects.toThrow(/451 Try again later/);
    const failed = await row(id);
    expect(failed).toMatchObject({ status: 'failed', attempts: 5 });
    expect(failed.lastError).toMatch(/451 Try again later/);
    expect(smtp.messages()).toHaveLength(0);

    const list = await t.app.inject({
      method: 'GET',
      url: '/api/admin/outbox?status=failed',
      headers: { cookie: admin.cookie },
    });
    const page = OutboxPage.parse(list.json());
    expect(page.mode).toBe('smtp');
    expect(page.failed).toBeGreaterThanOrEqual(1);
    expect(page.items.find((m) => m.id === id)).toMatchObject({
      to,
      status: 'failed',
      attempts: 5,
      lastError: failed.lastError,
    });

    const again = await t.app.inject({
      method: 'POST',
      url: `/api/admin/outbox/${id}/retry`,
      headers: { cookie: admin.cookie },
    });
    expect(again.statusCode).toBe(202);
    await t.app.services.queue.drain();
    await smtp.waitFor((m) => m.to === to);
    expect(await row(id)).toMatchObject({ status: 'sent', attempts: 6, lastError: null });
  });

  it('gives up at once on a permanent refusal', async () => {
    const to = address();
    smtp.rejectNext(1, { code: 550, message: 'No such mailbox' });
    const id = await queueNotice(to);
    const failed = await row(id);
    expect(failed).toMatchObject({ status: 'failed', attempts: 1 });
    expect(failed.lastError).toMatch(/550 No such mailbox/);
  });

  it('attaches files from the object store intact', async () => {
    const to = address();
    const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(64 * 1024)]);
    const csv = 'start,kWh\n2025-01-01T00:00:00Z,1.25\n';
    const { store } = t.app.services;
    await store.put('test/mail/report.pdf', pdf, 'application/pdf');
    await store.put('test/mail/intervals.csv', csv, 'text/csv');
    const id = await queueNotice(to, {
      attachments: [
        {
          fileName: 'utility-report-7.pdf',
          objectKey: 'test/mail/report.pdf',
          contentType: 'application/pdf',
        },
        {
          fileName: 'intervals.csv',
          objectKey: 'test/mail/intervals.csv',
          contentType: 'text/csv',
        },
      ],
    });
    const mail = await smtp.waitFor((m) => m.to === to);
    expect(mail.attachments.map((a) => [a.filename, a.contentType])).toEqual([
      ['utility-report-7.pdf', 'application/pdf'],
      ['intervals.csv', 'text/csv'],
    ]);
    expect(mail.attachments[0]?.content.equals(pdf)).toBe(true);
    expect(mail.attachments[1]?.content.toString()).toBe(csv);

    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/admin/outbox/${id}`,
      headers: { cookie: admin.cookie },
    });
    expect(OutboxMessage.parse(detail.json()).attachments).toEqual([
      { fileName: 'utility-report-7.pdf', contentType: 'application/pdf' },
      { fileName: 'intervals.csv', contentType: 'text/csv' },
    ]);
  });

  it('queues a message with the transaction of the change it reports', async () => {
    const { mailer } = t.app.services;
    const message = { kind: 'test_notice', to: address(), subject: 'Hi', text: 'Hi' };
    const queued = await t.database.db.transaction((tx) => mailer.queueInTransaction(tx, message));
    await queued.send();
    await t.app.services.queue.drain();
    await smtp.waitFor((m) => m.to === message.to);
    expect((await row(queued.id)).status).toBe('sent');

    const undone = { ...message, to: address() };
    let undoneId = 0;
    await expect(
      t.database.db.transaction(async (tx) => {
        undoneId = (await mailer.queueInTransaction(tx, undone)).id;
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    const rows = await t.database.db.select().from(outbox).where(eq(outbox.id, undoneId));
    expect(rows).toEqual([]);
  });

  it('queues several messages at once, each sent, and leaves out only one it cannot send', async () => {
    const { mailer } = t.app.services;
    const first = { kind: 'test_notice', to: address(), subject: 'First', text: 'One' };
    const second = { kind: 'test_notice', to: address(), subject: 'Second', text: 'Two' };
    const bad = { kind: 'test_notice', to: 'not an address', subject: 'Bad', text: 'Three' };
    const { ids, refused } = await mailer.queueAll([first, bad, second]);
    expect(refused.map((r) => r.message)).toEqual([bad]);
    expect(ids).toHaveLength(2);
    await t.app.services.queue.drain();
    await smtp.waitFor((m) => m.to === first.to);
    await smtp.waitFor((m) => m.to === second.to);
    // The ids are the messages' own, in the order given.
    expect([(await row(ids[0] as number)).subject, (await row(ids[1] as number)).subject]).toEqual([
      'First',
      'Second',
    ]);
    expect((await row(ids[1] as number)).status).toBe('sent');
  });

  it('records a missing attachment as the failure, and retries it', async () => {
    const id = await queueNotice(address(), {
      attachments: [
        { fileName: 'gone.pdf', objectKey: 'test/mail/gone.pdf', contentType: 'application/pdf' },
      ],
    });
    expect(await row(id)).toMatchObject({
      status: 'pending',
      lastError: 'The attachment gone.pdf could not be read from storage',
    });
  });
});

describe('SMTP credentials', () => {
  it('never reach the recorded error', async () => {
    const secured = await startSmtpPeer({ auth: { user: 'relay', pass: 'right-password' } });
    const wrongUrl = secured.url.replace('right-password', 's3cret-P%40ss');
    const app = await createTestApp({ SMTP_URL: wrongUrl });
    try {
      const id = await app.app.services.mailer.queue({
        kind: 'test_notice',
        to: 'someone@example.com',
        subject: 'Hello',
        text: 'Hello',
      });
      await app.app.services.queue.drain();
      const [failed] = await app.database.db.select().from(outbox).where(eq(outbox.id, id));
      expect(failed?.lastError).toMatch(/535/);
      expect(failed?.lastError).not.toMatch(/s3cret|P%40ss|P@ss/);
      expect(secured.messages()).toHaveLength(0);
    } finally {
      await app.close();
      await secured.close();
    }
  });

  it('are accepted when right', async () => {
    const secured = await startSmtpPeer({ auth: { user: 'relay', pass: 'p@ss:word/1' } });
    const app = await createTestApp({ SMTP_URL: secured.url });
    try {
      await app.app.services.mailer.queue({
        kind: 'test_notice',
        to: 'someone@example.com',
        subject: 'Hello',
        text: 'Hello',
      });
      await app.app.services.queue.drain();
      await secured.waitFor((m) => m.to === 'someone@example.com');
    } finally {
      await app.close();
      await secured.close();
    }
  });
});
