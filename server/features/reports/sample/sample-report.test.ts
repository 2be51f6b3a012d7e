import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { SAMPLE_REPORT } from '../../../../common/sample-report.ts';
import { type CanonicalSeries, SLOT_MS, slotCalendar } from '../../../lib/intervals/index.ts';
import { renderReport } from '../../../lib/report/index.ts';
import { extractBill } from '../../../lib/statements/index.ts';
import { sampleHouseholdSeries } from './household.ts';
import { SAMPLE_PROVENANCE, type SampleFiles, sampleReportFiles } from './sample-input.ts';
import { Once } from './sample-report.ts';

const sha256 = (bytes: Uint8Array | string) => createHash('sha256').update(bytes).digest('hex');

let sample: SampleFiles;
let rendered: ReturnType<typeof renderReport>;
beforeAll(async () => {
  sample = await sampleReportFiles();
  rendered = renderReport(sample.input);
});

/** Average kW of `values` over the slots `where` picks (local calendar of the series). */
function averageKw(
  series: CanonicalSeries,
  values: Float64Array,
  where: (month: number, hour: number, weekday: number) => boolean,
): number {
  const calendar = slotCalendar(series);
  let kWh = 0;
  let slots = 0;
  for (let i = 0; i < series.length; i++) {
    const weekday = calendar.weekday[i] as number;
    if (!where(calendar.month[i] as number, calendar.hour[i] as number, weekday)) continue;
    kWh += values[i] as number;
    slots++;
  }
  return (kWh * 4) / slots;
}

const isWeekday = (weekday: number) => weekday >= 1 && weekday <= 5;

describe('the synthetic home', () => {
  it('is the same, byte for byte, on every run', async () => {
    const again = await sampleReportFiles();
    expect(sha256(again.intervalFile.bytes)).toBe(sha256(sample.intervalFile.bytes));
    expect(again.statements.map((s) => sha256(s.bytes))).toEqual(
      sample.statements.map((s) => sha256(s.bytes)),
    );
    expect(sha256(renderReport(again.input).html)).toBe(sha256(rendered.html));
    // A different seed is a different year: the sameness comes from the seed, not from chance.
    const other = sampleHouseholdSeries(7);
    expect(other.delivered).not.toEqual(sampleHouseholdSeries().delivered);
  });

  it('has twelve full months of 15-minute readings, delivered and received', () => {
    const { series, analytics, quality } = sample.input.intervals ?? expect.unreachable();
    expect(series.start).toBe(Date.parse('2024-09-01T07:00:00Z'));
    expect(series.length).toBe((365 * 86_400_000) / SLOT_MS);
    expect(series.hasReceived).toBe(true);
    expect(analytics.monthly.map((m) => m.month)).toEqual([
      '2024-09',
      '2024-10',
      '2024-11',
      '2024-12',
      '2025-01',
      '2025-02',
      '2025-03',
      '2025-04',
      '2025-05',
      '2025-06',
      '2025-07',
      '2025-08',
    ]);
    expect(analytics.monthly.every((m) => m.missingSlots === 0)).toBe(true);
    expect(quality.coveragePct).toBe(100);
    // A home, not a shop: between 6,000 and 12,000 kWh a year from the grid.
    expect(analytics.deliveredKWh).toBeGreaterThan(6_000);
    expect(analytics.deliveredKWh).toBeLessThan(12_000);
    expect(analytics.receivedKWh).toBeGreaterThan(1_000);
  });

  it('exports at midday in summer and imports in the evening', () => {
    const { series } = sample.input.intervals ?? expect.unreachable();
    const summer = (month: number) => month >= 6 && month <= 8;
    const middayExport = averageKw(
      series,
      series.received,
      (m, h) => summer(m) && h >= 11 && h < 14,
    );
    const middayImport = averageKw(
      series,
      series.delivered,
      (m, h) => summer(m) && h >= 11 && h < 14,
    );
    const eveningImport = averageKw(
      series,
      series.delivered,
      (m, h) => summer(m) && h >= 17 && h < 21,
    );
    const eveningExport = averageKw(
      series,
      series.received,
      (m, h) => summer(m) && h >= 19 && h < 21,
    );
    expect(middayExport).toBeGreaterThan(1);
    expect(middayImport).toBeLessThan(0.3);
    expect(eveningImport).toBeGreaterThan(2);
    expect(eveningExport).toBe(0);
    // Nothing comes from the panels at night.
    expect(averageKw(series, series.received, (_m, h) => h < 5 || h >= 22)).toBe(0);
  });

  it('uses more in summer (cooling) and winter (heating) than in spring, and weekends differ', () => {
    const { series, analytics } = sample.input.intervals ?? expect.unreachable();
    const month = (m: string) => analytics.monthly.find((u) => u.month === m)?.deliveredKWh ?? 0;
    expect(month('2025-07')).toBeGreaterThan(1.5 * month('2025-04'));
    expect(month('2025-01')).toBeGreaterThan(1.5 * month('2025-04'));
    // Summer afternoons: the air conditioner, weekdays' evening peak above spring's.
    const evening = (months: number[]) =>
      averageKw(series, series.delivered, (m, h) => months.includes(m) && h >= 17 && h < 21);
    expect(evening([7, 8])).toBeGreaterThan(evening([4]) + 0.8);
    // At home on weekend mornings, at work on weekdays.
    const morning = (weekend: boolean) =>
      averageKw(
        series,
        series.delivered,
        (m, h, w) => (m === 12 || m === 1) && h >= 9 && h < 11 && isWeekday(w) !== weekend,
      );
    expect(morning(true)).toBeGreaterThan(morning(false) + 0.3);
  });

  it('lists its generated files as sample data, with the sizes and hashes of their bytes', () => {
    const files = sample.input.files;
    expect(files.map((f) => [f.name, f.kind])).toEqual([
      ['sample-green-button-2024-09-to-2025-08.xml', 'interval'],
      ['sample-statement-2025-07.pdf', 'statement'],
      ['sample-statement-2025-08.pdf', 'statement'],
    ]);
    expect(files.every((f) => f.provenance === SAMPLE_PROVENANCE)).toBe(true);
    const bytes = [sample.intervalFile, ...[...sample.statements].reverse()].map((f) => f.bytes);
    expect(files.map((f) => [f.size, f.sha256])).toEqual(
      bytes.map((b) => [b.byteLength, sha256(b)]),
    );
    expect(sample.input.intervals?.format).toMatch(/ESPI|Green Button/i);
  });
});

