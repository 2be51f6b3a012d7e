import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NoticePage } from '../../../common/notices.ts';
import { outbox, reports, userNotices } from '../../db/schema.ts';
import type { DomainEventMap } from '../../lib/events.ts';
import { caller } from '../../test/api.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { createProvider, submission, submitForm } from '../../test/connections.ts';
import { createUser, login } from '../../test/factories.ts';
import { announceVersion } from '../reports/delivery.ts';

const HOSTILE = '<img src=x onerror=alert(1)>';

let t: TestApp;
let providerId: number;
const call = caller(() => t.app);
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://app.example.com' });
  // No login page: the test says what happened through the features' events.
  providerId = (await createProvider(db(), { name: 'PG&E', loginUrl: null })).id;
});
afterAll(() => t?.close());

let n = 0;
/** A user with an email address, signed in, and one of their customers' connections. */
async function ownerWithConnection(customerName = 'Maria Gonzalez') {
  n += 1;
  const email = `owner-${n}-${Math.random().toString(36).slice(2)}@example.com`;
  const user = await createUser(db(), { email });
  const cookie = await login(t.app, user.username, user.password);
  const res = await submitForm(
    t.app,
    user.uniqueFormUrl,
    submission(providerId, { name: customerName, email: `c-${n}@customer.example` }),
  );
  expect(res.statusCode).toBe(201);
  return { user, cookie, email, connectionId: (res.json() as { id: number }).id };
}

const noticeMails = (to: string) =>
  db()
    .select()
    .from(outbox)
    .where(and(eq(outbox.toAddress, to), like(outbox.kind, 'notice_%')));

const list = async (cookie: string, page = 1) => {
  const res = await call('GET', `/api/user/notices?page=${page}`, cookie);
  expect(res.statusCode).toBe(200);
  return res.json() as NoticePage;
};

/** Each kind, as the feature that changes the state announces it. */
const KINDS = {
  login_failed: (connectionId: number) =>
    t.app.services.events.emit('connection.credentials_checked', {
      connectionId,
      verified: false,
      message: 'ENOTFOUND login.pge.example',
    }),
  // The portal's code step opens a request for the customer's code.
  code_requested: (connectionId: number) =>
    t.app.services.mfa.open(
      connectionId,
      `token-${connectionId}`,
      [],
      new Date(Date.now() + 60_000),
    ),
  data_complete: (connectionId: number) =>
    t.app.services.events.emit('connection.status_changed', {
      connectionId,
      from: 'in_progress',
      to: 'complete',
    }),
  refund_issued: (connectionId: number) =>
    t.app.services.events.emit('report.cancelled', {
      usageRecordId: 999_999,
      connectionId,
      reason: 'portal selectors changed',
    }),
} as const;

describe("the owner is told of their connections' changes", () => {
  for (const [kind, happen] of Object.entries(KINDS)) {
    it(`${kind}: one notice and one email to the owner, none to another user`, async () => {
      const owner = await ownerWithConnection();
      const other = await ownerWithConnection();
      await happen(owner.connectionId);

      const mine = await list(owner.cookie);
      expect(mine.notices.map((x) => x.kind)).toEqual([kind]);
      expect(mine.unread).toBe(1);
      const notice = mine.notices[0];
      expect(`${notice?.title} ${notice?.body}`).toContain('Maria Gonzalez');
      expect(`${notice?.title} ${notice?.body}`).toContain('PG&E');
      expect(`${notice?.title} ${notice?.body}`).not.toMatch(/ENOTFOUND|selector|in_progress/i);
      const mails = await noticeMails(owner.email);
      expect(mails).toHaveLength(1);
      expect(mails[0]?.kind).toBe(`notice_${kind}`);
      expect(mails[0]?.textBody).toContain(notice?.body);
      expect(mails[0]?.textBody).toContain('https://app.example.com/dashboard');

      expect((await list(other.cookie)).notices).toEqual([]);
      expect(await noticeMails(other.email)).toHaveLength(0);
    });
  }

  it('login_failed says in plain words that the client was asked to fix it', async () => {
    const owner = await ownerWithConnection();
    await KINDS.login_failed(owner.connectionId);
    const [notice] = (await list(owner.cookie)).notices;
    expect(notice?.body).toBe(
      'The utility did not accept the login Maria Gonzalez entered for PG&E. We asked Maria Gonzalez to enter it again and will try once they do.',
    );
  });

  it('report_ready adds a notice; its email stays the report feature’s own', async () => {
    const owner = await ownerWithConnection();
    await t.app.services.events.emit('report.ready', {
      reportId: 1,
      connectionId: owner.connectionId,
      userId: owner.user.id,
      version: 1,
      links: { html: 'h', pdf: 'p', zip: 'z' },
      expiresAt: new Date().toISOString(),
    });
    expect((await list(owner.cookie)).notices.map((x) => x.kind)).toEqual(['report_ready']);
    expect(await noticeMails(owner.email)).toHaveLength(0);
  });

  it('a hostile customer name is escaped in the email', async () => {
    const owner = await ownerWithConnection(HOSTILE);
    await KINDS.login_failed(owner.connectionId);
    const [mail] = await noticeMails(owner.email);
    expect(mail?.htmlBody).not.toContain('<img');
    expect(mail?.htmlBody).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(mail?.htmlBody).toContain('PG&amp;E');
    expect(mail?.subject).toContain(HOSTILE);
  });
  it('a refund billing already emailed the owner about adds the notice only', async () => {
    const owner = await ownerWithConnection();
    await t.app.services.events.emit('report.cancelled', {
      usageRecordId: 999_999,
      connectionId: owner.connectionId,
      reason: 'deadline passed',
      ownerEmailed: true,
    } as DomainEventMap['report.cancelled']);
    expect((await list(owner.cookie)).notices.map((x) => x.kind)).toEqual(['refund_issued']);
    expect(await noticeMails(owner.email)).toHaveLength(0);
  });
});

