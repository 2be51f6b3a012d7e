import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ReportVersionList } from '../../../common/reports.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { pdfText, unzip } from './testing/downloads.ts';
import { buildPgeReport, type PgeReport } from './testing/pge-report.ts';

// A year of PG&E interval data (2024-02-01 to 2025-01-31) and PG&E's sample statement of
// 2022-12-09, as an energy professional would get them for a client: the report states the
// bill's facts, says what is missing in the same words everywhere, names where each file came
// from, and carries figures without float noise.

const TYPED_ADDRESS = '12 Pier Rd, Oakland CA';

const ONE_STATEMENT =
  'Only one utility statement (PDF) was provided; a report covers the two most recent.';
const STATEMENT_GAP =
  'No statement covers the end of the interval data (2025-01-31): the newest statement ends 2022-12-08, 26 months before it. A statement within 45 days of the interval data’s end is needed to read the two side by side.';

let t: TestApp;
let built: PgeReport;
let admin: PgeReport['admin'];
let owner: PgeReport['owner'];
let connectionId: number;
let reportId: number;
const call: PgeReport['call'] = (...args) => built.call(...args);
const download: PgeReport['download'] = (...args) => built.download(...args);

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
  built = await buildPgeReport(t, {
    providerName: 'Pacific Gas and Electric',
    customer: { address: TYPED_ADDRESS },
  });
  ({ admin, owner, connectionId } = built);
  reportId = built.report.id;
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