describe('the two statements', () => {
  it('are the last two months, newest first, with plausible amounts', () => {
    const bills = sample.input.bills;
    expect(bills.map((b) => [b.statementDate, b.periodStart, b.periodEnd, b.dueDate])).toEqual([
      ['2025-09-03', '2025-08-01', '2025-08-31', '2025-09-24'],
      ['2025-08-04', '2025-07-01', '2025-07-31', '2025-08-25'],
    ]);
    for (const bill of bills) {
      expect(bill.rateSchedule).toBe('E-TOU-C (NEM2)');
      expect(bill.amountDueCents).toBeGreaterThan(10_000);
      expect(bill.amountDueCents).toBeLessThan(80_000);
      expect(bill.totalKWh).toBeGreaterThan(200);
    }
  });

  it('print what the report says they say: our statement reader finds the same facts', async () => {
    for (const [i, file] of sample.statements.entries()) {
      const read = await extractBill(file.bytes);
      const { fileName, hasText, ...facts } = sample.input.bills[i] ?? expect.unreachable();
      expect(file.name).toBe(fileName);
      expect(read).toMatchObject({ layout: 'general', hasText: true, missing: [] });
      expect(read.facts).toEqual(facts);
    }
  });

  it('agree with the interval data over their periods (net of exports)', () => {
    const checks = sample.input.intervals?.quality.reconciliation ?? [];
    expect(checks.map((c) => [c.label, c.matches, c.basis])).toEqual([
      ['sample-statement-2025-08.pdf', true, 'net'],
      ['sample-statement-2025-07.pdf', true, 'net'],
    ]);
  });
});

describe('the rendered sample report', () => {
  it('carries the bill facts and the figures on its cover', () => {
    const { html, summary } = rendered;
    expect(html).toContain(SAMPLE_REPORT.accountName);
    expect(html).toContain('Prepared by Sunrise Solar Design for Dana Whitfield');
    expect(html).toContain('E-TOU-C (NEM2)');
    for (const bill of sample.input.bills) {
      const dollars = ((bill.amountDueCents as number) / 100).toFixed(2);
      expect(html).toContain(`$${dollars}`);
      expect(html).toContain(bill.fileName);
    }
    expect(html).toContain(SAMPLE_PROVENANCE);
    expect(summary).toMatchObject({
      periodStart: '2024-09-01',
      periodEnd: '2025-08-31',
      figuresFrom: 'intervals',
      statements: 2,
      intervalFiles: 1,
      coveragePct: 100,
      missing: [],
    });
    // The year's usage, however many decimals the engine prints.
    const whole = Math.trunc(summary.usageKwh as number).toLocaleString('en-US');
    expect(html).toMatch(new RegExp(`${whole}\\.\\d+ kWh`));
  });

  it('states the figures the landing page shows (common/sample-report.ts)', () => {
    const { summary } = rendered;
    expect(summary.usageKwh).toBe(SAMPLE_REPORT.usageKwh);
    expect(Math.round((summary.costDollars as number) * 100)).toBe(SAMPLE_REPORT.costCents);
    const profile = sample.input.intervals?.analytics.loadProfile.weekday ?? [];
    expect(profile.map((kW) => Math.round((kW ?? Number.NaN) * 100) / 100)).toEqual(
      SAMPLE_REPORT.weekdayProfileKw,
    );
    expect(SAMPLE_REPORT.periodStart).toBe(summary.periodStart);
    expect(SAMPLE_REPORT.periodEnd).toBe(summary.periodEnd);
  });
});

describe('Once', () => {
  it('builds once for concurrent and later callers', async () => {
    const build = vi.fn(async () => 'built');
    const once = new Once(build);
    expect(await Promise.all([once.get(), once.get(), once.get()])).toEqual([
      'built',
      'built',
      'built',
    ]);
    expect(await once.get()).toBe('built');
    expect(build).toHaveBeenCalledTimes(1);
  });

  it('keeps a failure briefly, then tries again', async () => {
    let now = 0;
    let fail = true;
    const build = vi.fn(async () => {
      if (fail) throw new Error('no browser');
      return 'built';
    });
    const once = new Once(build, 30_000, () => now);
    await expect(once.get()).rejects.toThrow('no browser');
    now = 29_999;
    await expect(once.get()).rejects.toThrow('no browser');
    expect(build).toHaveBeenCalledTimes(1);
    fail = false;
    now = 30_000;
    expect(await once.get()).toBe('built');
    now = 1_000_000;
    expect(await once.get()).toBe('built');
    expect(build).toHaveBeenCalledTimes(2);
  });
});
