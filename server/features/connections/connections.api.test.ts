import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Connection, ConnectionPage, Stats } from '../../../common/connections.ts';
import { OWNER_CREDENTIALS_NOTES } from '../../../common/credentials-state.ts';
import { auditLog, connections } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import {
  createProvider,
  loginAccepted,
  submission,
  submitForm,
  uploadObject,
} from '../../test/connections.ts';
import { signedIn } from '../../test/factories.ts';
import { CONFIRMED_BY_ADMIN } from './credentials.ts';
import { credentialPurgeJob } from './jobs.ts';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
let alice: Awaited<ReturnType<typeof signedIn>>;
let bob: Awaited<ReturnType<typeof signedIn>>;
let providerId: number;
let aliceConnection: number;
let bobConnection: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedIn(t.app, t.database.db, 'admin');
  alice = await signedIn(t.app, t.database.db, 'user');
  bob = await signedIn(t.app, t.database.db, 'user');
  providerId = (await createProvider(t.database.db, { name: 'Sierra Power' })).id;
  aliceConnection = (
    await submitForm(
      t.app,
      alice.user.uniqueFormUrl,
      submission(providerId, { name: 'Alice Client' }),
    )
  ).json().id;
  bobConnection = (
    await submitForm(
      t.app,
      bob.user.uniqueFormUrl,
      submission(providerId, { name: 'Bob Client', email: 'bob@corp.example' }),
    )
  ).json().id;
});
afterAll(() => t.close());

const as = (cookie: string | undefined) => ({
  get: (url: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} }),
  put: (url: string, payload: object) =>
    t.app.inject({ method: 'PUT', url, payload, headers: cookie ? { cookie } : {} }),
  post: (url: string, payload?: object) =>
    t.app.inject({ method: 'POST', url, payload, headers: cookie ? { cookie } : {} }),
  delete: (url: string) =>
    t.app.inject({ method: 'DELETE', url, headers: cookie ? { cookie } : {} }),
});

const uploadFile = (cookie: string, fileName: string, body: string) =>
  uploadObject(t.app, cookie, { fileName, contentType: 'text/plain', body });

describe('who may reach connections', () => {
  it.each([
    ['GET', '/api/connections'],
    ['GET', '/api/stats'],
  ])('%s %s is for admins only', async (_m, url) => {
    expect((await as(undefined).get(url)).statusCode).toBe(401);
    expect((await as(alice.cookie).get(url)).statusCode).toBe(403);
    expect((await as(admin.cookie).get(url)).statusCode).toBe(200);
  });

  it("never lets a user read, change or list another user's connection or files", async () => {
    const other = as(alice.cookie);
    expect((await other.get(`/api/connections/${bobConnection}`)).statusCode).toBe(404);
    expect((await other.get(`/api/connections/${bobConnection}/files`)).statusCode).toBe(404);
    expect(
      (await other.put(`/api/connections/${bobConnection}`, { status: 'complete' })).statusCode,
    ).toBe(403);
    expect((await other.post(`/api/connections/${bobConnection}/credentials`)).statusCode).toBe(
      403,
    );
    const mine = (await other.get('/api/my-connections')).json() as Connection[];
    expect(mine.map((c) => c.id)).toEqual([aliceConnection]);
  });

  it('lets an owner read their own connection, without credentials', async () => {
    const res = await as(bob.cookie).get(`/api/connections/${bobConnection}`);
    expect(res.statusCode).toBe(200);
    expect(Connection.parse(res.json())).toMatchObject({
      customerName: 'Bob Client',
      hasCredentials: true,
    });
    expect(res.body).not.toMatch(/portal-pass-123|dana-portal|Sealed/);
  });
});

