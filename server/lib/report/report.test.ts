// Real utility exports, read in place from the fixtures folder beside the repository, rendered
// end to end: import, canonical series, analytics and quality as the intervals feature stores
// them, then the report.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { UTILITY_FIXTURES } from '../../test/utility-fixtures.ts';
import { renderReport } from './index.ts';
import { intervalsOf, reportFile, reportInput } from './testing/factories.ts';

const FIXTURES = UTILITY_FIXTURES;
const read = (file: string) => new Uint8Array(readFileSync(path.join(FIXTURES, file)));

/** The document's visible text, one space between pieces. */
const textOf = (html: string) =>
  html
    .replace(/<style>[\s\S]*?<\/style>/, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');

describe('Green Button 15-minute file with a UsageSummary bill', () => {
  const intervals = intervalsOf(
    'gba_openespi_15min_14days_cost_usagesummary.xml',
    read('espi/gba_openespi_15min_14days_cost_usagesummary.xml'),
  );
  const { html, summary } = renderReport(
    reportInput({
      intervals,
      files: [
        reportFile(),
        reportFile({
          name: intervals.fileName,
          kind: 'interval',
          size: 371_024,
          importStatus: 'imported',
        }),
      ],
    }),
  );
  const text = textOf(html);

  it('headlines 1,391.67 kWh and $149.99 from the interval data', () => {
    expect(text).toContain('Usage 1,391.67 kWh from interval data');
    expect(text).toContain(
      'Usage (delivered) 1,391.67 kWh Sum of the 15-minute interval data in “gba_openespi_15min_14days_cost_usagesummary.xml”, 2012-03-01 to 2012-03-14.',
    );
    expect(text).toContain('Cost $149.99');
    expect(summary).toMatchObject({
      figuresFrom: 'intervals',
      periodStart: '2012-03-01',
      periodEnd: '2012-03-14',
      peakKw: 6.64,
      peakAt: '2012-03-09 08:45',
      coveragePct: 100,
      statements: 1,
      intervalFiles: 1,
      // One statement of the two a report covers, and two weeks of the year of load it reads.
      missing: [
        'Only one utility statement (PDF) was provided; a report covers the two most recent.',
        'The interval data covers 2012-03-01 to 2012-03-14 (14 days), less than the 12 months a full year of load needs.',
      ],
    });
    // To the watt-hour and the cent, with no float noise of the sums behind them.
    expect(summary.usageKwh).toBe(1391.666);
    expect(summary.costDollars).toBe(149.99);
  });

  it('reconciles the bill: stated 1,298.64 kWh, the intervals match over the whole period', () => {
    expect(text).toContain(
      'Bill (UsageSummary) 2012-03-01 to 2012-03-13 1,298.64 1,298.64 0 100.0% Matches $152.52 / $138.57',
    );
    expect(text).toContain(
      'Billing period Stated kWh Bill amount 2012-03-01 to 2012-03-13 1,298.64 $152.52',
    );
  });

  it('scores coverage at 100.0% and shows the 92-interval spring-forward day', () => {
    expect(text).toContain(
      'Coverage 100.0% of 1,340 15-minute intervals, 2012-03-01 to 2012-03-14',
    );
    expect(text).toContain('2012-03-11 spring forward 23 h 92 92');
    expect(text).toContain('1 clock change in the period');
  });

  it('gives the peak with its local time and the top 10 intervals', () => {
    expect(text).toContain('Peak demand 6.64 kW at 2012-03-09 08:45 EST');
    expect(text).toContain('1 2012-03-09 08:45 EST 15 min 6.64 1.66');
    expect(text).toMatch(/ 10 2012-03-\d\d \d\d:\d\d E[SD]T 15 min /);
    expect(text).not.toMatch(/ 11 2012-03-/);
  });

  it('gives project hints with their methods', () => {
    expect(text).toMatch(
      /\d+\.\d% of delivered energy \([\d,.]+ of 1,391\.67 kWh\) was used between 09:00–17:00 local time/,
    );
    expect(text).toContain('Battery power 2.00 kW: about a quarter of the peak');
    expect(text).toContain('2.00 kW / 2 kWh (1 h) 6.64');
    expect(text).toContain('round-trip efficiency');
    expect(text).toContain('no export (received) channel');
  });

  it('lists both files with their sizes, hashes and provenance', () => {
    expect(text).toContain(
      `statement-2024-12.pdf Statement (PDF) 178.9 KB (183,204 bytes) ${'ab'.repeat(32)} Uploaded by an admin (alice)`,
    );
    expect(text).toContain('Imported; used in this report');
  });
});

describe('PG&E Download My Data, hourly, one year', () => {
  const intervals = intervalsOf(
    'pge_dmd_hourly_2024-02-01_to_2025-01-31.csv',
    read('csv/pge_dmd_hourly_2024-02-01_to_2025-01-31.csv'),
  );
  const { html, summary } = renderReport(reportInput({ intervals }));
  const text = textOf(html);

  it('totals 1,668.51 kWh and $651.19', () => {
    expect(text).toContain('Usage 1,668.51 kWh');
    expect(text).toContain('Cost $651.19');
    expect(text).toContain('Total 366 1,668.51 $651.19 2.83');
    expect(summary.usageKwh).toBeCloseTo(1668.51, 9);
    expect(summary.costDollars).toBeCloseTo(651.19, 9);
  });

  it('has 12 months in the table and the bar chart', () => {
    const months = text.match(
      / (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) 20\d\d \d+ of \d+ /g,
    );
    expect(months).toHaveLength(12);
    expect(text).toContain('Feb 2024 29 of 29 234.99 $92.30 2.83');
    expect(html.match(/<rect [^>]*><title>\w{3} 20\d\d, delivered: /g)).toHaveLength(12);
  });

  it('fills the whole 12 x 24 heatmap', () => {
    expect(html.match(/<rect class="cell"/g)).toHaveLength(288);
    expect(html).not.toContain('cell no-data');
    expect(text).toContain('288 of 288 cells have data');
  });

  it('says the data is hourly, and shows both clock changes', () => {
    expect(text).toContain(
      'The source data is hourly, so demand figures are averages over each 60-minute reading.',
    );
    expect(text).toContain('2024-03-10 spring forward 23 h 92 92');
    expect(text).toContain('2024-11-03 fall back 25 h 100 100');
    expect(text).toContain('2024-11-03 01:00 fall-back hour written once holding both hours');
    expect(text).toContain('Estimated readings 8 intervals (under 0.1% of intervals with data)');
  });
});
