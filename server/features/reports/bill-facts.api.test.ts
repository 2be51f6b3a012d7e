import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ReportVersionList } from '../../../common/reports.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import {
  createProvider,
  loginAccepted,
  submission,
  submitForm,
  uploadObject,
} from '../../test/connections.ts';
import { createUser, login, signedIn } from '../../test/factories.ts';
import { UTILITY_FIXTURES } from '../../test/utility-fixtures.ts';
import { pdfText, unzip } from './testing/downloads.ts';

// A year of PG&E interval data (2024-02-01 to 2025-01-31) and PG&E's sample statement of
// 2022-12-09, as an energy professional would get them for a client: the report states the
// bill's facts, says what is missing in the same words everywhere, names where each file came
// from, and carries figures without float noise.

const CSV = readFileSync(
  path.join(UTILITY_FIXTURES, 'csv/pge_dmd_hourly_2024-02-01_to_2025-01-31.csv'),
);
const BILL = readFileSync(
  path.join(UTILITY_FIXTURES, 'bills/pge_3ce_anonymous_sample_bill_2022-12.pdf'),
);
const TYPED_ADDRESS = '12 Pier Rd, Oakland CA';

const ONE_STATEMENT =
  'Only one utility statement (PDF) was provided; a report covers the two most recent.';
const STATEMENT_GAP =
  'No statement covers the end of the interval data (2025-01-31): the newest statement ends 2022-12-08, 26 months before it. A statement within 45 days of the interval data’s end is needed to read the two side by side.';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
let owner: { cookie: string };
let connectionId: number;
let reportId: number;

type Who = { cookie: string };
const call = (who: Who, method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: { cookie: who.cookie } });

async function addFile(fileName: string, body: Buffer, contentType: string, bulk?: boolean) {
  const upload = await uploadObject(t.app, admin.cookie, { fileName, contentType, body });
  const res = await call(admin, 'PUT', `/api/connections/${connectionId}/files`, {
    fileUrl: upload.uploadURL,
    fileName,
    ...(bulk ? { bulk } : {}),
  });
  expect(res.statusCode, res.body).toBe(201);
}

async function download(who: Who, url: string): Promise<Buffer> {
  const res = await call(who, 'GET', url);
  expect(res.statusCode).toBe(302);
  const location = new URL(String(res.headers.location), 'http://localhost');
  const file = await t.app.inject({ method: 'GET', url: location.pathname + location.search });
  expect(file.statusCode).toBe(200);
  return file.rawPayload;
}

const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#61;/g, '=')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
/** The PDF's text with its layout's runs of spaces folded, to read across table cells. */
const flat = (text: string) => text.replace(/\s+/g, ' ');

beforeAll(async () => {
  t = await createTestApp();
  const provider = await createProvider(t.database.db, { name: 'Pacific Gas and Electric' });
  admin = await signedIn(t.app, t.database.db, 'admin');
  const user = await createUser(t.database.db, { email: `pro-${Date.now()}@example.com` });
  owner = { cookie: await login(t.app, user.username) };
  const card = await call(owner, 'POST', '/api/billing/test-card', { plan: 'basic' });
  expect(card.statusCode).toBe(200);
  const form = await submitForm(
    t.app,
    user.uniqueFormUrl,
    submission(provider.id, { name: 'Harbor Bakery', address: TYPED_ADDRESS }),
  );
  connectionId = form.json().id;
  await loginAccepted(t.app, connectionId);
  expect((await call(owner, 'POST', '/api/record-usage', { connectionId })).statusCode).toBe(200);
  await addFile('pge-usage-2024.csv', CSV, 'text/csv', true);
  await addFile('pge-statement-2022-12.pdf', BILL, 'application/pdf');
  await t.app.services.queue.drain();
  const done = await call(admin, 'PUT', `/api/connections/${connectionId}`, { status: 'complete' });
  expect(done.statusCode).toBe(200);
  await t.app.services.queue.drain();
  const list = ReportVersionList.parse(
    (await call(owner, 'GET', `/api/connections/${connectionId}/reports`)).json(),
  );
  const ready = list.reports.find((r) => r.status === 'ready');
  if (!ready) throw new Error(`no report was built: ${JSON.stringify(list.reports)}`);
  reportId = ready.id;
}, 180_000);
afterAll(async () => {
  await t?.close();
});

