import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ReportCardPage, type ReportVersion, ReportVersionList } from '../../../common/reports.ts';
import { outbox, reports, usageRecords, webhookDeliveries } from '../../db/schema.ts';
import { findChromium } from '../../lib/browser/chromium-path.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import {
  createProvider,
  loginAccepted,
  submission,
  submitForm,
  uploadObject,
} from '../../test/connections.ts';
import { createUser, login, signedIn } from '../../test/factories.ts';
import { type SmtpPeer, startSmtpPeer } from '../../test/smtp-peer.ts';
import { UTILITY_FIXTURES } from '../../test/utility-fixtures.ts';
import { recoverBuildsJob } from './jobs.ts';
import { claimForBuild, renewLease, settleBuild } from './records.ts';
import { pdfText, unzip } from './testing/downloads.ts';

// The whole delivery on the real app: a paid request, the admin's files, the build (Chromium
// prints the PDF), the email through a real SMTP peer, and the three downloads.

const FIXTURES = UTILITY_FIXTURES;
const ESPI = readFileSync(
  path.join(FIXTURES, 'espi/gba_openespi_15min_14days_cost_usagesummary.xml'),
);
const BILL = readFileSync(path.join(FIXTURES, 'bills/pge_3ce_anonymous_sample_bill_2022-12.pdf'));
const PGE_CSV = readFileSync(
  path.join(FIXTURES, 'csv/pge_dmd_hourly_2024-02-01_to_2025-01-31.csv'),
);
const HOSTILE = '<img src=x onerror=alert(1)>';

let t: TestApp;
let smtp: SmtpPeer;
let providerId: number;
let admin: { cookie: string };

beforeAll(async () => {
  smtp = await startSmtpPeer();
  t = await createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://reports.example.com' });
  providerId = (await createProvider(t.database.db, { name: 'Green Button Electric' })).id;
  admin = await signedIn(t.app, t.database.db, 'admin');
}, 60_000);
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

type Who = { cookie: string };
const call = (who: Who | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: who ? { cookie: who.cookie } : {} });

/** A user with an email and the test card, and a connection their customer submitted. */
async function paidConnection(overrides: Record<string, unknown> = {}) {
  const user = await createUser(t.database.db, { email: `owner-${Date.now()}@example.com` });
  const owner = { user, cookie: await login(t.app, user.username) };
  expect((await call(owner, 'POST', '/api/billing/test-card', { plan: 'basic' })).statusCode).toBe(
    200,
  );
  const form = await submitForm(t.app, user.uniqueFormUrl, submission(providerId, overrides));
  const connectionId = form.json().id as number;
  await loginAccepted(t.app, connectionId);
  const paid = await call(owner, 'POST', '/api/record-usage', { connectionId });
  expect(paid.json().status).toBe('billed');
  await t.app.services.queue.drain();
  return { owner, connectionId, usageRecordId: paid.json().id as number };
}

async function addFile(connectionId: number, fileName: string, body: Buffer, type: string) {
  const upload = await uploadObject(t.app, admin.cookie, { fileName, contentType: type, body });
  const res = await call(admin, 'PUT', `/api/connections/${connectionId}/files`, {
    fileUrl: upload.uploadURL,
    fileName,
  });
  expect(res.statusCode).toBe(201);
}

async function complete(connectionId: number) {
  const res = await call(admin, 'PUT', `/api/connections/${connectionId}`, { status: 'complete' });
  expect(res.statusCode).toBe(200);
  await t.app.services.queue.drain();
}

async function versions(who: Who, connectionId: number) {
  const res = await call(who, 'GET', `/api/connections/${connectionId}/reports`);
  expect(res.statusCode).toBe(200);
  return ReportVersionList.parse(res.json()).reports;
}

/** Follows a download redirect to the signed object URL and returns the bytes. */
async function download(who: Who | null, url: string) {
  const res = await call(who, 'GET', url);
  expect(res.statusCode).toBe(302);
  const location = new URL(String(res.headers.location), 'http://localhost');
  const file = await t.app.inject({ method: 'GET', url: location.pathname + location.search });
  expect(file.statusCode).toBe(200);
  return { bytes: file.rawPayload, disposition: String(file.headers['content-disposition']) };
}

const sha256 = async (bytes: Buffer) =>
  (await import('node:crypto')).createHash('sha256').update(bytes).digest('hex');

