import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { UsageResponse } from '../../../common/billing.ts';
import { connections, usageRecords } from '../../db/schema.ts';
import { uploadObject } from '../../test/connections.ts';
import { signedIn } from '../../test/factories.ts';
import { settlePendingUsageJob } from './jobs.ts';
import { appInTestMode } from './testing/billing-apps.ts';

// What follows a purchase, in test mode: the files unlocked for the owner, an admin's refund and
// list of a connection's requests, and the job that settles requests a crash left pending.

const { env, call, connectionOf, withCard } = appInTestMode();

describe('paid access to files', () => {
  it('lets the owner download only after paying for a report; admins always', async () => {
    const owner = await withCard('basic');
    const admin = await signedIn(env.t.app, env.t.database.db, 'admin');
    const id = await connectionOf(owner);
    const upload = await uploadObject(env.t.app, admin.cookie, {
      fileName: 'bill.pdf',
      contentType: 'application/pdf',
      body: '%PDF-1.4 test',
    });
    const file = (
      await env.t.app.inject({
        method: 'PUT',
        url: `/api/connections/${id}/files`,
        headers: { cookie: admin.cookie },
        payload: { fileUrl: upload.uploadURL, fileName: 'bill.pdf' },
      })
    ).json();
    const before = await call(owner, 'GET', file.fileUrl);
    expect(before.statusCode).toBe(402);
    expect(before.json().message).toMatch(/Generate a report/);
    expect((await call(admin, 'GET', file.fileUrl)).statusCode).toBe(302);

    await call(owner, 'POST', '/api/record-usage', { connectionId: id });
    expect((await call(owner, 'GET', file.fileUrl)).statusCode).toBe(302);
    const stranger = await signedIn(env.t.app, env.t.database.db);
    expect((await call(stranger, 'GET', file.fileUrl)).statusCode).toBe(404);
  });
});

describe('POST /api/usage/:id/refund', () => {
  it('is for admins; refunds once, takes it out of the total, and allows a new request', async () => {
    const owner = await withCard('basic');
    const id = await connectionOf(owner);
    const bought = (await call(owner, 'POST', '/api/record-usage', { connectionId: id })).json();
    const reason = { reason: 'The utility has no online account for this meter' };
    expect((await call(owner, 'POST', `/api/usage/${bought.id}/refund`, reason)).statusCode).toBe(
      403,
    );
    const admin = await signedIn(env.t.app, env.t.database.db, 'admin');
    const res = await call(admin, 'POST', `/api/usage/${bought.id}/refund`, reason);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'refunded' });
    expect(res.json().statusMessage).toMatch(/no online account/);
    const again = await call(admin, 'POST', `/api/usage/${bought.id}/refund`, reason);
    expect(again.json().status).toBe('refunded');
    const usage = UsageResponse.parse((await call(owner, 'GET', '/api/usage')).json());
    expect(usage.totalCostCents).toBe(0);
    // Refunded is not paid: the files are locked again, and a new request may be made.
    const next = await call(owner, 'POST', '/api/record-usage', { connectionId: id });
    expect(next.json().id).not.toBe(bought.id);
  });
});

describe('GET /api/connections/:id/usage', () => {
  it("lists a connection's requests for admins only", async () => {
    const owner = await withCard('basic');
    const id = await connectionOf(owner);
    const bought = (await call(owner, 'POST', '/api/record-usage', { connectionId: id })).json();
    expect((await call(owner, 'GET', `/api/connections/${id}/usage`)).statusCode).toBe(403);
    const admin = await signedIn(env.t.app, env.t.database.db, 'admin');
    const res = await call(admin, 'GET', `/api/connections/${id}/usage`);
    expect(res.json().map((r: { id: number }) => r.id)).toEqual([bought.id]);
  });
});

describe('the settle-pending job', () => {
  it('settles a request a crash left pending, and leaves a fresh one alone', async () => {
    const owner = await withCard('basic');
    const [stale, fresh] = [await connectionOf(owner), await connectionOf(owner)];
    const old = new Date(Date.now() - 10 * 60 * 1000);
    const rows = await env.t.database.db
      .insert(usageRecords)
      .values([
        {
          userId: owner.user.id,
          connectionId: stale,
          costCents: 2999,
          testMode: true,
          createdAt: old,
          updatedAt: old,
        },
        { userId: owner.user.id, connectionId: fresh, costCents: 2999, testMode: true },
      ])
      .returning();
    await env.t.app.services.queue.run(settlePendingUsageJob, {});
    const after = await env.t.database.db
      .select()
      .from(usageRecords)
      .where(eq(usageRecords.userId, owner.user.id));
    const statusOf = (id: number | undefined) => after.find((r) => r.id === id)?.status;
    expect(statusOf(rows[0]?.id)).toBe('billed');
    expect(statusOf(rows[1]?.id)).toBe('pending');
    const [moved] = await env.t.database.db
      .select()
      .from(connections)
      .where(eq(connections.id, stale));
    expect(moved?.status).toBe('in_progress');
  });
});