/**
 * The value printed under `label` on a page laid out by pdftotext: the bill's facts sit in a
 * grid, each label above its value, starting at the same column.
 */
function valueUnder(layout: string, label: string): string | undefined {
  const lines = layout.split('\n');
  const at = lines.findIndex((line) => line.includes(label));
  if (at < 0) return undefined;
  const column = (lines[at] as string).indexOf(label);
  const below = lines.slice(at + 1).find((line) => line.trim() !== '') ?? '';
  return below
    .slice(column)
    .split(/\s{2,}/)[0]
    ?.trim();
}

describe('the cover of a report on a year of PG&E data and one PG&E bill', () => {
  let html: string;
  let page1: string;
  let pdf: string;
  beforeAll(async () => {
    html = textOf((await download(owner, `/api/reports/${reportId}/download/html`)).toString());
    page1 = pdfText(await download(owner, `/api/reports/${reportId}/download/pdf`), 1);
    pdf = flat(page1);
  }, 60_000);

  it.each([
    ['Statement date', '2022-12-09'],
    ['Billing period', '2022-11-08 to 2022-12-08 (31 days)'],
    ['Rate schedule', 'E-TOU-C'],
    ['Usage', '327.12 kWh'],
    ['Amount due', '$96.24'],
    ['Due date', '2022-12-30'],
    ['Account number', '0000000000-0'],
    ['Service address', '1234 Main Street'],
  ])('states the bill’s %s, in the HTML and on page 1 of the PDF', (label, value) => {
    expect(html).toContain(`${label} ${value}`);
    const bill = page1.slice(page1.indexOf('The bill'));
    expect(valueUnder(bill, label)).toBe(value);
  });

  it('labels the interval data’s range as such', () => {
    const range = 'Interval data 2024-02-01 to 2025-01-31 (12 months)';
    expect(html).toContain(range);
    expect(pdf).toContain(range);
  });

  it('calls no range a billing period but the bill’s', () => {
    expect(html).not.toContain('Billing period 2024-02-01');
    expect(pdf).not.toContain('Billing period 2024-02-01');
  });

  it('notes that the bill is printed for another address than the one the customer typed', () => {
    const note = `The statement of 2022-12-09 is printed for the service address “1234 Main Street”, not the “${TYPED_ADDRESS}” given for this account.`;
    expect(html).toContain(note);
    expect(pdf).toContain('printed for the service address “1234 Main Street”');
  });

  it('says what is missing on the cover', () => {
    expect(html).toContain(ONE_STATEMENT);
    expect(html).toContain(STATEMENT_GAP);
    expect(pdf).toContain('Not included in this report');
  });

  it('names where each file came from, with its time', () => {
    const adminName = admin.user.username;
    expect(html).toMatch(
      new RegExp(`Uploaded in bulk by an admin \\(${adminName}\\) Added \\d{4}-\\d{2}-\\d{2}`),
    );
    expect(html).toMatch(
      new RegExp(`Uploaded by an admin \\(${adminName}\\) Added \\d{4}-\\d{2}-\\d{2}`),
    );
  });
});

describe('what the API, the manifest and the admin read', () => {
  it('says what is missing in the same words as the cover, and the same coverage', async () => {
    const zip = await unzip(await download(owner, `/api/reports/${reportId}/download/zip`));
    const manifest = JSON.parse(String(zip.get('manifest.json')));
    const [latest] = ReportVersionList.parse(
      (await call(admin, 'GET', `/api/connections/${connectionId}/reports`)).json(),
    ).reports;
    for (const summary of [manifest.summary, latest?.summary]) {
      expect(summary.missing).toEqual([ONE_STATEMENT, STATEMENT_GAP]);
      expect(summary.usageKwh).toBe(1668.51);
      expect(summary.costDollars).toBe(651.19);
    }
    expect(manifest.summary.coveragePct).toBe(latest?.summary?.coveragePct);
  });
});
