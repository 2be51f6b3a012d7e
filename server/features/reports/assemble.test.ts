import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { reconcileHistoryBill } from '../../lib/intervals/index.ts';
import { intervalsOf } from '../../lib/report/testing/factories.ts';
import type { ReportSubject } from '../connections/service.ts';
import { assembleReport, bundleEntries, type LoadedInputs, reportInput } from './assemble.ts';

const hash = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

// One statement and two interval files: one imported, one not read yet.
const statement = Buffer.from('%PDF-1.7 statement of January');
const usage = [
  'Interval End,kWh',
  ...Array.from({ length: 24 }, (_, i) =>
    i === 23 ? '2024-01-02 00:00,1' : `2024-01-01 ${String(i + 1).padStart(2, '0')}:00,1`,
  ),
].join('\n');
const later = Buffer.from('Interval End,kWh\n2024-02-01 01:00,2\n');

const file = (
  overrides: Partial<ReportSubject['files'][number]>,
): ReportSubject['files'][number] => ({
  id: 1,
  objectKey: 'connections/7/file',
  fileName: 'file',
  fileType: 'pdf',
  fileSize: 1,
  importStatus: null,
  importError: null,
  statement: null,
  bills: null,
  createdAt: new Date('2024-02-01T10:00:00Z'),
  uploadedBy: null,
  uploaderRole: null,
  source: 'upload',
  sourcePage: null,
  ...overrides,
});

const subject: ReportSubject = {
  id: 7,
  userId: 3,
  status: 'complete',
  customerName: 'Harbor Bakery LLC',
  customerEmail: 'owner@harbor.example',
  accountName: 'Harbor Bakery',
  accountNumber: '0123456789',
  serviceAddress: '12 Pier Rd, Oakland CA',
  startDate: null,
  endDate: null,
  usageKwh: null,
  costCents: null,
  provider: { name: 'Pacific Gas & Electric', country: 'US', state: 'California', timeZone: null },
  owner: {
    username: 'sunrise-solar',
    email: 'pro@sunrise.example',
    companyName: null,
    replyToEmail: null,
    logoKey: null,
    logoContentType: null,
  },
  files: [
    file({ id: 1, fileName: 'statement-jan.pdf', uploadedBy: 'alice', uploaderRole: 'admin' }),
    file({
      id: 2,
      fileName: 'usage.csv',
      fileType: 'csv',
      // The size recorded at upload; the report counts the bytes it read.
      fileSize: 5,
      importStatus: 'imported',
      uploadedBy: 'bob',
      uploaderRole: 'user',
    }),
    file({ id: 3, fileName: 'later.csv', fileType: 'csv' }),
  ],
};

const loaded = (overrides: Partial<LoadedInputs> = {}): LoadedInputs => ({
  report: { id: 12, version: 2, connectionId: 7 },
  subject,
  fileBytes: [statement, Buffer.from(usage), later],
  series: intervalsOf('usage.csv', usage, 'California'),
  generatedAt: new Date('2024-03-01T12:00:00Z'),
  ...overrides,
});

