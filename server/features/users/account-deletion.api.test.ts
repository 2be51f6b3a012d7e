import { readFileSync } from 'node:fs';
import path from 'node:path';
import { and, eq, inArray, isNull, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, type MockInstance, vi } from 'vitest';
import { ACCOUNT_DELETED_MESSAGE } from '../../../common/users.ts';
import type { Db } from '../../db/client.ts';
import {
  apiKeys,
  auditLog,
  billingProfiles,
  connectionFiles,
  connections,
  credentialChecks,
  gasSeries,
  intervalSeries,
  noticeSettings,
  outbox,
  passwordTokens,
  reports,
  sessions,
  usageRecords,
  userNotices,
  users,
  webhookDeliveries,
  webhookEndpoints,
} from '../../db/schema.ts';
import { caller, type SignedIn } from '../../test/api.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import {
  attachFile,
  createProvider,
  loginAccepted,
  submission,
  submitForm,
} from '../../test/connections.ts';
import { createApiKey, login, signedIn, signedInPremium } from '../../test/factories.ts';
import { pngLogo } from '../../test/logos.ts';
import { UTILITY_FIXTURES } from '../../test/utility-fixtures.ts';
import { DELETION_REFUSALS } from './deletion.ts';
import { sweepErasuresJob } from './erase-job.ts';

const ESPI = readFileSync(path.join(UTILITY_FIXTURES, 'espi', 'gba_hourly_9days_cost_bill.xml'));

let t: TestApp;
let db: Db;
let admin: SignedIn;
let providerId: number;
const call = caller(() => t.app);

beforeAll(async () => {
  t = await createTestApp();
  db = t.database.db;
  admin = await signedIn(t.app, db, 'admin');
  providerId = (await createProvider(db, { state: 'California' })).id;
});
afterAll(() => t.close());

