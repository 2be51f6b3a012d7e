import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OutboxMessage, OutboxPage } from '../../../common/mail.ts';
import { CUSTOMER_TURNAROUND } from '../../../common/turnaround.ts';
import { outbox } from '../../db/schema.ts';
import { appWithAdminAndUser, caller, type SignedIn } from '../../test/api.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { createProvider, submission, submitForm } from '../../test/connections.ts';
import { createUser, login } from '../../test/factories.ts';
import { type SmtpPeer, startSmtpPeer } from '../../test/smtp-peer.ts';

const HOSTILE = '<img src=x onerror=alert(1)>';

async function outboxRow(t: TestApp, id: number) {
  const [row] = await t.database.db.select().from(outbox).where(eq(outbox.id, id));
  if (!row) throw new Error(`no outbox row ${id}`);
  return row;
}

describe('submission notices through SMTP', () => {
  let smtp: SmtpPeer;
  let t: TestApp;
  let providerId: number;
  let providerName: string;

  beforeAll(async () => {
    smtp = await startSmtpPeer();
    t = await createTestApp({
      SMTP_URL: smtp.url,
      PUBLIC_URL: 'https://app.example.com',
      MAIL_FROM: 'Utility Reports <reports@example.com>',
    });
    const provider = await createProvider(t.database.db);
    providerId = provider.id;
    providerName = provider.name;
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('tell the owner and the customer, with every value escaped in the HTML', async () => {
    const owner = await createUser(t.database.db, { email: 'owner-notices@example.com' });
    const res = await submitForm(
      t.app,
      owner.uniqueFormUrl,
      submission(providerId, { name: HOSTILE, email: 'customer-notices@example.com' }),
    );
    expect(res.statusCode).toBe(201);
    await t.app.services.queue.drain();

    const toOwner = await smtp.waitFor((m) => m.to === 'owner-notices@example.com');
    expect(toOwner.from).toBe('reports@example.com');
    expect(toOwner.subject).toBe(`New submission from ${HOSTILE}`);
    expect(toOwner.text).toContain(`${HOSTILE} <customer-notices@example.com> submitted`);
    expect(toOwner.text).toContain(providerName);
    expect(toOwner.text).toContain('https://app.example.com/dashboard');
    expect(toOwner.html).not.toContain('<img');
    expect(toOwner.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(toOwner.html).toContain('href="https://app.example.com/dashboard"');

    const toCustomer = await smtp.waitFor((m) => m.to === 'customer-notices@example.com');
    // The owner named no business: neutral words, never their username (half of a sign-in).
    expect(toCustomer.subject).toBe(
      'We received your utility account details for your energy professional',
    );
    expect(toCustomer.text).toContain(`Hello ${HOSTILE},`);
    expect(toCustomer.text).toContain('account details for your energy professional');
    expect(`${toCustomer.text}${toCustomer.html}`).not.toContain(owner.username);
    expect(toCustomer.text).toContain(CUSTOMER_TURNAROUND);
    expect(toCustomer.text).toContain('PDF report');
    expect(toCustomer.html).not.toContain('<img');
    expect(toCustomer.html).toContain(CUSTOMER_TURNAROUND);
    for (const mail of [toOwner, toCustomer]) {
      // The portal login never travels by email.
      expect(`${mail.text}${mail.html}`).not.toMatch(/portal-pass-123|dana-portal/);
      expect(mail.html).not.toMatch(/<script|<link|<img|<[^>]*\ssrc=/i);
    }

    const rows = await t.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.toAddress, 'customer-notices@example.com'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      kind: 'submission_received',
      status: 'sent',
      attempts: 1,
      messageId: toCustomer.messageId,
    });
    expect(rows[0]?.sentAt).toBeInstanceOf(Date);
  });

  it('tell only the customer when the owner has no email address', async () => {
    const owner = await createUser(t.database.db, { email: null });
    smtp.clear();
    await submitForm(
      t.app,
      owner.uniqueFormUrl,
      submission(providerId, { email: 'customer-only@example.com' }),
    );
    await t.app.services.queue.drain();
    await smtp.waitFor((m) => m.to === 'customer-only@example.com');
    expect(smtp.messages().map((m) => m.to)).toEqual(['customer-only@example.com']);
  });
});

describe('the outbox without SMTP', () => {
  let t: TestApp;
  let admin: SignedIn;
  let user: SignedIn;
  let providerId: number;

  beforeAll(async () => {
    ({ t, admin, user } = await appWithAdminAndUser());
    providerId = (await createProvider(t.database.db)).id;
  });
  afterAll(async () => {
    await t?.close();
  });

  const call = caller(() => t.app);

  it('keeps every message for admins to read', async () => {
    expect(t.app.services.mailer.mode).toBe('outbox');
    const owner = await createUser(t.database.db, { email: 'owner-outbox@example.com' });
    const ownerCookie = await login(t.app, owner.username);
    await submitForm(
      t.app,
      owner.uniqueFormUrl,
      submission(providerId, { name: HOSTILE, email: 'customer-outbox@example.com' }),
    );
    await t.app.services.queue.drain();

    const list = await call('GET', '/api/admin/outbox', admin.cookie);
    expect(list.statusCode).toBe(200);
    const page = OutboxPage.parse(list.json());
    expect(page).toMatchObject({ mode: 'outbox', page: 1, pageSize: 20 });
    const [newest, previous] = page.items;
    expect(newest).toMatchObject({
      kind: 'submission_received',
      to: 'customer-outbox@example.com',
      status: 'stored',
      attempts: 0,
    });
    expect(previous).toMatchObject({
      kind: 'new_submission',
      to: 'owner-outbox@example.com',
      subject: `New submission from ${HOSTILE}`,
      status: 'stored',
    });
    // The list carries no bodies.
    expect(list.body).not.toContain(CUSTOMER_TURNAROUND);

    const stored = OutboxPage.parse(
      (await call('GET', '/api/admin/outbox?status=stored', admin.cookie)).json(),
    );
    expect(stored.items.every((m) => m.status === 'stored')).toBe(true);
    const failed = OutboxPage.parse(
      (await call('GET', '/api/admin/outbox?status=failed', admin.cookie)).json(),
    );
    expect(failed).toMatchObject({ items: [], total: 0, failed: 0 });

    const detail = await call('GET', `/api/admin/outbox/${newest?.id}`, admin.cookie);
    expect(detail.statusCode).toBe(200);
    const message = OutboxMessage.parse(detail.json());
    expect(message.from).toBe('Utility Reports <reports@localhost>');
    expect(message.text).toContain(CUSTOMER_TURNAROUND);
    expect(message.text).not.toContain(owner.username);
    expect(message.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(message.html).not.toContain('<img');
    expect(message.attachments).toEqual([]);

    // Only admins read the outbox; a stored message is not "retried".
    const id = newest?.id ?? 0;
    for (const [method, url] of [
      ['GET', '/api/admin/outbox'],
      ['GET', `/api/admin/outbox/${id}`],
      ['POST', `/api/admin/outbox/${id}/retry`],
    ] as const) {
      expect((await call(method, url)).statusCode, `${method} ${url}`).toBe(401);
      expect((await call(method, url, user.cookie)).statusCode, `${method} ${url}`).toBe(403);
      expect((await call(method, url, ownerCookie)).statusCode, `${method} ${url}`).toBe(403);
    }
    const retry = await call('POST', `/api/admin/outbox/${id}/retry`, admin.cookie);
    expect(retry.statusCode).toBe(409);
    expect(retry.json()).toEqual({ message: 'Only a failed message can be retried' });
    expect((await outboxRow(t, id)).status).toBe('stored');
  });

  it('keeps a message as it is written, with no send job, and a retried one at once', async () => {
    const mailSends = async () => {
      const { values } = await t.app.services.metrics.jobRuns.get();
      return values
        .filter((v) => v.labels.queue === 'mail-send')
        .reduce((sum, v) => sum + v.value, 0);
    };
    const before = await mailSends();
    const { mailer } = t.app.services;
    const id = await mailer.queue({
      kind: 'test_notice',
      to: 'kept-at-once@example.com',
      subject: 'Kept',
      text: 'Nothing sends this.',
    });
    // Stored before any job could run: there is nothing to send.
    expect((await outboxRow(t, id)).status).toBe('stored');
    const { ids } = await mailer.queueAll([
      { kind: 'test_notice', to: 'kept-one@example.com', subject: 'One', text: 'One' },
      { kind: 'test_notice', to: 'kept-two@example.com', subject: 'Two', text: 'Two' },
    ]);
    for (const kept of ids) expect((await outboxRow(t, kept)).status).toBe('stored');

    // A message that failed while SMTP was set (before a restart without it) is kept on retry.
    await t.database.db.update(outbox).set({ status: 'failed' }).where(eq(outbox.id, id));
    const retry = await call('POST', `/api/admin/outbox/${id}/retry`, admin.cookie);
    expect(retry.statusCode).toBeLessThan(300);
    expect((await outboxRow(t, id)).status).toBe('stored');

    await t.app.services.queue.drain();
    expect(await mailSends()).toBe(before);
  });

  it.each([
    ['/api/admin/outbox/999999', 404, 'Message not found'],
    ['/api/admin/outbox/2147483648', 400, 'Invalid id'],
    ['/api/admin/outbox/abc', 400, undefined],
    ['/api/admin/outbox?status=lost', 400, 'Status must be pending, sent, stored or failed'],
    ['/api/admin/outbox?page=0', 400, undefined],
  ])('answers GET %s with %i', async (url, status, message) => {
    const res = await call('GET', url, admin.cookie);
    expect(res.statusCode).toBe(status);
    if (message) expect(res.json()).toEqual({ message });
  });

  it('answers a retry of an unknown message with 404', async () => {
    const res = await call('POST', '/api/admin/outbox/999999/retry', admin.cookie);
    expect(res.statusCode).toBe(404);
  });
});