describe("a version's assembly from its loaded inputs", () => {
  it('lists every file with its size and hash from its bytes, its origin and its import', () => {
    expect(reportInput(loaded()).files).toEqual([
      {
        name: 'statement-jan.pdf',
        kind: 'statement',
        size: statement.byteLength,
        sha256: hash(statement),
        provenance: 'Uploaded by an admin (alice)',
        addedAt: new Date('2024-02-01T10:00:00Z'),
        importStatus: null,
        importError: null,
      },
      expect.objectContaining({
        name: 'usage.csv',
        kind: 'interval',
        size: Buffer.byteLength(usage),
        provenance: 'Uploaded by a user (bob)',
        importStatus: 'imported',
      }),
      expect.objectContaining({
        name: 'later.csv',
        sha256: hash(later),
        provenance: 'Uploaded',
        importStatus: 'pending',
      }),
    ]);
  });

  it('says a file our browser fetched from the utility was retrieved, never uploaded', () => {
    const retrieved = (sourcePage: string | null) =>
      file({ id: 4, fileName: 'bill-2024-12.pdf', source: 'retrieved', sourcePage });
    const input = reportInput(
      loaded({
        subject: {
          ...subject,
          files: [retrieved('https://portal.example.com/billing/history'), retrieved(null)],
        },
        fileBytes: [statement, statement],
      }),
    );
    expect(input.files.map((f) => f.provenance)).toEqual([
      'Retrieved automatically from https://portal.example.com/billing/history',
      "Retrieved automatically from the utility's website",
    ]);
  });

  it("renders the account and the series, and names the version's files", () => {
    const assembled = assembleReport(loaded());
    expect(assembled.html).toContain('Utility data report #12 v2: Harbor Bakery');
    expect(assembled.html).toContain('Pacific Gas &amp; Electric');
    expect(assembled.summary).toMatchObject({
      usageKwh: 24,
      figuresFrom: 'intervals',
      statements: 1,
      intervalFiles: 2,
    });
    expect(assembled.pdfFooter).toBe('Utility report #12 · version 2');
    expect(assembled.keys).toEqual({
      htmlKey: 'reports/7/12/utility-report-12.html',
      pdfKey: 'reports/7/12/utility-report-12.pdf',
      zipKey: 'reports/7/12/utility-report-12.zip',
    });
    expect(assembled.about).toEqual({
      report: { id: 12, version: 2, generatedAt: new Date('2024-03-01T12:00:00Z') },
      connectionId: 7,
      summary: assembled.summary,
    });
  });

  it('says what is missing when there is no interval data', () => {
    const { summary } = assembleReport(loaded({ series: null }));
    expect(summary.usageKwh).toBeNull();
    expect(summary.missing).toContain(
      'No interval data was provided, so load analytics, project hints and the data-quality scorecard are not included.',
    );
    expect(summary.missing).toContain(
      'The interval file “later.csv” had not been read when this report was built.',
    );
  });

  it('packs the report, the files by kind and the series as CSV and Green Button XML', () => {
    const pdf = Buffer.from('%PDF-1.7 the report');
    const entries = bundleEntries(loaded(), '<!doctype html><p>report</p>', pdf);
    expect(entries.map((e) => e.name)).toEqual([
      'utility-report-12.pdf',
      'utility-report-12.html',
      'statements/statement-jan.pdf',
      'interval-files/usage.csv',
      'interval-files/later.csv',
      'intervals-15min.csv',
      'green-button-espi.xml',
    ]);
    expect(entries[0]?.bytes).toBe(pdf);
    expect(Buffer.from(entries[1]?.bytes ?? []).toString()).toBe('<!doctype html><p>report</p>');
    expect(entries[2]?.bytes).toBe(statement);
    const csv = Buffer.from(entries[5]?.bytes ?? []).toString();
    // 24 hours of 1 kWh, as 96 quarter hours.
    expect(csv.trim().split('\n')).toHaveLength(97);
    expect(Buffer.from(entries[6]?.bytes ?? []).toString()).toContain('<IntervalReading>');
  });

  it("lists a billing history's bills in the usage section and checks them in the data quality", () => {
    const bills = [
      {
        periodStart: '2024-01-01',
        periodEnd: '2024-01-01',
        days: 1,
        usage: 24,
        unit: 'kWh',
        costCents: 480,
        demandKw: 1,
        line: 2,
      },
      {
        periodStart: '2023-12-01',
        periodEnd: '2024-01-01',
        days: 32,
        usage: 52.4,
        unit: 'therms',
        costCents: 8107,
        line: 3,
      },
    ];
    const history = file({
      id: 5,
      fileName: 'history.csv',
      fileType: 'csv',
      importStatus: 'imported',
      bills,
    });
    const intervals = intervalsOf('usage.csv', usage, 'California');
    if (!intervals) throw new Error('no series');
    // What the intervals feature adds to the quality it hands the report.
    const checks = bills.map((b) => reconcileHistoryBill(intervals.series, b, 'history.csv'));
    const series = {
      ...intervals,
      quality: {
        ...intervals.quality,
        reconciliation: [
          ...intervals.quality.reconciliation,
          ...checks.filter((c) => c !== undefined),
        ],
      },
    };
    const inputs = loaded({
      subject: { ...subject, files: [...subject.files, history] },
      fileBytes: [statement, Buffer.from(usage), later, Buffer.from('history')],
      series,
    });
    expect(reportInput(inputs).billingHistory).toEqual(
      bills.map((b) => ({ fileName: 'history.csv', ...b })),
    );
    // Statement PDFs stay apart: the history is not a statement.
    expect(reportInput(inputs).bills.map((b) => b.fileName)).toEqual(['statement-jan.pdf']);
    const { html } = assembleReport(inputs);
    expect(html).toContain('<h3>Billing history</h3>');
    expect(html).toContain('2023-12-01 to 2024-01-01');
    expect(html).toContain('52.4 therms');
    expect(html).toContain('Billing history (history.csv, line 2)');
    expect(html).toContain('Billing history (history.csv, line 3)');
    expect(html).toContain('Gas usage in therms, not compared with the electric interval kWh');
    expect(html).toMatch(/<span class="ok">Matches<\/span>/);
  });

  it('packs no series without interval data', () => {
    const names = bundleEntries(loaded({ series: null }), '', Buffer.from('%PDF')).map(
      (e) => e.name,
    );
    expect(names).not.toContain('intervals-15min.csv');
    expect(names).not.toContain('green-button-espi.xml');
  });
});