describe('a paid report, from the request to the downloads', () => {
  let flow: Awaited<ReturnType<typeof paidConnection>>;
  let ready: ReportVersion;

  beforeAll(async () => {
    const hook = await call(admin, 'POST', '/api/webhooks', {
      url: 'https://hooks.example.com/reports',
      events: ['report.ready'],
    });
    expect(hook.statusCode).toBe(201);
    flow = await paidConnection({ name: 'Harbor Bakery' });
    // Paid, but the data is not there yet: nothing is built while the connection is in progress.
    expect(await versions(flow.owner, flow.connectionId)).toEqual([]);
    await addFile(flow.connectionId, 'green-button.xml', ESPI, 'application/xml');
    await addFile(flow.connectionId, 'statement-2022-12.pdf', BILL, 'application/pdf');
    await t.app.services.queue.drain();
    expect(await versions(flow.owner, flow.connectionId)).toEqual([]);
    await complete(flow.connectionId);
    const [latest] = await versions(flow.owner, flow.connectionId);
    if (!latest) throw new Error('no report was built');
    ready = latest;
  }, 120_000);

  it('builds version 1 with the figures of the interval data', () => {
    expect(ready).toMatchObject({ version: 1, status: 'ready', trigger: 'paid', error: null });
    expect(ready.summary).toMatchObject({ figuresFrom: 'intervals', statements: 1 });
    expect(ready.summary?.usageKwh).toBe(1391.666);
    expect(ready.downloads?.pdf).toBe(`/api/reports/${ready.id}/download/pdf`);
  });

  it('closes the paid request: the next Generate Report is a new purchase', async () => {
    const [row] = await t.database.db
      .select()
      .from(usageRecords)
      .where(eq(usageRecords.id, flow.usageRecordId));
    expect(row?.fulfilledAt).toBeInstanceOf(Date);
  });

  it('prints a PDF whose text carries the figures (pdftotext)', async () => {
    const pdf = await download(flow.owner, `/api/reports/${ready.id}/download/pdf`);
    expect(pdf.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.disposition).toContain(`utility-report-${ready.id}.pdf`);
    const text = pdfText(pdf.bytes);
    expect(text).toContain('1,391.67');
    expect(text).toContain('Harbor Bakery');
    expect(text).toContain('Green Button Electric');
    // The bill in the ESPI file reconciles with the intervals over its period.
    expect(text).toContain('1,298.64');
    expect(text).toMatch(/Page 1 of \d+/);
  });

  it('names the HTML download utility-report-{id}.html', async () => {
    const html = await download(admin, `/api/reports/${ready.id}/download/html`);
    expect(html.disposition).toContain(`utility-report-${ready.id}.html`);
    expect(html.bytes.toString()).toContain('1,391.67');
  });

  it('bundles everything in a ZIP whose manifest hashes every file', async () => {
    const zip = await download(flow.owner, `/api/reports/${ready.id}/download/zip`);
    const files = await unzip(zip.bytes);
    expect([...files.keys()].sort()).toEqual(
      [
        `utility-report-${ready.id}.pdf`,
        `utility-report-${ready.id}.html`,
        'statements/statement-2022-12.pdf',
        'interval-files/green-button.xml',
        'intervals-15min.csv',
        'green-button-espi.xml',
        'manifest.json',
      ].sort(),
    );
    expect(files.get('statements/statement-2022-12.pdf')?.equals(BILL)).toBe(true);
    expect(files.get('interval-files/green-button.xml')?.equals(ESPI)).toBe(true);
    const manifest = JSON.parse(String(files.get('manifest.json')));
    expect(manifest.summary).toMatchObject({ usageKwh: 1391.666, costDollars: 149.99 });
    expect(manifest.files).toHaveLength(6);
    for (const entry of manifest.files) {
      const bytes = files.get(entry.name);
      if (!bytes) throw new Error(`${entry.name} is in the manifest but not in the ZIP`);
      expect(entry.size).toBe(bytes.byteLength);
      expect(entry.sha256).toBe(await sha256(bytes));
    }
    // The standard CSV holds the 1,340 readings: a header and one row per 15 minutes.
    const csv = String(files.get('intervals-15min.csv')).trim().split('\n');
    expect(csv.length).toBeGreaterThanOrEqual(1341);
    expect(String(files.get('green-button-espi.xml'))).toContain('IntervalReading');
  });

  it('emails the owner the figures and links that work without a session', async () => {
    const mail = await smtp.waitFor(
      (m) => m.to === flow.owner.user.email && /report/i.test(m.subject),
      10_000,
    );
    expect(mail.subject).toMatch(/report/i);
    expect(mail.text).toContain('1,391.67');
    const link = mail.text.match(
      new RegExp(
        `https://reports\\.example\\.com(/api/reports/${ready.id}/download/zip\\?token=[^\\s]+)`,
      ),
    )?.[1];
    if (!link) throw new Error(`no ZIP link in: ${mail.text}`);
    const zip = await download(null, link);
    expect(zip.bytes.subarray(0, 2).toString()).toBe('PK');
    // The PDF is small enough to travel with the message.
    expect(mail.attachments.map((a) => a.filename)).toContain(`utility-report-${ready.id}.pdf`);
    const [sent] = await t.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.toAddress, flow.owner.user.email ?? ''));
    expect(sent?.status).toBe('sent');
  });

  it('announces report.ready to webhooks with signed links and never a credential', async () => {
    const [delivery] = await t.database.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.event, 'report.ready'));
    const payload = JSON.stringify(delivery?.payload);
    expect(delivery?.payload).toMatchObject({
      event: 'report.ready',
      data: { reportId: ready.id, connectionId: flow.connectionId, version: 1 },
    });
    expect(payload).toMatch(
      new RegExp(`https://reports\\.example\\.com/api/reports/${ready.id}/download/pdf\\?token=`),
    );
    expect(payload).not.toContain('portal-pass-123');
    expect(payload).not.toContain('dana-portal');
  });

  it('refuses a link whose token was made for another report or was altered', async () => {
    const mail = await smtp.waitFor(
      (m) => m.to === flow.owner.user.email && /report/i.test(m.subject),
      10_000,
    );
    const token = mail.text.match(/token=([A-Za-z0-9_.-]+)/)?.[1] ?? '';
    const other = await call(
      null,
      'GET',
      `/api/reports/${ready.id + 1000}/download/pdf?token=${token}`,
    );
    expect(other.statusCode).toBe(404);
    const altered = `${token.slice(0, -2)}xx`;
    const bad = await call(null, 'GET', `/api/reports/${ready.id}/download/pdf?token=${altered}`);
    expect(bad.statusCode).toBe(404);
    const none = await call(null, 'GET', `/api/reports/${ready.id}/download/pdf`);
    expect(none.statusCode).toBe(404);
  });

  it('keeps every user away from another user’s report', async () => {
    const stranger = await signedIn(t.app, t.database.db);
    for (const url of [
      `/api/connections/${flow.connectionId}/reports`,
      `/api/reports/${ready.id}/preview`,
      `/api/reports/${ready.id}/download/html`,
      `/api/reports/${ready.id}/download/pdf`,
      `/api/reports/${ready.id}/download/zip`,
    ]) {
      expect((await call(stranger, 'GET', url)).statusCode, url).toBe(404);
    }
    expect((await call(stranger, 'GET', '/api/my/reports')).json().reports).toEqual([]);
    expect((await call(stranger, 'GET', '/api/reports')).statusCode).toBe(403);
    expect(
      (await call(stranger, 'POST', `/api/connections/${flow.connectionId}/reports`)).statusCode,
    ).toBe(403);
    expect((await call(null, 'GET', '/api/reports')).statusCode).toBe(401);
    expect(
      (await call(null, 'GET', `/api/connections/${flow.connectionId}/reports`)).statusCode,
    ).toBe(401);
    expect((await call(null, 'GET', `/api/reports/${ready.id}/preview`)).statusCode).toBe(401);
  });

  it('lists the owner’s report on their dashboard', async () => {
    const mine = (await call(flow.owner, 'GET', '/api/my/reports')).json();
    expect(mine.reports.map((r: ReportVersion) => r.id)).toEqual([ready.id]);
  });

  it('shows admins one card per connection, complete by default, searchable', async () => {
    const res = await call(admin, 'GET', `/api/reports?search=${flow.owner.user.username}`);
    const page = ReportCardPage.parse(res.json());
    expect(page.items).toHaveLength(1);
    expect(page.items[0]).toMatchObject({
      connectionId: flow.connectionId,
      customerName: 'Harbor Bakery',
      connectionStatus: 'complete',
      paidRequestOpen: false,
      versions: 1,
      latest: { id: ready.id, status: 'ready' },
    });
    const pending = ReportCardPage.parse(
      (
        await call(admin, 'GET', `/api/reports?search=${flow.owner.user.username}&status=pending`)
      ).json(),
    );
    expect(pending.items).toEqual([]);
    expect((await call(admin, 'GET', '/api/reports?status=nope')).statusCode).toBe(400);
  });

  it('serves the preview sandboxed, framable only by the app', async () => {
    const res = await call(admin, 'GET', `/api/reports/${ready.id}/preview`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(String(res.headers['content-security-policy'])).toMatch(/^sandbox;/);
    expect(String(res.headers['content-security-policy'])).toContain("frame-ancestors 'self'");
    expect(res.body).toContain('Harbor Bakery');
  });

  it('adds a version on Rebuild and when files change; earlier versions stay downloadable', async () => {
    const rebuilt = await call(admin, 'POST', `/api/connections/${flow.connectionId}/reports`);
    expect(rebuilt.statusCode).toBe(202);
    expect(rebuilt.json().report).toMatchObject({ version: 2, status: 'queued', trigger: 'admin' });
    await t.app.services.queue.drain();
    await addFile(flow.connectionId, 'statement-2022-11.pdf', BILL, 'application/pdf');
    await t.app.services.queue.drain();
    const all = await versions(admin, flow.connectionId);
    expect(all.map((v) => [v.version, v.status, v.trigger])).toEqual([
      [3, 'ready', 'files_changed'],
      [2, 'ready', 'admin'],
      [1, 'ready', 'paid'],
    ]);
    expect(all[0]?.summary?.statements).toBe(2);
    const first = await download(flow.owner, `/api/reports/${ready.id}/download/pdf`);
    expect(first.bytes.subarray(0, 5).toString()).toBe('%PDF-');
  });
});