describe('GET /api/connections', () => {
  it('finds by customer, owner, provider and account, and filters by status and dates', async () => {
    const admins = as(admin.cookie);
    const find = async (query: string) =>
      ConnectionPage.parse((await admins.get(`/api/connections?${query}`)).json()).items.map(
        (c) => c.id,
      );
    expect(await find('search=bob%40corp')).toEqual([bobConnection]);
    expect(await find(`search=${alice.user.username.toUpperCase()}`)).toEqual([aliceConnection]);
    expect(await find('search=sierra')).toEqual(
      expect.arrayContaining([aliceConnection, bobConnection]),
    );
    expect(await find('search=%25')).toEqual([]);
    expect(await find(`providerId=${providerId}&status=complete`)).toEqual([]);
    const today = new Date().toISOString().slice(0, 10);
    expect(await find(`from=${today}&to=${today}`)).toEqual(
      expect.arrayContaining([aliceConnection]),
    );
    expect(await find('to=2000-01-01')).toEqual([]);
    expect((await admins.get('/api/connections?from=yesterday')).statusCode).toBe(400);
  });

  it('pages ten at a time, newest first, with the total', async () => {
    const carol = await signedIn(t.app, t.database.db, 'user');
    for (let i = 0; i < 12; i++) {
      await submitForm(
        t.app,
        carol.user.uniqueFormUrl,
        submission(providerId, { name: `Paged ${i}` }),
      );
    }
    const page1 = ConnectionPage.parse(
      (await as(admin.cookie).get(`/api/connections?search=${carol.user.username}`)).json(),
    );
    expect(page1).toMatchObject({ total: 12, page: 1, pageSize: 10 });
    expect(page1.items.map((c) => c.customerName).slice(0, 2)).toEqual(['Paged 11', 'Paged 10']);
    const page2 = ConnectionPage.parse(
      (await as(admin.cookie).get(`/api/connections?search=${carol.user.username}&page=2`)).json(),
    );
    expect(page2.items.map((c) => c.customerName)).toEqual(['Paged 1', 'Paged 0']);
  });
});

describe('PUT /api/connections/:id', () => {
  it('saves the figures, treats an empty status as pending and records status changes', async () => {
    const res = await as(admin.cookie).put(`/api/connections/${aliceConnection}`, {
      startDate: '2024-01-01',
      endDate: '2024-12-31',
      usage: 45720.5,
      cost: 8247.5,
      status: 'in_progress',
      notes: 'Bills requested',
      accountName: 'Alice Co',
      accountNumber: '0000000000-0',
      serviceAddress: '2 Oak Ave',
    });
    expect(res.statusCode).toBe(200);
    expect(Connection.parse(res.json())).toMatchObject({
      usage: 45720.5,
      cost: 8247.5,
      status: 'in_progress',
      startDate: '2024-01-01',
    });
    const back = await as(admin.cookie).put(`/api/connections/${aliceConnection}`, { status: '' });
    expect(back.json().status).toBe('pending');
    const log = await t.database.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entityId, String(aliceConnection)),
          eq(auditLog.action, 'connection.status_changed'),
        ),
      );
    expect(log.map((l) => [l.actorId, l.details])).toEqual([
      [admin.user.id, { from: 'pending', to: 'in_progress' }],
      [admin.user.id, { from: 'in_progress', to: 'pending' }],
    ]);
  });

  it.each([
    [{ usage: 'lots' }, 'Usage must be a number'],
    [{ cost: 1.234 }, 'Cost allows at most 2 decimals'],
    [{ cost: -1 }, 'Cost cannot be negative'],
    [{ status: 'done' }, undefined],
    [{ startDate: '01/02/2024' }, 'Dates must be YYYY-MM-DD'],
  ])('refuses %j', async (payload, message) => {
    const res = await as(admin.cookie).put(`/api/connections/${aliceConnection}`, payload);
    expect(res.statusCode).toBe(400);
    if (message) expect(res.json()).toEqual({ message });
  });
});

