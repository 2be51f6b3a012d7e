// A report is complete whatever is missing: it says what is missing and invents no figure.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { utilityFixture } from '../../test/utility-fixtures.ts';
import { analyze, assessQuality, type ImportResult } from '../intervals/index.ts';
import { renderReport } from './index.ts';
import { intervalsOf, reportFile, reportInput, seriesOfKw } from './testing/factories.ts';

const textOf = (html: string) =>
  html
    .replace(/<style>[\s\S]*?<\/style>/, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');

/** No placeholder leaked from code into the document. */
function expectNoLeaks(html: string) {
  const text = textOf(html);
  expect(text).not.toMatch(/NaN|undefined|null|Infinity|\[object/);
  expect(html).not.toMatch(/="(NaN|undefined|null)"/);
}

const emptyImport = (): ImportResult => ({
  format: 'generic-csv',
  channels: [],
  metadata: {
    timeZone: 'America/Los_Angeles',
    timeZoneSource: 'state',
    bills: [],
    statedTotals: {},
    dstEvents: [],
    duplicatesRemoved: 0,
    conflictingDuplicates: 0,
    ignored: [],
    notes: [],
    meters: [],
    sourceRecords: 0,
  },
});

describe('no interval data and no files', () => {
  const { html, summary } = renderReport(reportInput());
  const text = textOf(html);

  it('renders every part that needs no data, and says what is missing', () => {
    expect(summary.missing).toEqual([
      'No interval data was provided, so load analytics, project hints and the data-quality scorecard are not included.',
      'No utility statements (PDF) were provided.',
      'No usage (kWh) figures were found in the interval data, the bills or the connection’s records.',
      'No cost figures were found in the interval data, the bills or the connection’s records.',
      'The billing period is not recorded.',
    ]);
    expect(text).toContain('Not included in this report');
    expect(text).toContain(summary.missing[0]);
    expect(text).toContain('Account number 0123456789');
    expect(text).toContain('Report #12, version 2');
    expect(text).toContain('Prepared by sunrise-solar for Harbor Bakery LLC');
    expect(text).toContain('No files were attached to this account.');
    expect(html).not.toContain('id="load"');
    expect(html).not.toContain('id="quality"');
  });

  it('invents no figure', () => {
    expect(summary).toMatchObject({
      usageKwh: null,
      costDollars: null,
      figuresFrom: 'none',
      peakKw: null,
      peakAt: null,
      loadFactor: null,
      coveragePct: null,
      periodStart: null,
      periodEnd: null,
      statements: 0,
      intervalFiles: 0,
    });
    expect(text).not.toMatch(/\b0 kWh|\$0\.00|0\.0%/);
    expectNoLeaks(html);
  });
});

describe('only the connection’s recorded figures, and an interval file that failed', () => {
  const { html, summary } = renderReport(
    reportInput({
      account: {
        ...reportInput().account,
        accountName: null,
        serviceAddress: null,
        startDate: '2024-06-01',
        endDate: '2024-06-30',
        usageKwh: 45_720,
        costCents: 824_750,
      },
      files: [
        reportFile(),
        reportFile({
          name: 'usage.csv',
          kind: 'interval',
          importStatus: 'failed',
          importError: 'CSV line 3: the date "31/02/2024" does not exist',
        }),
      ],
    }),
  );
  const text = textOf(html);

  it('headlines the recorded figures and says where they come from', () => {
    expect(summary).toMatchObject({
      usageKwh: 45_720,
      costDollars: 8247.5,
      figuresFrom: 'connection',
      periodStart: '2024-06-01',
      periodEnd: '2024-06-30',
    });
    expect(text).toContain('45,720 kWh Recorded on the connection, 2024-06-01 to 2024-06-30.');
    expect(text).toContain('$8,247.50');
    expect(text).toContain('Period recorded 2024-06-01 to 2024-06-30');
    expect(text).toContain('Interval data None provided');
    expect(text).toContain('Account name Not recorded');
    expect(text).toContain('No monthly breakdown is available');
  });

  it('lists the failed file with its error, in the files and among what is missing', () => {
    expect(text).toContain('usage.csv Interval data');
    expect(text).toContain(
      'Import failed : CSV line 3: the date &quot;31/02/2024&quot; does not exist',
    );
    expect(summary.missing).toContain(
      'The interval file “usage.csv” could not be imported: CSV line 3: the date "31/02/2024" does not exist',
    );
    expectNoLeaks(html);
  });
});

describe('an interval file without readings', () => {
  it('is reported as missing, not as 0 kWh', () => {
    const series = seriesOfKw([]);
    const { html, summary } = renderReport(
      reportInput({
        intervals: {
          fileName: 'empty.csv',
          format: 'generic-csv',
          series,
          analytics: analyze(series),
          quality: assessQuality(emptyImport(), series),
        },
      }),
    );
    expect(summary.missing[0]).toBe(
      'The interval file “empty.csv” holds no readings, so load analytics, project hints and the data-quality scorecard are not included.',
    );
    expect(summary.usageKwh).toBeNull();
    expect(summary.coveragePct).toBeNull();
    expectNoLeaks(html);
  });
});

describe('bills the intervals do not cover', () => {
  const espi = utilityFixture('espi', 'gba_openespi_15min_14days_cost_usagesummary.xml');
  const intervals = intervalsOf('feed.xml', new Uint8Array(readFileSync(espi)));
  const [bill] = intervals.quality.reconciliation;
  if (!bill) throw new Error('The fixture has a bill');
  intervals.quality.reconciliation = [
    {
      ...bill,
      periodStart: Date.parse('2012-01-01T05:00:00Z'),
      periodEnd: Date.parse('2012-02-01T05:00:00Z'),
      intervalKWh: 0,
      comparedKWh: undefined,
      differenceKWh: undefined,
      matches: undefined,
      verdictNote: 'no interval data in this period',
      coveragePct: 0,
      intervalCost: undefined,
    },
    {
      ...bill,
      intervalKWh: 600,
      comparedKWh: undefined,
      differenceKWh: undefined,
      matches: undefined,
      verdictNote: 'intervals cover 40.0% of the period; no verdict below 95%',
      coveragePct: 40,
    },
  ];
  const text = textOf(renderReport(reportInput({ intervals })).html);

  it('says there is no interval data in the period and gives no verdict', () => {
    expect(text).toContain(
      'Bill (UsageSummary) 2012-01-01 to 2012-01-31 1,298.64 — — 0.0% No interval data in this period $152.52 / —',
    );
  });

  it('shows a partly covered period’s coverage without calling it a mismatch', () => {
    expect(text).toContain('1,298.64 600 — 40.0% No verdict: under 95% of the period covered');
    expect(text).not.toContain('Differs');
    expect(text).not.toContain('Matches');
  });
});

describe('solar export', () => {
  // Friday and Saturday, hourly, Pacific time; 3 kWh exported at Saturday noon.
  const rows = ['Timestamp,kWh,Received kWh,Cost'];
  for (let h = 0; h < 24; h++) rows.push(`2024-01-05 ${String(h).padStart(2, '0')}:00,1,0,0.1`);
  for (let h = 0; h < 24; h++) {
    rows.push(`2024-01-06 ${String(h).padStart(2, '0')}:00,2,${h === 12 ? 3 : 0},0.2`);
  }
  const { html } = renderReport(
    reportInput({ intervals: intervalsOf('solar.csv', rows.join('\n'), 'CA') }),
  );
  const text = textOf(html);

  it('shows delivered, received and net, by month and in total', () => {
    expect(text).toContain('Received (exported to the grid) 3 kWh');
    expect(text).toContain('Net (delivered − received) 69 kWh');
    expect(text).toContain('Month Days with data Delivered kWh Received kWh Net kWh Cost Peak kW');
    expect(text).toContain('Jan 2024 2 of 31 72 3 69 $7.20 2.00');
    expect(html).toMatch(/<title>Jan 2024, received: 3 kWh<\/title>/);
  });

  it('gives the export share: 3 of 72 kWh', () => {
    expect(text).toContain(
      '4.2% export share: 3 kWh received by the grid against 72 kWh delivered; net 69 kWh.',
    );
  });
});

describe('a one-year 15-minute series', () => {
  it('renders (time printed, not asserted)', () => {
    const kW = Array.from(
      { length: 35_040 },
      (_, i) => 5 + 3 * Math.sin((i / 96) * 2 * Math.PI) + (i % 672 === 300 ? 20 : 0),
    );
    const series = seriesOfKw(kW);
    const input = reportInput({
      intervals: {
        fileName: 'year.csv',
        format: 'generic-csv',
        series,
        analytics: analyze(series),
        quality: assessQuality(emptyImport(), series),
      },
    });
    const started = performance.now();
    const { html, summary } = renderReport(input);
    console.log(
      `one-year 15-minute report: ${(performance.now() - started).toFixed(1)} ms, ${html.length} characters`,
    );
    expect(summary.coveragePct).toBe(100);
    expect(html.match(/<rect class="cell"/g)).toHaveLength(288);
    expectNoLeaks(html);
  });
});