describe('the figures of a year of PG&E data', () => {
  it('are 1668.51 kWh and $651.19 in the API, the manifest and the CSV, and 1,668.51 on paper', async () => {
    const california = (await createProvider(t.database.db, { state: 'California' })).id;
    const user = await createUser(t.database.db, { email: `pge-${Date.now()}@example.com` });
    const owner = { user, cookie: await login(t.app, user.username) };
    await call(owner, 'POST', '/api/billing/test-card', { plan: 'basic' });
    const form = await submitForm(t.app, user.uniqueFormUrl, submission(california));
    const connectionId = form.json().id as number;
    await loginAccepted(t.app, connectionId);
    expect((await call(owner, 'POST', '/api/record-usage', { connectionId })).statusCode).toBe(200);
    await addFile(connectionId, 'pge-usage.csv', PGE_CSV, 'text/csv');
    await complete(connectionId);
    const [report] = await versions(owner, connectionId);
    // The sums are 1668.5100000000168 kWh and 651.1899999999987 dollars before rounding.
    expect(report?.summary).toMatchObject({
      figuresFrom: 'intervals',
      usageKwh: 1668.51,
      costDollars: 651.19,
    });
    const noise = /\d\.\d{6,}/;
    expect(JSON.stringify(report?.summary)).not.toMatch(noise);

    const files = await unzip(
      (await download(owner, `/api/reports/${report?.id}/download/zip`)).bytes,
    );
    const manifestText = String(files.get('manifest.json'));
    expect(manifestText).not.toMatch(noise);
    expect(JSON.parse(manifestText).summary).toMatchObject({
      usageKwh: 1668.51,
      costDollars: 651.19,
    });

    // Every kWh of the CSV to the watt-hour at most, and the column sums to the total.
    const rows = String(files.get('intervals-15min.csv')).trim().split('\n').slice(1);
    let delivered = 0;
    for (const row of rows) {
      const [, , kWh = '', received = '', net = ''] = row.split(',');
      for (const value of [kWh, received, net]) expect(value).toMatch(/^(-?\d+(\.\d{1,3})?)?$/);
      delivered += Number(kWh) * 1000;
    }
    expect(Math.round(delivered)).toBe(1_668_510);

    const html = String(files.get(`utility-report-${report?.id}.html`));
    expect(html).toContain('1,668.51 kWh');
    expect(html).toContain('$651.19');
  }, 120_000);
});