describe('credentials', () => {
  it('reveals them to admins only, writing each reveal to the audit log', async () => {
    const res = await as(admin.cookie).post(`/api/connections/${bobConnection}/credentials`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      utilityUsername: 'dana-portal',
      utilityPassword: 'portal-pass-123',
    });
    const log = await t.database.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entityId, String(bobConnection)),
          eq(auditLog.action, 'connection.credentials_revealed'),
        ),
      );
    expect(log).toHaveLength(1);
    expect(log[0]?.actorId).toBe(admin.user.id);
  });

  it('purges them when the connection is completed', async () => {
    const created = await submitForm(t.app, bob.user.uniqueFormUrl, submission(providerId));
    const id = created.json().id;
    await as(admin.cookie).put(`/api/connections/${id}`, { status: 'complete' });
    const [row] = await t.database.db.select().from(connections).where(eq(connections.id, id));
    expect(row?.utilityPasswordSealed).toBeNull();
    expect(row?.utilityUsernameSealed).toBeNull();
    expect(row?.credentialsPurgedAt).toBeInstanceOf(Date);
    const detail = Connection.parse((await as(admin.cookie).get(`/api/connections/${id}`)).json());
    expect(detail).toMatchObject({ hasCredentials: false });
    expect(detail.credentialsPurgedAt).not.toBeNull();
    const reveal = await as(admin.cookie).post(`/api/connections/${id}/credentials`);
    expect(reveal.statusCode).toBe(410);
    expect(reveal.json().message).toMatch(/^The credentials were purged on \d{4}-\d{2}-\d{2}$/);
  });

  it('lets an admin confirm by hand a login the check could not judge: verified from then on, audited once', async () => {
    const id = (await submitForm(t.app, bob.user.uniqueFormUrl, submission(providerId))).json().id;
    await t.app.services.queue.drain();
    const couldNotTell = 'We could not check this login automatically.';
    await t.database.db
      .update(connections)
      .set({ credentialsVerified: null, verificationMessage: couldNotTell })
      .where(eq(connections.id, id));
    const url = `/api/connections/${id}/credentials/confirm`;
    expect((await as(undefined).post(url)).statusCode).toBe(401);
    expect((await as(bob.cookie).post(url)).statusCode).toBe(403);

    const res = await as(admin.cookie).post(url);
    expect(res.statusCode).toBe(200);
    expect(Connection.parse(res.json())).toMatchObject({
      credentialsVerified: true,
      verificationMessage: CONFIRMED_BY_ADMIN,
    });
    // The owner sees it as verified too.
    const owned = Connection.parse((await as(bob.cookie).get(`/api/connections/${id}`)).json());
    expect(owned.credentialsVerified).toBe(true);
    // Confirming again changes nothing and writes no second line.
    expect((await as(admin.cookie).post(url)).statusCode).toBe(200);
    const lines = await t.database.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.entityId, String(id)), eq(auditLog.action, 'connection.login_confirmed')),
      );
    expect(lines.map((l) => l.actorId)).toEqual([admin.user.id]);

    // Nothing to confirm once the login is gone, nor on a connection that does not exist.
    await as(admin.cookie).put(`/api/connections/${id}`, { status: 'complete' });
    const purged = await as(admin.cookie).post(url);
    expect(purged.statusCode).toBe(410);
    expect(purged.json().message).toMatch(/^The credentials were purged on .*no login to confirm$/);
    expect(
      (await as(admin.cookie).post('/api/connections/999999/credentials/confirm')).statusCode,
    ).toBe(404);
  });

  it('purges them after the retention period, by the scheduled job', async () => {
    const created = await submitForm(t.app, bob.user.uniqueFormUrl, submission(providerId));
    const id = created.json().id;
    const old = new Date(Date.now() - 31 * 86_400_000);
    await t.database.db.update(connections).set({ createdAt: old }).where(eq(connections.id, id));
    await t.app.services.queue.run(credentialPurgeJob, {});
    const [row] = await t.database.db.select().from(connections).where(eq(connections.id, id));
    expect(row?.utilityPasswordSealed).toBeNull();
    const [fresh] = await t.database.db
      .select()
      .from(connections)
      .where(eq(connections.id, bobConnection));
    expect(fresh?.utilityPasswordSealed).not.toBeNull();
  });
});

