import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { AttentionPage } from '../../../common/attention.ts';
import { TURNAROUND_HOURS } from '../../../common/turnaround.ts';
import type { Db } from '../../db/client.ts';
import { connections, mfaChallenges, reports, usageRecords } from '../../db/schema.ts';
import { adminAndUserApp, caller } from '../../test/api.ts';
import { createProvider } from '../../test/connections.ts';

const HOUR = 3_600_000;
const suite = adminAndUserApp();
const call = caller(() => suite.t.app);

async function connection(db: Db, values: Partial<typeof connections.$inferInsert> = {}) {
  const provider = await createProvider(db);
  const [row] = await db
    .insert(connections)
    .values({
      userId: suite.user.user.id,
      providerId: provider.id,
      customerName: 'Customer',
      customerEmail: 'customer@example.com',
      ...values,
    })
    .returning();
  if (!row) throw new Error('no connection');
  return row;
}

async function paidRequest(
  db: Db,
  connectionId: number,
  hoursAgo: number,
  values: Partial<typeof usageRecords.$inferInsert> = {},
) {
  const [row] = await db
    .insert(usageRecords)
    .values({
      userId: suite.user.user.id,
      connectionId,
      costCents: 2999,
      status: 'billed',
      createdAt: new Date(Date.now() - hoursAgo * HOUR),
      ...values,
    })
    .returning();
  if (!row) throw new Error('no usage record');
  return row;
}

async function page(n = 1) {
  const res = await call('GET', `/api/admin/attention?page=${n}`, suite.admin.cookie);
  expect(res.statusCode).toBe(200);
  return AttentionPage.parse(res.json());
}