describe('a connection completed before it is paid for', () => {
  it('is built as soon as the payment is recorded', async () => {
    const user = await createUser(t.database.db, { email: `early-${Date.now()}@example.com` });
    const owner = { user, cookie: await login(t.app, user.username) };
    await call(owner, 'POST', '/api/billing/test-card', { plan: 'basic' });
    const form = await submitForm(t.app, user.uniqueFormUrl, submission(providerId));
    const connectionId = form.json().id as number;
    await complete(connectionId);
    expect(await versions(admin, connectionId)).toEqual([]);

    const paid = await call(owner, 'POST', '/api/record-usage', { connectionId });
    expect(paid.json().status).toBe('billed');
    await t.app.services.queue.drain();
    const [report] = await versions(owner, connectionId);
    expect(report).toMatchObject({ version: 1, status: 'ready', trigger: 'paid' });
  }, 60_000);
});

describe('a report without data', () => {
  it('is built anyway and says what is missing, inventing no figure', async () => {
    const flow = await paidConnection({ name: 'Empty Lot LLC' });
    await complete(flow.connectionId);
    const [report] = await versions(flow.owner, flow.connectionId);
    expect(report).toMatchObject({ status: 'ready', version: 1 });
    expect(report?.summary?.usageKwh ?? null).toBeNull();
    expect(report?.summary?.missing.length).toBeGreaterThan(0);
    const html = (await download(flow.owner, `/api/reports/${report?.id}/download/html`)).bytes;
    expect(html.toString()).not.toMatch(/NaN|undefined/);
  }, 60_000);

  it('lists a corrupt interval file with its import error', async () => {
    const flow = await paidConnection({ name: 'Broken File Co' });
    await addFile(flow.connectionId, 'usage.csv', Buffer.from('not,a\nmeter,export\n'), 'text/csv');
    await complete(flow.connectionId);
    const [report] = await versions(flow.owner, flow.connectionId);
    expect(report?.status).toBe('ready');
    const html = (await download(flow.owner, `/api/reports/${report?.id}/download/html`)).bytes;
    expect(html.toString()).toContain('usage.csv');
    expect(html.toString()).toMatch(/could not|failed|error/i);
  }, 60_000);
});