const withKey = (key: string, url: string) =>
  t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${key}` } });

/** Every object in the store under a prefix. */
async function storedKeys(prefix: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const object of t.app.services.store.list(prefix)) keys.push(object.key);
  return keys.sort();
}

/**
 * A premium user with everything an account gathers: a business name and logo, a connection
 * (sealed credentials, an interval file read into a series, a report with its files in the
 * store), a paid report, a notice, an API key, a webhook, a password link and mail.
 */
async function fullAccount(email: string) {
  const who = await signedInPremium(t.app, db);
  await db.update(users).set({ email }).where(eq(users.id, who.user.id));
  expect(
    (await call('PUT', '/api/user/business', who.cookie, { companyName: 'Sunrise Solar' }))
      .statusCode,
  ).toBe(200);
  const logo = await t.app.inject({
    method: 'PUT',
    url: '/api/user/business/logo',
    payload: pngLogo(),
    headers: { cookie: who.cookie, 'content-type': 'image/png' },
  });
  expect(logo.statusCode, logo.body).toBe(200);

  const submitted = await submitForm(t.app, who.user.uniqueFormUrl, submission(providerId));
  expect(submitted.statusCode).toBe(201);
  const connectionId = submitted.json().id as number;
  await loginAccepted(t.app, connectionId);
  const fileId = await attachFile(t.app, admin.cookie, connectionId, {
    fileName: 'green-button.xml',
    contentType: 'application/xml',
    body: ESPI,
  });
  const paid = await call('POST', '/api/record-usage', who.cookie, {
    connectionId,
    description: 'Report for Dana Customer',
  });
  expect(paid.statusCode, paid.body).toBe(200);
  await t.app.services.queue.drain();

  // A built version, as the build job leaves it (the browser that renders it is not needed here).
  const [report] = await db
    .insert(reports)
    .values({ connectionId, userId: who.user.id, version: 99, status: 'ready' })
    .returning();
  if (!report) throw new Error('no report');
  const prefix = `reports/${connectionId}/${report.id}`;
  for (const ext of ['html', 'pdf', 'zip']) {
    await t.app.services.store.put(`${prefix}/report.${ext}`, 'bytes', 'application/octet-stream');
  }
  await db
    .update(reports)
    .set({
      htmlKey: `${prefix}/report.html`,
      pdfKey: `${prefix}/report.pdf`,
      zipKey: `${prefix}/report.zip`,
    })
    .where(eq(reports.id, report.id));
  await db.insert(userNotices).values({
    userId: who.user.id,
    connectionId,
    kind: 'report_ready',
    title: 'Report ready',
    body: 'Dana Customer’s report is ready',
  });
  await db.insert(noticeSettings).values({ userId: who.user.id, emailsOff: ['report_ready'] });

  const key = await createApiKey(t.app, who.cookie);
  const hook = await call('POST', '/api/my/webhooks', who.cookie, {
    url: 'https://hooks.example.com/mine',
    events: ['report.ready'],
  });
  expect(hook.statusCode, hook.body).toBe(201);
  expect(
    (await call('POST', '/api/password/forgot', undefined, { identifier: email })).statusCode,
  ).toBe(200);
  await t.app.services.queue.drain();

  const [file] = await db.select().from(connectionFiles).where(eq(connectionFiles.id, fileId));
  const [row] = await db.select().from(users).where(eq(users.id, who.user.id));
  if (!file || !row?.logoKey) throw new Error('the account is not complete');
  return {
    ...who,
    connectionId,
    fileKey: file.objectKey,
    logoKey: row.logoKey,
    prefix,
    key: key.key,
  };
}

type Account = Awaited<ReturnType<typeof fullAccount>>;

/** What the database holds for an account, table by table. */
async function footprint(account: Account) {
  const userId = account.user.id;
  const ids = [account.connectionId];
  const count = async (rows: Promise<unknown[]>) => (await rows).length;
  return {
    connections: await count(db.select().from(connections).where(eq(connections.userId, userId))),
    files: await count(
      db.select().from(connectionFiles).where(inArray(connectionFiles.connectionId, ids)),
    ),
    series: await count(
      db.select().from(intervalSeries).where(inArray(intervalSeries.connectionId, ids)),
    ),
    gas: await count(db.select().from(gasSeries).where(inArray(gasSeries.connectionId, ids))),
    checks: await count(
      db.select().from(credentialChecks).where(inArray(credentialChecks.connectionId, ids)),
    ),
    reports: await count(db.select().from(reports).where(eq(reports.userId, userId))),
    apiKeys: await count(db.select().from(apiKeys).where(eq(apiKeys.userId, userId))),
    webhooks: await count(
      db.select().from(webhookEndpoints).where(eq(webhookEndpoints.userId, userId)),
    ),
    sessions: await count(db.select().from(sessions).where(eq(sessions.userId, userId))),
    notices: await count(db.select().from(userNotices).where(eq(userNotices.userId, userId))),
    noticeSettings: await count(
      db.select().from(noticeSettings).where(eq(noticeSettings.userId, userId)),
    ),
    passwordLinks: await count(
      db.select().from(passwordTokens).where(eq(passwordTokens.userId, userId)),
    ),
    mailAboutCustomers: await count(
      db.select().from(outbox).where(inArray(outbox.connectionId, ids)),
    ),
    usageRecords: await count(
      db.select().from(usageRecords).where(eq(usageRecords.userId, userId)),
    ),
    objects: [
      ...(await storedKeys(`${account.prefix}/`)),
      ...(await storedKeys(account.fileKey)),
      ...(await storedKeys(account.logoKey)),
    ].length,
  };
}

const userRow = async (id: number) => (await db.select().from(users).where(eq(users.id, id)))[0];

describe('a user deletes their own account', () => {
  let account: Account;
  let bystander: Account;
  let before: Awaited<ReturnType<typeof footprint>>;
  let bystanderBefore: Awaited<ReturnType<typeof footprint>>;

  beforeAll(async () => {
    account = await fullAccount('leaving@example.com');
    bystander = await fullAccount('staying@example.com');
    before = await footprint(account);
    bystanderBefore = await footprint(bystander);
  });

  it('starts with a full account (so that what follows can fail)', () => {
    for (const [table, n] of Object.entries(before)) {
      if (table !== 'gas') expect(n, table).toBeGreaterThan(0);
    }
  });

  it('a wrong or missing password: 400 with a message, and nothing is deleted', async () => {
    const wrong = await call('DELETE', '/api/user', account.cookie, {
      password: 'not my password',
    });
    expect([wrong.statusCode, wrong.json()]).toEqual([
      400,
      { message: DELETION_REFUSALS.password },
    ]);
    const missing = await call('DELETE', '/api/user', account.cookie, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toMatch(/password/i);
    expect(await footprint(account)).toEqual(before);
    expect((await userRow(account.user.id))?.deletedAt).toBeNull();
    expect((await call('GET', '/api/user', account.cookie)).statusCode).toBe(200);
  });

  it('the right password: the session and the API key are refused at once', async () => {
    // Both are in the caches before the deletion, as on a busy dashboard.
    expect((await withKey(account.key, '/api/v1/my-connections')).statusCode).toBe(200);
    const res = await call('DELETE', '/api/user', account.cookie, {
      password: account.user.password,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toMatch(/deleted/);
    expect(res.cookies.find((c) => c.name === 'sid')?.value).toBe('');
    expect((await call('GET', '/api/user', account.cookie)).statusCode).toBe(401);
    const byKey = await withKey(account.key, '/api/v1/my-connections');
    expect(byKey.statusCode).toBe(401);
    // Nobody signs in as it again, by its old name or its tombstone's.
    for (const username of [account.user.username, `deleted:${account.user.id}`]) {
      const again = await call('POST', '/api/login', undefined, {
        username,
        password: account.user.password,
      });
      expect(again.statusCode).toBe(401);
    }
    expect((await call('GET', `/api/form-owner/${account.user.uniqueFormUrl}`)).statusCode).toBe(
      404,
    );
  });

  it('removes every row and file of the account once the erase job ran', async () => {
    await t.app.services.queue.drain();
    expect(await footprint(account)).toEqual({
      connections: 0,
      files: 0,
      series: 0,
      gas: 0,
      checks: 0,
      reports: 0,
      apiKeys: 0,
      webhooks: 0,
      sessions: 0,
      notices: 0,
      noticeSettings: 0,
      passwordLinks: 0,
      mailAboutCustomers: 0,
      usageRecords: before.usageRecords,
      objects: 0,
    });
    const deliveries = await db
      .select()
      .from(webhookDeliveries)
      .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
      .where(eq(webhookEndpoints.userId, account.user.id));
    expect(deliveries).toEqual([]);
  });

  it('keeps the money records, naming no one, and an anonymous account row they point to', async () => {
    const row = await userRow(account.user.id);
    expect(row).toMatchObject({
      username: `deleted:${account.user.id}`,
      email: null,
      isActive: false,
      companyName: null,
      replyToEmail: null,
      logoKey: null,
      paymentMethodId: null,
    });
    expect(row?.deletedAt).toBeInstanceOf(Date);
    expect(row?.uniqueFormUrl).not.toBe(account.user.uniqueFormUrl);
    const records = await db
      .select()
      .from(usageRecords)
      .where(eq(usageRecords.userId, account.user.id));
    expect(records.length).toBe(1);
    expect(records[0]).toMatchObject({
      costCents: 2500,
      connectionId: null,
      description: 'Utility report',
    });
    const [profile] = await db
      .select()
      .from(billingProfiles)
      .where(eq(billingProfiles.userId, account.user.id));
    expect(profile).toMatchObject({ cardBrand: null, cardLast4: null, cancelAtPeriodEnd: true });
    // Nothing in the database still carries the address or the business name.
    const dump = JSON.stringify(
      await db
        .select()
        .from(auditLog)
        .where(eq(auditLog.entityId, String(account.user.id))),
    );
    expect(dump).not.toContain('leaving@example.com');
    expect(dump).not.toContain('Sunrise Solar');
  });

  it('writes the audit line (who deleted whom, ids only) and the confirmation email', async () => {
    const [line] = await db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'user.deleted'), eq(auditLog.entityId, String(account.user.id))),
      );
    expect(line).toMatchObject({
      actorId: account.user.id,
      entityType: 'user',
      details: { by: 'self' },
    });
    const mail = await db.select().from(outbox).where(eq(outbox.toAddress, 'leaving@example.com'));
    expect(mail.map((m) => m.kind)).toEqual(['account_deleted']);
    expect(mail[0]?.textBody).toContain('we deleted your Utility Reports account');
    expect(mail[0]?.textBody).toContain('without your name or email address');
  });

  it('leaves another user’s account as it was', async () => {
    expect(await footprint(bystander)).toEqual(bystanderBefore);
    expect((await call('GET', '/api/user', bystander.cookie)).statusCode).toBe(200);
    expect((await withKey(bystander.key, '/api/v1/my-connections')).statusCode).toBe(200);
    const row = await userRow(bystander.user.id);
    expect(row).toMatchObject({
      email: 'staying@example.com',
      companyName: 'Sunrise Solar',
      deletedAt: null,
    });
  });

  it('the deleted account is gone from User Management, and no admin action reaches it', async () => {
    const list = await call('GET', `/api/users?search=deleted`, admin.cookie);
    expect(list.json().users.map((u: { id: number }) => u.id)).not.toContain(account.user.id);
    const all = await call('GET', '/api/users', admin.cookie);
    const kept = await db.select().from(users).where(isNull(users.deletedAt));
    expect(all.json().allUsers).toBe(kept.length);
    for (const url of [
      `/api/users/${account.user.id}/reactivate`,
      `/api/users/${account.user.id}/reset-password`,
    ]) {
      expect((await call('POST', url, admin.cookie)).statusCode, url).toBe(404);
    }
    const again = await call('DELETE', `/api/users/${account.user.id}`, admin.cookie, {
      username: `deleted:${account.user.id}`,
    });
    expect(again.statusCode).toBe(404);
  });
});

describe('an admin deletes a user', () => {
  it('with the wrong username typed: 400 with a message, and nothing is deleted', async () => {
    const target = await fullAccount('target@example.com');
    const before = await footprint(target);
    const res = await call('DELETE', `/api/users/${target.user.id}`, admin.cookie, {
      username: 'someone-else',
    });
    expect([res.statusCode, res.json()]).toEqual([400, { message: DELETION_REFUSALS.username }]);
    expect(
      (await call('DELETE', `/api/users/${target.user.id}`, admin.cookie, {})).statusCode,
    ).toBe(400);
    await t.app.services.queue.drain();
    expect(await footprint(target)).toEqual(before);
    expect((await call('GET', '/api/user', target.cookie)).statusCode).toBe(200);
  });

  it('a user cannot delete another user (403), nor an admin themselves this way', async () => {
    const target = await signedIn(t.app, db);
    const other = await signedIn(t.app, db);
    const res = await call('DELETE', `/api/users/${target.user.id}`, other.cookie, {
      username: target.user.username,
    });
    expect(res.statusCode).toBe(403);
    expect((await userRow(target.user.id))?.deletedAt).toBeNull();
    const self = await call('DELETE', `/api/users/${admin.user.id}`, admin.cookie, {
      username: admin.user.username,
    });
    expect([self.statusCode, self.json()]).toEqual([400, { message: DELETION_REFUSALS.self }]);
  });

  it('with the username typed (any case): the account goes as the user’s own deletion would', async () => {
    const target = await fullAccount('removed@example.com');
    const res = await call('DELETE', `/api/users/${target.user.id}`, admin.cookie, {
      username: ` ${target.user.username.toUpperCase()} `,
    });
    expect([res.statusCode, res.json()]).toEqual([200, { message: ACCOUNT_DELETED_MESSAGE }]);
    expect((await call('GET', '/api/user', target.cookie)).statusCode).toBe(401);
    const byKey = await withKey(target.key, '/api/v1/my-connections');
    // Refused as the key of a closed account, or as no key at all once the erase job ran.
    expect(byKey.statusCode).toBe(401);
    await t.app.services.queue.drain();
    const after = await footprint(target);
    expect({ ...after, usageRecords: 0 }).toEqual(
      Object.fromEntries(Object.keys(after).map((k) => [k, 0])),
    );
    expect(after.usageRecords).toBe(1);
    const [line] = await db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'user.deleted'), eq(auditLog.entityId, String(target.user.id))),
      );
    expect(line).toMatchObject({ actorId: admin.user.id, details: { by: 'admin' } });
    const mail = await db.select().from(outbox).where(eq(outbox.toAddress, 'removed@example.com'));
    expect(mail.map((m) => m.kind)).toEqual(['account_deleted']);
    expect(mail[0]?.textBody).toContain('An administrator deleted your Utility Reports account');
  });
});

describe('the last administrator', () => {
  // An app of its own, so that the administrators of the other tests do not count.
  let solo: TestApp;
  beforeAll(async () => {
    solo = await createTestApp();
  });
  afterAll(() => solo.close());

  it('cannot delete their account (409, said why), and nothing changes', async () => {
    const sdb = solo.database.db;
    const last = await signedIn(solo.app, sdb, 'admin');
    // Any other administrator (the first one made at start-up) is deactivated.
    await sdb
      .update(users)
      .set({ isActive: false })
      .where(and(eq(users.role, 'admin'), ne(users.id, last.user.id)));
    const res = await solo.app.inject({
      method: 'DELETE',
      url: '/api/user',
      payload: { password: last.user.password },
      headers: { cookie: last.cookie },
    });
    expect([res.statusCode, res.json()]).toEqual([409, { message: DELETION_REFUSALS.lastAdmin }]);
    const [row] = await sdb.select().from(users).where(eq(users.id, last.user.id));
    expect(row).toMatchObject({ isActive: true, deletedAt: null, username: last.user.username });
    const lines = await sdb.select().from(auditLog).where(eq(auditLog.action, 'user.deleted'));
    expect(lines).toEqual([]);
    // With a second administrator, the first may go.
    const second = await signedIn(solo.app, sdb, 'admin');
    const ok = await solo.app.inject({
      method: 'DELETE',
      url: '/api/user',
      payload: { password: last.user.password },
      headers: { cookie: last.cookie },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    await solo.app.services.queue.drain();
    expect(await login(solo.app, second.user.username)).toMatch(/^sid=/);
  });
});

describe('an erase that failed past its retries', () => {
  const DAY_MS = 24 * 60 * 60 * 1000;
  const connectionsOf = (userId: number) =>
    db.select().from(connections).where(eq(connections.userId, userId));

  /**
   * Deletes the account while one step of its erase fails (`step` rejects), then dates the
   * deletion `daysAgo`: what the erase had not reached is still there.
   */
  async function deleteWhileAway(who: SignedIn, daysAgo: number, step: () => MockInstance) {
    const away = step().mockRejectedValue(new Error('away'));
    try {
      const res = await call('DELETE', '/api/user', who.cookie, { password: who.user.password });
      expect(res.statusCode, res.body).toBe(200);
      await t.app.services.queue.drain();
    } finally {
      away.mockRestore();
    }
    await db
      .update(users)
      .set({ deletedAt: new Date(Date.now() - daysAgo * DAY_MS) })
      .where(eq(users.id, who.user.id));
  }

  /** A user with one customer connection, deleted while the erase cannot remove connections. */
  async function deletedWithLeftovers(daysAgo: number) {
    const who = await signedIn(t.app, db, 'user');
    expect(
      (await submitForm(t.app, who.user.uniqueFormUrl, submission(providerId))).statusCode,
    ).toBe(201);
    await t.app.services.queue.drain();
    await deleteWhileAway(who, daysAgo, () => vi.spyOn(t.app.services.connections, 'eraseOwnedBy'));
    expect(await connectionsOf(who.user.id)).toHaveLength(1);
    return who.user.id;
  }

  it('is run again by the daily sweep a day later; within the day the job retries alone, after two weeks an operator decides', async () => {
    const recent = await deletedWithLeftovers(0.5);
    const yesterday = await deletedWithLeftovers(2);
    const longAgo = await deletedWithLeftovers(20);
    await t.app.services.queue.run(sweepErasuresJob, {});
    await t.app.services.queue.drain();
    expect(await connectionsOf(yesterday)).toEqual([]);
    expect(await connectionsOf(recent)).toHaveLength(1);
    expect(await connectionsOf(longAgo)).toHaveLength(1);
  });

  it('closes the billing of an account whose erase stopped at the payment provider', async () => {
    const who = await signedInPremium(t.app, db);
    await deleteWhileAway(who, 2, () => vi.spyOn(t.app.services.billing, 'closeAccount'));
    // The card is still described on the account's billing: the erase did not finish.
    expect(await t.app.services.billing.accountOpen(who.user.id)).toBe(true);
    await t.app.services.queue.run(sweepErasuresJob, {});
    await t.app.services.queue.drain();
    expect(await t.app.services.billing.accountOpen(who.user.id)).toBe(false);
  });
});
