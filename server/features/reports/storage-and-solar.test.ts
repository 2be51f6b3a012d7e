import { describe, expect, it } from 'vitest';
import { defaultBatteryKw } from '../../lib/report/analysis/peak-shaving.ts';
import { formatMoney } from '../../lib/report/format.ts';
import {
  type ReportInput,
  type ReportStorageAndSolar,
  renderReport,
} from '../../lib/report/index.ts';
import { pgeReport } from '../../lib/report/testing/layout-inputs.ts';
import { californiaTariffs } from '../../lib/tariffs/catalogue.ts';
import { priceTariff } from '../../lib/tariffs/index.ts';
import type { ReportSubject } from '../connections/service.ts';
import { catalogueSource } from '../tariffs/catalogue-seed.ts';
import { reportInput } from './assemble.ts';
import { lastTwelveMonths, ratePlansOf, type StoredTariff } from './rate-plans.ts';
import { storageAndSolarOf } from './storage-and-solar.ts';

// The current plan's battery and export figures on the shared year of PG&E data (the statement
// names E-TOU-C), and what the report prints of them.

const PGE: StoredTariff[] = californiaTariffs()
  .filter((c) => c.utility === 'PG&E')
  .map((c) => ({
    name: c.urdb.name ?? c.name,
    startDate: c.effectiveDate,
    source: catalogueSource(c),
    urdb: c.urdb,
  }));
const E_TOU_C = PGE.find((p) => p.name.startsWith('E-TOU-C')) as StoredTariff;

/** The same year with rooftop solar: 10:00-15:00 each day 1.2 kWh an hour more than the load. */
function withSolar(intervals: NonNullable<ReportInput['intervals']>) {
  const { series } = intervals;
  const delivered = new Float64Array(series.length);
  const received = new Float64Array(series.length);
  for (let i = 0; i < series.length; i++) {
    const hour = new Date(series.start + i * 900_000).getUTCHours() - 8; // PST, near enough
    const midday = (hour + 24) % 24 >= 10 && (hour + 24) % 24 < 15;
    delivered[i] = midday ? 0 : (series.delivered[i] as number);
    received[i] = midday ? 0.3 : 0;
  }
  return { ...intervals, series: { ...series, delivered, received, hasReceived: true } };
}