describe('GET /api/admin/attention', () => {
  it('lists each reason in words, overdue paid requests first, then by age', async () => {
    const db = suite.t.database.db;
    const ago = (hours: number) => new Date(Date.now() - hours * HOUR);

    const failed = await connection(db, {
      customerName: 'Refused Login',
      credentialsVerified: false,
      verificationMessage: 'Wrong password',
      verifiedAt: ago(50),
    });
    const waitingCode = await connection(db, { customerName: 'Code Awaited' });
    await db.insert(mfaChallenges).values({
      connectionId: waitingCode.id,
      tokenHash: 'hash',
      status: 'waiting_code',
      expiresAt: new Date(Date.now() + HOUR),
      createdAt: ago(1),
    });
    const noExport = await connection(db, {
      customerName: 'No Export',
      retrieval: { at: ago(3).toISOString(), bills: 2, intervalExport: 'not_found', message: '' },
    });
    const overdue = await connection(db, { customerName: 'Overdue Paid', status: 'in_progress' });
    await paidRequest(db, overdue.id, TURNAROUND_HOURS.basic + 6);
    // Asked for before the login was confirmed: charged only once the report exists.
    const recent = await connection(db, { customerName: 'Recent Paid', status: 'in_progress' });
    await paidRequest(db, recent.id, 2, { status: 'requested' });

    // Not listed: a delivered request, a request whose report is ready, a complete connection
    // with a failed check, an expired code request, a retrieval that found everything.
    const delivered = await connection(db, { customerName: 'Delivered', status: 'complete' });
    await paidRequest(db, delivered.id, 40, { fulfilledAt: ago(1) });
    const ready = await connection(db, { customerName: 'Report Ready', status: 'complete' });
    const readyRequest = await paidRequest(db, ready.id, 40);
    await db.insert(reports).values({
      connectionId: ready.id,
      userId: suite.user.user.id,
      usageRecordId: readyRequest.id,
      status: 'ready',
    });
    await connection(db, {
      customerName: 'Complete',
      status: 'complete',
      credentialsVerified: false,
    });
    const lapsed = await connection(db, { customerName: 'Code Lapsed' });
    await db.insert(mfaChallenges).values({
      connectionId: lapsed.id,
      tokenHash: 'hash2',
      status: 'waiting_code',
      expiresAt: ago(1),
    });
    await connection(db, {
      customerName: 'All Found',
      retrieval: { at: ago(3).toISOString(), bills: 2, intervalExport: 'found', message: '' },
    });
    // A utility whose data is fetched by hand: a signed-in connection waits for an upload; one
    // whose login is not checked yet, or that is complete, does not.
    const byHand = await createProvider(db, { retrieveAutomatically: false });
    const manual = (values: Partial<typeof connections.$inferInsert>) =>
      connection(db, { providerId: byHand.id, ...values });
    const awaited = await manual({
      customerName: 'Upload Awaited',
      credentialsVerified: true,
      verifiedAt: ago(4),
    });
    await manual({ customerName: 'Not Yet Checked' });
    await manual({ customerName: 'Uploaded', credentialsVerified: true, status: 'complete' });

    const body = await page();
    expect(body.items.map((i) => i.customerName)).toEqual([
      'Overdue Paid',
      'Refused Login',
      'Upload Awaited',
      'No Export',
      'Recent Paid',
      'Code Awaited',
    ]);
    expect(body.total).toBe(6);
    expect(body.overdue).toBe(1);
    const by = (name: string) => body.items.find((i) => i.customerName === name);
    expect(by('Overdue Paid')).toMatchObject({
      connectionId: overdue.id,
      reasons: ['paid_waiting'],
      why: [`Paid 30 h ago, no report: 6 h past the ${TURNAROUND_HOURS.basic}-hour turnaround`],
      paidRequest: { overdue: true },
    });
    expect(by('Recent Paid')?.why).toEqual([
      `Requested 2 h ago (charged when the report is ready), no report yet: 22 h left of the ${TURNAROUND_HOURS.basic}-hour turnaround`,
    ]);
    expect(by('Recent Paid')?.paidRequest).toMatchObject({ overdue: false, onDelivery: true });
    expect(by('Overdue Paid')?.paidRequest).toMatchObject({ onDelivery: false });
    expect(by('Refused Login')).toMatchObject({
      connectionId: failed.id,
      reasons: ['login_failed'],
      why: ['The utility portal refused the customer’s login'],
    });
    expect(by('Code Awaited')?.reasons).toEqual(['code_awaited']);
    expect(by('No Export')).toMatchObject({
      connectionId: noExport.id,
      reasons: ['retrieval_incomplete'],
      why: ['Retrieval found no interval export: upload it by hand'],
    });
    expect(by('Upload Awaited')).toMatchObject({
      connectionId: awaited.id,
      reasons: ['upload_awaited'],
      why: [
        'Automatic retrieval is off for this utility: get the bills and the interval data from its website and upload them',
      ],
    });
  });

  it('is for admins only', async () => {
    expect((await call('GET', '/api/admin/attention')).statusCode).toBe(401);
    const res = await call('GET', '/api/admin/attention', suite.user.cookie);
    expect(res.statusCode).toBe(403);
  });

  it('pages ten at a time in one order, with the total on every page', async () => {
    const db = suite.t.database.db;
    for (let i = 0; i < 12; i++) {
      await connection(db, {
        customerName: `Failed ${i}`,
        credentialsVerified: false,
        verifiedAt: new Date(Date.now() - (20 - i) * 60_000),
      });
    }
    const first = await page(1);
    const second = await page(2);
    expect(first.items).toHaveLength(10);
    expect(second.total).toBe(first.total);
    expect(second.items).toHaveLength(first.total - 10);
    const ids = [...first.items, ...second.items].map((i) => i.connectionId);
    expect(new Set(ids).size).toBe(first.total);
    const beyond = await page(9);
    expect(beyond.items).toEqual([]);
    expect(beyond.total).toBe(first.total);
    expect((await call('GET', '/api/admin/attention?page=0', suite.admin.cookie)).statusCode).toBe(
      400,
    );
  });

  it('answers a few hundred connections in one page of one query', async () => {
    const db = suite.t.database.db;
    const provider = await createProvider(db);
    const rows = await db
      .insert(connections)
      .values(
        Array.from({ length: 300 }, (_, i) => ({
          userId: suite.user.user.id,
          providerId: provider.id,
          customerName: `Bulk ${i}`,
          customerEmail: 'bulk@example.com',
          status: 'in_progress' as const,
          credentialsVerified: i % 3 === 0 ? false : null,
        })),
      )
      .returning({ id: connections.id });
    await db.insert(usageRecords).values(
      rows
        .filter((_, i) => i % 2 === 0)
        .map((r, i) => ({
          userId: suite.user.user.id,
          connectionId: r.id,
          costCents: 2999,
          status: 'billed' as const,
          createdAt: new Date(Date.now() - (i % 40) * HOUR),
        })),
    );
    const body = await page(1);
    expect(body.items).toHaveLength(10);
    // Overdue first (earliest due first), the rest by age.
    const overdue = body.items.filter((i) => i.paidRequest?.overdue);
    expect(body.items.slice(0, overdue.length)).toEqual(overdue);
    const dues = overdue.map((i) => i.paidRequest?.dueAt ?? '');
    expect([...dues].sort()).toEqual(dues);
    expect(body.overdue).toBeGreaterThan(10);
    await db.delete(usageRecords).where(eq(usageRecords.userId, suite.user.user.id));
  });
});