describe('files', () => {
  it('records an uploaded file, lists it for the owner, serves it, and deletes it with its object', async () => {
    const upload = await uploadFile(admin.cookie, 'March Bill.PDF', '%PDF-1.4 bill');
    const res = await as(admin.cookie).put(`/api/connections/${bobConnection}/files`, {
      fileUrl: upload.uploadURL,
      fileName: 'March Bill.PDF',
      fileType: 'csv',
      fileSize: 1,
    });
    expect(res.statusCode).toBe(201);
    const file = res.json();
    expect(file).toMatchObject({ fileName: 'March Bill.PDF', fileType: 'pdf', fileSize: 13 });

    const owned = await as(bob.cookie).get(`/api/connections/${bobConnection}/files`);
    expect(owned.json().map((f: { id: number }) => f.id)).toEqual([file.id]);
    // The owner downloads once a report on the connection is paid for (test mode here).
    expect((await as(bob.cookie).get(file.fileUrl)).statusCode).toBe(402);
    await as(bob.cookie).post('/api/billing/test-card', { plan: 'basic' });
    await loginAccepted(t.app, bobConnection);
    const bought = await as(bob.cookie).post('/api/record-usage', { connectionId: bobConnection });
    expect(bought.json().status).toBe('billed');
    const download = await as(bob.cookie).get(file.fileUrl);
    expect(download.statusCode).toBe(302);
    const body = await t.app.inject({ method: 'GET', url: String(download.headers.location) });
    expect(body.body).toBe('%PDF-1.4 bill');
    expect(body.headers['content-disposition']).toContain('March Bill.PDF');
    expect((await as(alice.cookie).get(file.fileUrl)).statusCode).toBe(404);

    expect((await as(bob.cookie).delete(`/api/files/${file.id}`)).statusCode).toBe(403);
    const deleted = await as(admin.cookie).delete(`/api/files/${file.id}`);
    expect(deleted.statusCode).toBe(200);
    expect(await t.app.services.store.head(upload.key)).toBeNull();
    expect((await as(bob.cookie).get(`/api/connections/${bobConnection}/files`)).json()).toEqual(
      [],
    );
  });

  it('refuses to record a file that was never uploaded, or twice', async () => {
    const missing = await as(admin.cookie).put(`/api/connections/${bobConnection}/files`, {
      fileUrl: '/api/storage/files/never-uploaded.csv?sig=x',
      fileName: 'usage.csv',
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ message: 'The file was not uploaded' });
    const upload = await uploadFile(admin.cookie, 'usage.csv', 'a,b');
    const record = { fileUrl: upload.uploadURL, fileName: 'usage.csv' };
    expect(
      (await as(admin.cookie).put(`/api/connections/${bobConnection}/files`, record)).statusCode,
    ).toBe(201);
    expect(
      (await as(admin.cookie).put(`/api/connections/${aliceConnection}/files`, record)).statusCode,
    ).toBe(409);
  });
});

describe('GET /api/stats', () => {
  it('counts from the data, with this month against last', async () => {
    const stats = Stats.parse((await as(admin.cookie).get('/api/stats')).json());
    const all = await t.database.db.select().from(connections);
    expect(stats.totalConnections).toBe(all.length);
    expect(stats.trends.totalConnections.thisMonth).toBe(
      all.filter(
        (c) =>
          c.createdAt >=
          new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), 1)),
      ).length,
    );
    expect(stats.activeProviders).toBeGreaterThanOrEqual(1);
    expect(stats.filesUploaded).toBe(1);
    // Failed webhook deliveries, counted in webhooks.api.test.ts; none here.
    expect(stats.webhookAlerts).toBe(0);
  });
});

describe('what the owner reads about the login and the retrieval', () => {
  it('plain words for the owner, the technical detail for admins', async () => {
    const technical =
      'its host name m.pge.com could not be resolved (ENOTFOUND). An admin must check the provider selectors.';
    await t.app.services.connections.recordVerification(
      bobConnection,
      { verified: false, message: technical },
      { announce: false },
    );
    await t.database.db
      .update(connections)
      .set({
        retrieval: {
          at: new Date().toISOString(),
          bills: 2,
          intervalExport: 'not_found',
          message: 'No export link matched selector a.green-button; download it by hand.',
        },
      })
      .where(eq(connections.id, bobConnection));

    const ownList = await as(bob.cookie).get('/api/my-connections');
    const own = (ownList.json() as Connection[]).find((c) => c.id === bobConnection);
    const ownOne = Connection.parse(
      (await as(bob.cookie).get(`/api/connections/${bobConnection}`)).json(),
    );
    for (const seen of [own, ownOne]) {
      expect(seen?.verificationMessage).toBe(OWNER_CREDENTIALS_NOTES.failed);
      expect(seen?.retrieval?.message).toBe(
        "We found 2 bills on the utility's website; our team gets the usage data another way.",
      );
      expect(JSON.stringify(seen)).not.toMatch(/ENOTFOUND|selector|m\.pge\.com/);
    }

    const adminOne = Connection.parse(
      (await as(admin.cookie).get(`/api/connections/${bobConnection}`)).json(),
    );
    expect(adminOne.verificationMessage).toBe(technical);
    expect(adminOne.retrieval?.message).toMatch(/selector a\.green-button/);

    // A check that could not judge: the owner reads that we keep trying.
    await t.app.services.connections.recordVerification(
      bobConnection,
      { verified: null, message: 'The login page did not load (net::ERR_CONNECTION_REFUSED).' },
      { announce: false },
    );
    const later = Connection.parse(
      (await as(bob.cookie).get(`/api/connections/${bobConnection}`)).json(),
    );
    expect(later.verificationMessage).toBe(OWNER_CREDENTIALS_NOTES.unchecked);
  });
});