describe('hostile values', () => {
  it('run no script in the preview, the HTML download or the PDF source, and make no request', async () => {
    const flow = await paidConnection({
      name: HOSTILE,
      notes: HOSTILE,
      address: `"><script>alert(2)</script>`,
    });
    await addFile(flow.connectionId, `${HOSTILE}.xml`, ESPI, 'application/xml');
    await complete(flow.connectionId);
    const [report] = await versions(flow.owner, flow.connectionId);
    if (!report) throw new Error('no report');
    const preview = (await call(admin, 'GET', `/api/reports/${report.id}/preview`)).body;
    const html = (await download(flow.owner, `/api/reports/${report.id}/download/html`)).bytes;
    expect(preview).not.toContain('<img src=x');
    expect(preview).not.toContain('<script>alert');
    expect(html.toString()).toBe(preview);
    const browser = await chromium.launch({
      executablePath: findChromium(undefined, process.env.PATH ?? ''),
      args: ['--no-sandbox'],
    });
    try {
      const page = await browser.newPage();
      const dialogs: string[] = [];
      const requests: string[] = [];
      page.on('dialog', (d) => {
        dialogs.push(d.message());
        void d.dismiss();
      });
      await page.route('**/*', (route) => {
        requests.push(route.request().url());
        return route.abort();
      });
      await page.setContent(preview, { waitUntil: 'load' });
      await page.waitForTimeout(200);
      expect(dialogs).toEqual([]);
      expect(requests).toEqual([]);
      expect(await page.textContent('body')).toContain(HOSTILE);
    } finally {
      await browser.close();
    }
    const pdf = (await download(flow.owner, `/api/reports/${report.id}/download/pdf`)).bytes;
    expect(pdfText(pdf)).toContain('<img src=x onerror=alert(1)>');
  }, 90_000);
});