describe('the current plan’s battery and exports', () => {
  const input = pgeReport();
  const intervals = input.intervals as NonNullable<ReportInput['intervals']>;
  const ratePlans = ratePlansOf(intervals, input.bills, PGE);
  const current = ratePlans?.plans.find((p) => p.current);

  it('dispatches each battery size the peak-reduction estimate models against E-TOU-C', () => {
    const study = storageAndSolarOf(intervals, ratePlans, PGE);
    expect(current?.name).toBe(E_TOU_C.name);
    expect(study?.plan).toEqual({
      name: E_TOU_C.name,
      effectiveDate: '2026-06-01',
      source: E_TOU_C.source,
    });
    // The same annual cost as the rate plans give the current plan.
    expect(study?.annualCents).toBe(current?.annualCents);
    const year = lastTwelveMonths(intervals.series);
    expect(study?.annualCents).toBe(priceTariff(year, E_TOU_C.urdb as never).annualCents);
    const powerKw = defaultBatteryKw(intervals.analytics.peak?.kW ?? 0) as number;
    const battery = study?.battery;
    expect(battery?.powerKw).toBe(powerKw);
    expect(battery?.chosen).toBe(true);
    expect(battery?.demandCharges).toBe(false);
    expect(battery?.sizes.map((s) => [s.hours, s.energyKWh])).toEqual([
      [1, powerKw],
      [2, powerKw * 2],
      [4, powerKw * 4],
    ]);
    // E-TOU-C's summer peak is dearer than off-peak by more than the 10% the battery loses.
    const savings = battery?.sizes.map((s) => s.savingsCents) ?? [];
    expect(savings[0]).toBeGreaterThan(0);
    expect(savings[2]).toBeGreaterThanOrEqual(savings[0] as number);
    for (const size of battery?.sizes ?? []) {
      expect(size.annualCents).toBe((study?.annualCents ?? 0) - size.savingsCents);
      expect(size.strategy).toBe('arbitrage');
      expect(size.dischargedKWh).toBeGreaterThan(0);
    }
    // The PG&E download has no export channel: no export table.
    expect(study?.solar).toBeNull();
  });

  it('values the exports under each rule, net billing at PG&E’s export rates', () => {
    const sunny = withSolar(intervals);
    const plans = ratePlansOf(sunny, input.bills, PGE);
    const study = storageAndSolarOf(sunny, plans, PGE);
    const solar = study?.solar;
    expect(solar?.planRule).toBeNull();
    expect(solar?.hasExportPrices).toBe(true);
    expect(solar?.exportPrices?.name).toMatch(/^PG&E Solar Billing Plan .* 2026 vintage/);
    expect(solar?.exportPrices?.effectiveDate).toBe('2026-01-01');
    expect(solar?.exportPrices?.source).toContain('PG&E NBT EEC Values 2026 Vintage.csv');
    expect(solar?.rules.map((r) => r.rule)).toEqual([
      'Net Metering',
      'Net Billing Instantaneous',
      'Net Billing Hourly',
    ]);
    expect(solar?.notValued.map((n) => n.rule)).toEqual(['Buy All Sell All']);
    const nem = solar?.rules[0];
    expect(nem?.annualCents).toBe(plans?.plans.find((p) => p.current)?.annualCents);
    expect(nem?.exportValueCents).toBeGreaterThan(0);
    // 0.3 kWh a quarter hour, 20 quarter hours a day, over the year's days.
    expect(solar?.exportKWh).toBeCloseTo(0.3 * 20 * (plans?.days ?? 0), 6);
    // Instantaneous net billing pays each exported kWh its hour's price from PG&E's table: the
    // exports' worth lies between what the table's cheapest and dearest midday hours would pay.
    const table = E_TOU_C.urdb as { exportrates: { weekday: number[][]; weekend: number[][] } };
    const midday = [...table.exportrates.weekday, ...table.exportrates.weekend].flatMap((hours) =>
      hours.slice(9, 16),
    );
    const kWh = solar?.exportKWh ?? 0;
    const worth = solar?.rules[1]?.exportValueCents ?? 0;
    expect(worth).toBeGreaterThan(Math.min(...midday) * kWh * 100);
    expect(worth).toBeLessThan(Math.max(...midday) * kWh * 100);
    expect(solar?.rules[1]?.annualCents).toBe((solar?.withoutExportsCents ?? 0) - worth);
    // Hourly net billing nets nothing here (the exporting hours import nothing): the same worth.
    expect(solar?.rules[2]?.exportValueCents).toBe(worth);

    // Printed: the table named with its date and source; no rule assumed, no "no export price".
    const html = renderReport({ ...input, intervals: sunny, storageAndSolar: study }).html;
    const section = /<section id="storage-and-solar"[\s\S]*?<\/section>/.exec(html)?.[0] ?? '';
    expect(section).toContain('PG&amp;E Solar Billing Plan');
    expect(section).toContain('Effective 2026-01-01');
    expect(section).toContain('net metering (NEM 2.0) for applications before 15 April 2023');
    expect(section).not.toContain('assumed');
    expect(section).not.toContain('gives no export price');
    expect(section).toContain(formatMoney(worth / 100));
  });

  it('is left out without a current plan', () => {
    const bills = input.bills.map((b) => ({ ...b, rateSchedule: 'E-TOU-B' }));
    const plans = ratePlansOf(intervals, bills, PGE);
    expect(storageAndSolarOf(intervals, plans, PGE)).toBeNull();
    expect(storageAndSolarOf(null, ratePlans, PGE)).toBeNull();
  });
});

