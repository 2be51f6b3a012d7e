import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { Timeline, type TimelineEvent } from '../../../common/timeline.ts';
import { connections, outbox, reports, users } from '../../db/schema.ts';
import { attachFile } from '../../test/connections.ts';
import { signedIn } from '../../test/factories.ts';
import { appInTestMode } from '../billing/testing/billing-apps.ts';

// A connection's history: admins read every line with its detail, the owner the lines about
// them in plain words, anyone else nothing.

const { env, withCard, connectionOf, call } = appInTestMode();

type Who = Awaited<ReturnType<typeof signedIn>>;

async function timelineOf(who: Who, id: number) {
  const res = await call(who, 'GET', `/api/connections/${id}/timeline`);
  expect(res.statusCode).toBe(200);
  return Timeline.parse(res.json()).events;
}

const newestFirst = (events: TimelineEvent[]) =>
  events.every((e, i) => i === 0 || Date.parse(events[i - 1]?.at ?? '') >= Date.parse(e.at));

describe('a connection timeline', () => {
  it('tells the whole story to admins and the owner part of it, in plain words', async () => {
    const db = env.t.database.db;
    const owner = await withCard('basic');
    await db
      .update(users)
      .set({ email: 'owner@example.com', companyName: 'Bright Energy' })
      .where(eq(users.id, owner.user.id));
    const admin = await signedIn(env.t.app, db, 'admin');
    const id = await connectionOf(owner);
    await env.t.app.services.queue.drain();

    await attachFile(env.t.app, admin.cookie, id, {
      fileName: 'bill-june.csv',
      contentType: 'text/csv',
      body: Buffer.from('date,kwh\n2026-06-01,12\n'),
    });
    // What the last retrieval found, as the browser records it.
    await db
      .update(connections)
      .set({
        retrieval: {
          at: new Date().toISOString(),
          bills: 2,
          intervalExport: 'not_found',
          message: 'Found 2 bills on portal.example.com; no usage export link (selector #dl)',
        },
      })
      .where(eq(connections.id, id));
    const paid = await call(owner, 'POST', '/api/record-usage', { connectionId: id });
    expect(paid.statusCode).toBe(200);
    const usageId = paid.json().id as number;
    await db.insert(reports).values({
      connectionId: id,
      userId: owner.user.id,
      usageRecordId: usageId,
      status: 'ready',
      builtAt: new Date(),
    });
    const refund = await call(admin, 'POST', `/api/usage/${usageId}/refund`, {
      reason: 'The utility has no data for this account',
    });
    expect(refund.statusCode).toBe(200);
    // An admin read the login: that stays between admins.
    expect((await call(admin, 'POST', `/api/connections/${id}/credentials`)).statusCode).toBe(200);
    // An alert to an admin that names the customer is not part of the story.
    await db.insert(outbox).values({
      kind: 'attention_alert',
      toAddress: 'ops@example.com',
      subject: 'Needs attention: Dana Customer',
      textBody: 'Dana Customer needs attention',
    });

    const forAdmin = await timelineOf(admin, id);
    expect(newestFirst(forAdmin)).toBe(true);
    const kinds = new Set(forAdmin.map((e) => e.kind));
    for (const kind of ['submitted', 'file', 'charge', 'report', 'refund', 'email', 'status']) {
      expect(kinds).toContain(kind);
    }
    const titles = forAdmin.map((e) => e.title);
    // The story reads in order: submitted first, then the upload, the payment, its refund.
    const at = (title: RegExp) => titles.findIndex((t) => title.test(t));
    expect(at(/^Submitted/)).toBe(forAdmin.length - 1);
    expect(at(/^File added by our team: bill-june\.csv$/)).toBeGreaterThan(at(/^Report paid/));
    expect(at(/^Report paid: \$29\.99/)).toBeGreaterThan(at(/^Refunded: \$29\.99$/));
    expect(at(/^Report version 1 queued$/)).toBeGreaterThan(at(/^Report version 1 ready$/));
    expect(at(/^Report version 1 ready$/)).toBeGreaterThan(at(/^Refunded/));
    const detailOf = (title: RegExp) => forAdmin.find((e) => title.test(e.title))?.detail;
    expect(detailOf(/^File added/)).toMatch(/file #\d+, csv/);
    expect(detailOf(/^We looked for data/)).toContain('portal.example.com');
    expect(detailOf(/^Refunded/)).toMatch(/usage record #\d+/);
    expect(detailOf(/^Submitted/)).toContain('dana@example.com');
    const mails = forAdmin.filter((e) => e.kind === 'email');
    expect(mails.map((e) => e.detail)).toEqual(
      expect.arrayContaining([
        expect.stringContaining('to owner@example.com · new_submission'),
        expect.stringContaining('to dana@example.com · submission_received'),
      ]),
    );
    expect(forAdmin.some((e) => /ops@example\.com|Needs attention/.test(JSON.stringify(e)))).toBe(
      false,
    );

    const forOwner = await timelineOf(owner, id);
    expect(newestFirst(forOwner)).toBe(true);
    expect(forAdmin.map((e) => e.title)).toContain('credentials revealed');
    // The owner's list is the admin's without the admin-only lines, in the same order.
    expect(forOwner.map((e) => [e.at, e.kind])).toEqual(
      forAdmin.filter((e) => e.kind !== 'credentials').map((e) => [e.at, e.kind]),
    );
    for (const event of forOwner) {
      expect(event).not.toHaveProperty('detail');
      expect(event.title).not.toMatch(/@|#|usage record|portal\.example|selector/);
    }
    expect(forOwner.map((e) => e.title)).toEqual(
      expect.arrayContaining([
        'Submitted by the customer',
        'File added by our team: bill-june.csv',
        "We looked for data on the utility's website: 2 bills found",
        'Report paid: $29.99 (test mode, nothing charged)',
        'Report version 1 ready',
        'Refunded: $29.99',
        expect.stringMatching(/^Email to you: /),
        expect.stringMatching(/^Email to your customer: /),
      ]),
    );
  });

  it("answers 404 for another user's connection and for one that does not exist", async () => {
    const owner = await withCard('basic');
    const id = await connectionOf(owner);
    const other = await signedIn(env.t.app, env.t.database.db);
    const admin = await signedIn(env.t.app, env.t.database.db, 'admin');
    expect((await call(other, 'GET', `/api/connections/${id}/timeline`)).statusCode).toBe(404);
    expect((await call(owner, 'GET', '/api/connections/999999/timeline')).statusCode).toBe(404);
    expect((await call(admin, 'GET', '/api/connections/999999/timeline')).statusCode).toBe(404);
    expect((await call(null, 'GET', `/api/connections/${id}/timeline`)).statusCode).toBe(401);
  });

  it('names the emails of each connection only, for two connections of the same customer', async () => {
    const db = env.t.database.db;
    const owner = await withCard('basic');
    await db.update(users).set({ email: 'twice@example.com' }).where(eq(users.id, owner.user.id));
    const first = await connectionOf(owner);
    await env.t.app.services.queue.drain();
    const second = await connectionOf(owner);
    await env.t.app.services.queue.drain();
    const emails = async (id: number) =>
      (await timelineOf(owner, id)).filter((e) => e.kind === 'email').map((e) => e.title);
    // Each submission told the owner and the customer once, each about its own connection.
    expect(await emails(first)).toHaveLength(2);
    expect(await emails(second)).toHaveLength(2);
    const stored = await db.select().from(outbox).where(eq(outbox.toAddress, 'twice@example.com'));
    expect(stored.map((m) => m.connectionId).sort()).toEqual([first, second].sort());
  });
});