describe('a build cut off by a crash', () => {
  /**
   * A connection with a ready version 1 and a version 2 left `building` as of `claimedAt`, as
   * new files would have started it (the owner is emailed when it is ready).
   */
  async function cutOff(name: string, claimedAt: Date) {
    const flow = await paidConnection({ name });
    await addFile(flow.connectionId, 'green-button.xml', ESPI, 'application/xml');
    await complete(flow.connectionId);
    const queued = await call(admin, 'POST', `/api/connections/${flow.connectionId}/reports`);
    const id = queued.json().report.id as number;
    await t.app.services.queue.drain();
    await t.database.db
      .update(reports)
      .set({ status: 'building', trigger: 'files_changed', updatedAt: claimedAt, htmlKey: null })
      .where(eq(reports.id, id));
    return { ...flow, id };
  }
  const statusOf = async (id: number) =>
    (await t.database.db.select().from(reports).where(eq(reports.id, id)))[0];
  let hookId: number;
  /** How many report.ready deliveries name the version. */
  const announced = async (reportId: number) =>
    (
      await t.database.db
        .select()
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.endpointId, hookId))
    ).filter((d) => (d.payload as { data: { reportId: number } }).data.reportId === reportId)
      .length;
  beforeAll(async () => {
    const hook = await call(admin, 'POST', '/api/webhooks', {
      url: 'https://hooks.example.com/recovered',
      events: ['report.ready'],
    });
    hookId = hook.json().id;
  });

  it('is left to its runner while the lease is fresh, and taken once it lapsed', async () => {
    // Renewed a moment ago: a worker is at it, nothing happens.
    const { id, connectionId } = await cutOff('Crashed Build Inc', new Date());
    await t.app.services.reports.build(id);
    expect((await statusOf(id))?.status).toBe('building');
    // Not renewed for a minute: its worker is gone, the next run builds it.
    await t.database.db
      .update(reports)
      .set({ updatedAt: new Date(Date.now() - 60_000) })
      .where(eq(reports.id, id));
    await t.app.services.reports.build(id);
    await t.app.services.queue.drain();
    const done = await statusOf(id);
    expect(done?.status).toBe('ready');
    expect(done?.htmlKey).toMatch(new RegExp(`^reports/${connectionId}/${id}/`));
  }, 60_000);

  it('is queued again by the recovery job once lapsed, and announced once', async () => {
    const lapsed = await cutOff('Lapsed Lease Co', new Date(Date.now() - 45_000));
    const fresh = await cutOff('Fresh Lease Co', new Date());
    const queue = t.app.services.queue;
    // Version 2 was built once before it was cut off in this test's story.
    const announcedBefore = await announced(lapsed.id);
    // A watch that comes due while its build's lease is fresh leaves the build alone.
    await queue.run(recoverBuildsJob, { reportId: fresh.id });
    // The periodic sweep finds the lapsed build only, and it is built.
    await queue.run(recoverBuildsJob, {});
    await queue.drain();
    expect((await statusOf(fresh.id))?.status).toBe('building');
    const done = await statusOf(lapsed.id);
    expect(done?.status).toBe('ready');
    // A late retry of the crashed run's job finds it built: no second email or webhook.
    await t.app.services.reports.build(lapsed.id);
    await queue.drain();
    expect(await announced(lapsed.id)).toBe(announcedBefore + 1);
    const mail = await t.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.toAddress, lapsed.owner.user.email ?? ''));
    // Version 1 was emailed too; the recovered version once.
    expect(
      mail.filter((m) => m.textBody.includes(`(report ${lapsed.id}, version 2)`)),
    ).toHaveLength(1);
  }, 90_000);

  it('writes nothing of a run that lost its lease to another run', async () => {
    const { id } = await cutOff('Stalled Build Ltd', new Date());
    const db = t.database.db;
    // The first run stalled a minute after its claim; a second run takes the version over.
    const stalledAt = new Date(Date.now() - 60_000);
    await db.update(reports).set({ updatedAt: stalledAt }).where(eq(reports.id, id));
    const second = await claimForBuild(db, id);
    expect(second?.updatedAt.getTime()).toBeGreaterThan(stalledAt.getTime());
    // The stalled run wakes up: it can neither renew nor settle the version.
    expect(await renewLease(db, id, stalledAt, new Date())).toBe(false);
    expect(await settleBuild(db, id, stalledAt, { status: 'failed', error: 'late' })).toBe(
      undefined,
    );
    // The run holding it can.
    if (!second) throw new Error('not claimed');
    expect(await renewLease(db, id, second.updatedAt, new Date(Date.now() + 1))).toBe(true);
    expect((await statusOf(id))?.status).toBe('building');
  }, 60_000);
});