/** The reports feature announcing a built version of one of the owner's connections. */
async function announceReport(owner: { user: { id: number }; connectionId: number }) {
  const s = t.app.services;
  const subject = await s.connections.reportSubject(owner.connectionId);
  if (!subject) throw new Error('no subject');
  const [row] = await db()
    .insert(reports)
    .values({
      connectionId: owner.connectionId,
      userId: owner.user.id,
      status: 'ready',
      trigger: 'files_changed',
    })
    .returning();
  if (!row) throw new Error('no report row');
  await announceVersion(
    {
      db: db(),
      billing: s.billing,
      events: s.events,
      mailer: s.mailer,
      links: { token: () => 'token' } as never,
      config: { publicUrl: 'https://app.example.com', reportLinkTtlMs: 60_000 },
    },
    row,
    subject,
    0,
  );
}

const reportMails = (to: string) =>
  db()
    .select()
    .from(outbox)
    .where(and(eq(outbox.toAddress, to), eq(outbox.kind, 'report_ready')));

describe('the report-ready email follows the same switch', () => {
  it('on: its one email and a notice; off: the notice only', async () => {
    const on = await ownerWithConnection();
    await announceReport(on);
    expect(await reportMails(on.email)).toHaveLength(1);
    expect((await list(on.cookie)).notices.map((x) => x.kind)).toEqual(['report_ready']);

    const off = await ownerWithConnection();
    const settings = (await call('GET', '/api/user/notifications', off.cookie)).json();
    const put = await call('PUT', '/api/user/notifications', off.cookie, {
      email: { ...settings.email, report_ready: false },
    });
    expect(put.statusCode).toBe(200);
    await announceReport(off);
    expect(await reportMails(off.email)).toHaveLength(0);
    expect((await list(off.cookie)).notices.map((x) => x.kind)).toEqual(['report_ready']);
  });
});

describe('email settings per kind', () => {
  it('default on; turned off, the notice is still kept but no email is sent', async () => {
    const owner = await ownerWithConnection();
    const before = await call('GET', '/api/user/notifications', owner.cookie);
    expect(before.json()).toEqual({
      email: {
        login_failed: true,
        code_requested: true,
        data_complete: true,
        report_ready: true,
        payment_needed: true,
        refund_issued: true,
      },
    });
    const off = {
      email: { ...before.json().email, login_failed: false },
    };
    const put = await call('PUT', '/api/user/notifications', owner.cookie, off);
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual(off);
    expect((await call('GET', '/api/user/notifications', owner.cookie)).json()).toEqual(off);

    await KINDS.login_failed(owner.connectionId);
    await KINDS.data_complete(owner.connectionId);
    expect((await list(owner.cookie)).notices.map((x) => x.kind)).toEqual([
      'data_complete',
      'login_failed',
    ]);
    expect((await noticeMails(owner.email)).map((m) => m.kind)).toEqual(['notice_data_complete']);
  });

  it('refuses bad input with a message, and anonymous callers', async () => {
    const owner = await ownerWithConnection();
    for (const payload of [{}, { email: { login_failed: 'no' } }, { email: { nope: true } }]) {
      const res = await call('PUT', '/api/user/notifications', owner.cookie, payload);
      expect(res.statusCode).toBe(400);
      expect(typeof res.json().message).toBe('string');
    }
    expect((await call('GET', '/api/user/notifications')).statusCode).toBe(401);
  });
});

describe('listing and marking read', () => {
  it('newest first, a page at a time, and only the owner marks their notices read', async () => {
    const owner = await ownerWithConnection();
    const other = await ownerWithConnection();
    for (let i = 0; i < 21; i += 1) await KINDS.data_complete(owner.connectionId);
    await KINDS.login_failed(owner.connectionId);
    const first = await list(owner.cookie);
    expect(first).toMatchObject({ total: 22, unread: 22, page: 1, pageSize: 20 });
    expect(first.notices).toHaveLength(20);
    expect(first.notices[0]?.kind).toBe('login_failed');
    expect((await list(owner.cookie, 2)).notices).toHaveLength(2);

    const id = first.notices[0]?.id ?? 0;
    // Another user's ids change nothing.
    const theirs = await call('POST', '/api/user/notices/read', other.cookie, { ids: [id] });
    expect(theirs.json()).toEqual({ unread: 0 });
    const [row] = await db().select().from(userNotices).where(eq(userNotices.id, id));
    expect(row?.readAt).toBeNull();
    expect(
      (await call('POST', '/api/user/notices/read', undefined, { ids: [id] })).statusCode,
    ).toBe(401);

    const one = await call('POST', '/api/user/notices/read', owner.cookie, { ids: [id] });
    expect(one.json()).toEqual({ unread: 21 });
    expect((await list(owner.cookie)).notices[0]?.read).toBe(true);
    const all = await call('POST', '/api/user/notices/read', owner.cookie, { all: true });
    expect(all.json()).toEqual({ unread: 0 });
    const bad = await call('POST', '/api/user/notices/read', owner.cookie, { ids: [] });
    expect(bad.statusCode).toBe(400);
  });
});