describe('a report version’s inputs', () => {
  it('carry the figures for the plan the statement names, from the provider’s tariffs', () => {
    const { intervals } = pgeReport();
    const subject = {
      id: 7,
      userId: 3,
      status: 'complete',
      customerName: 'Harbor Bakery LLC',
      customerEmail: 'owner@harbor.example',
      accountName: null,
      accountNumber: null,
      serviceAddress: null,
      startDate: null,
      endDate: null,
      usageKwh: null,
      costCents: null,
      provider: { name: 'PG&E', country: 'US', state: 'California', timeZone: null },
      owner: { username: 'pro', companyName: null, logoKey: null, logoContentType: null },
      files: [
        {
          id: 1,
          fileName: 'statement.pdf',
          fileType: 'pdf',
          fileSize: 1,
          importStatus: 'imported',
          importError: null,
          statement: {
            hasText: true,
            facts: { statementDate: '2025-01-31', rateSchedule: 'E-TOU-C' },
          },
          bills: null,
          createdAt: new Date('2025-02-01T10:00:00Z'),
          uploadedBy: null,
          uploaderRole: null,
          source: 'upload',
          sourcePage: null,
        },
      ],
    } as unknown as ReportSubject;
    const input = reportInput({
      report: { id: 1, version: 1, connectionId: 7 },
      subject,
      fileBytes: [new Uint8Array([1])],
      series: intervals,
      tariffs: PGE,
      generatedAt: new Date('2025-02-10T12:00:00Z'),
    });
    expect(input.storageAndSolar?.plan.name).toBe(E_TOU_C.name);
    expect(input.storageAndSolar?.annualCents).toBe(
      input.ratePlans?.plans.find((p) => p.current)?.annualCents,
    );
    expect(input.storageAndSolar?.battery?.sizes).toHaveLength(3);
    const without = reportInput({
      report: { id: 1, version: 1, connectionId: 7 },
      subject,
      fileBytes: [new Uint8Array([1])],
      series: intervals,
      generatedAt: new Date('2025-02-10T12:00:00Z'),
    });
    expect(without.storageAndSolar).toBeNull();
  });
});

describe('the report’s battery and solar section', () => {
  const input = pgeReport();
  const study: ReportStorageAndSolar = {
    plan: { name: 'E-TOU-C <b>P</b>', effectiveDate: '2026-06-01', source: 'a & b' },
    periodStart: '2024-02-01',
    periodEnd: '2025-01-31',
    days: 366,
    annualCents: 123_456,
    battery: {
      powerKw: 2.5,
      chosen: true,
      roundTripEfficiency: 0.9,
      demandCharges: true,
      sizes: [
        {
          hours: 2,
          energyKWh: 5,
          annualCents: 110_000,
          savingsCents: 13_456,
          strategy: 'demand and arbitrage',
          dischargedKWh: 1234.5,
          peakKw: 9.6,
          peakWithKw: 7.1,
        },
      ],
    },
    solar: {
      importKWh: 5000,
      exportKWh: 2100,
      planRule: null,
      hasExportPrices: false,
      withoutExportsCents: 150_000,
      rules: [{ rule: 'Net Metering', annualCents: 123_456, exportValueCents: 26_544 }],
      notValued: [{ rule: 'Buy All Sell All', reason: 'Needs the panels’ output.' }],
    },
  };
  const text = (markup: string) =>
    (/<section id="storage-and-solar"[\s\S]*?<\/section>/.exec(markup)?.[0] ?? '')
      .replace(/<[^>]+>/g, ' ')
      .replace(/\s+/g, ' ');

  it('names the plan with its date and source, escaped, and prints each figure', () => {
    const html = renderReport({ ...input, storageAndSolar: study }).html;
    expect(html).toContain('E-TOU-C &lt;b&gt;P&lt;/b&gt;');
    expect(html).not.toContain('<b>P</b>');
    const section = text(html);
    expect(section).toContain('Effective 2026-06-01 · Source: a &amp; b');
    expect(section).toContain(`Annual cost as metered ${formatMoney(1234.56)}`);
    expect(section).toContain(
      `2.50 kW / 5 kWh (2 h) ${formatMoney(1100)} ${formatMoney(134.56)} 9.60 → 7.10 1,234.5`,
    );
    expect(section).toContain('Net Metering (assumed: the plan names none)');
    expect(section).toContain(`${formatMoney(1234.56)} ${formatMoney(265.44)}`);
    expect(section).toContain('Buy All Sell All Needs the panels’ output. Not valued —');
    expect(section).toContain('gives no export price');
  });

  it('is not printed without the figures', () => {
    expect(renderReport(input).html).not.toContain('id="storage-and-solar"');
  });
});
