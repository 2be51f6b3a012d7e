import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatMoney } from '../../lib/report/format.ts';
import { type ReportBill, renderReport } from '../../lib/report/index.ts';
import { pgeReport } from '../../lib/report/testing/layout-inputs.ts';
import { californiaTariffs } from '../../lib/tariffs/catalogue.ts';
import { UTILITY_FIXTURES } from '../../test/utility-fixtures.ts';
import { catalogueSource } from '../tariffs/catalogue-seed.ts';
import { lastTwelveMonths, matchSchedule, ratePlansOf, type StoredTariff } from './rate-plans.ts';

// Which plan a statement's rate schedule names, and what the report says when none, or no plan
// at all, can be priced.

const PGE: StoredTariff[] = californiaTariffs()
  .filter((c) => c.utility === 'PG&E')
  .map((c) => ({
    name: c.urdb.name ?? c.name,
    startDate: c.effectiveDate,
    source: catalogueSource(c),
    urdb: c.urdb,
  }));
const names = PGE.map((p) => p.name);

describe('a statement’s rate schedule', () => {
  it('names the plan whose name starts with it, in any case or punctuation', () => {
    expect(names[matchSchedule('E-TOU-C', names) ?? -1]).toMatch(/^E-TOU-C /);
    expect(names[matchSchedule('etouc', names) ?? -1]).toMatch(/^E-TOU-C /);
    expect(names[matchSchedule('EV2A', names) ?? -1]).toMatch(/^EV2-A /);
    expect(names[matchSchedule('E-1', names) ?? -1]).toMatch(/^E-1 /);
  });

  it('names a plan that gives it as a later word, and none when no word is it', () => {
    expect(matchSchedule('D', ['Domestic Service D, Baseline Region 5'])).toBe(0);
    expect(matchSchedule('E-TOU-C3', names)).toBeUndefined();
    expect(matchSchedule('E-TOU', names)).toBeUndefined();
    expect(matchSchedule(' - ', names)).toBeUndefined();
  });
});

describe('the rate plans of a report', () => {
  it('price the last 12 months of a longer series', () => {
    const input = pgeReport();
    const series = input.intervals?.series;
    if (!series) throw new Error('no series');
    const short = lastTwelveMonths(series);
    expect(short).toBe(series); // 2024-02-01 to 2025-01-31: exactly 12 months already
    const longer = {
      ...series,
      start: series.start - 96 * 900_000 * 10,
      length: series.length + 960,
    };
    const trimmed = lastTwelveMonths(longer);
    expect(trimmed.start).toBe(series.start);
    expect(trimmed.length).toBe(series.length);
  });

  it('are left out without interval data or without plans, and nothing is said missing', () => {
    const input = pgeReport();
    expect(ratePlansOf(null, input.bills, PGE)).toBeNull();
    expect(ratePlansOf(input.intervals, input.bills, [])).toBeNull();
    const { html, summary } = renderReport(input);
    expect(html).not.toContain('id="rate-plans"');
    expect(summary.missing.join(' ')).not.toContain('rate schedule');
  });

  it('rank the plans without a current one, and say so once, when the statement’s schedule is none of them', () => {
    const input = pgeReport();
    const bills = input.bills.map((b) => ({ ...b, rateSchedule: 'E-TOU-B' }));
    const ratePlans = ratePlansOf(input.intervals, bills, PGE);
    expect(ratePlans?.plans.map((p) => p.current)).toEqual(PGE.map(() => false));
    expect(ratePlans?.plans.every((p) => p.differenceCents === null)).toBe(true);
    const { html, summary } = renderReport({ ...input, bills, ratePlans });
    expect(html).toContain('id="rate-plans"');
    expect(html).toContain('Monthly bills on the cheapest plan');
    const lines = summary.missing.filter((m) => m.includes('rate schedule'));
    expect(lines).toEqual([
      'The statement of 2022-12-09 names the rate schedule “E-TOU-B”, which is not among the rate plans this report prices, so its bills are not reproduced.',
    ]);
  });

  it('say a stored plan the engine now refuses was not priced, and price the rest', () => {
    const input = pgeReport();
    const broken = {
      name: 'Broken plan',
      startDate: null,
      source: null,
      urdb: { name: 'x', energyweekdayschedule: [[0]] },
    };
    const ratePlans = ratePlansOf(input.intervals, input.bills, [...PGE, broken]);
    expect(ratePlans?.plans).toHaveLength(PGE.length);
    expect(ratePlans?.notes).toEqual([
      'The rate plan Broken plan no longer passes the tariff checks and was not priced.',
    ]);
  });
});

describe('the statement check of the rate plans', () => {
  const input = pgeReport();
  const statement = input.bills[0];
  if (!statement) throw new Error('no statement');
  const textOf = (markup: string) =>
    markup
      .replace(/<[^>]+>/g, ' ')
      .replace(/&#39;|&#x27;/g, "'")
      .replace(/\s+/g, ' ');

  it('says a statement whose period is outside the interval data cannot be compared', () => {
    const ratePlans = ratePlansOf(input.intervals, input.bills, PGE);
    expect(ratePlans?.reconciliation).toMatchObject({
      periodStart: '2022-11-08',
      periodEnd: '2022-12-08',
      computedCents: null,
      differenceCents: null,
      reasons: [
        "The statement's billing period, 2022-11-08 to 2022-12-08, is outside the interval data (2024-02-01 to 2025-01-31), so its bill cannot be reproduced and compared.",
      ],
    });
    const text = textOf(renderReport({ ...input, ratePlans }).html);
    expect(text).toContain('Statement check');
    expect(text).toContain('Computed under the plan Not computed');
  });

  it('reproduces a July statement under E-TOU-C from the hourly export, worked out here', () => {
    // July 2024 of the export, by hour: E-TOU-C's summer peak is 4-9 p.m. every day, and the
    // month's kWh stay under the territory P baseline (13.5 kWh × 31 days), so all of it is on
    // the first tier: peak at $0.441, off-peak at $0.318, and $0.79343 a day.
    const rows = readFileSync(
      path.join(UTILITY_FIXTURES, 'csv/pge_dmd_hourly_2024-02-01_to_2025-01-31.csv'),
      'utf8',
    )
      .split('\n')
      .map((line) => line.split(','))
      .filter((cells) => cells[0] === 'Electric usage' && cells[1]?.startsWith('2024-07'));
    const hundredths = (peak: boolean) =>
      rows
        .filter((cells) => {
          const hour = Number(cells[2]?.slice(0, 2));
          return (hour >= 16 && hour < 21) === peak;
        })
        .reduce((sum, cells) => sum + Math.round(Number(cells[4]) * 100), 0);
    const peak = Math.round((hundredths(true) * 44.1) / 100);
    const offPeak = Math.round((hundredths(false) * 31.8) / 100);
    const fixed = Math.round(0.79343 * 31 * 100);
    const computed = peak + offPeak + fixed;
    const july: ReportBill = {
      ...statement,
      periodStart: '2024-07-01',
      periodEnd: '2024-07-31',
      totalKWh: (hundredths(true) + hundredths(false)) / 100,
      currentChargesCents: 9644,
      deliveryChargesCents: 6211,
      generationChargesCents: 3433,
    };
    const ratePlans = ratePlansOf(input.intervals, [july], PGE);
    const difference = computed - 9644;
    expect(ratePlans?.reconciliation).toEqual({
      planName: 'E-TOU-C Residential Time of Use, Baseline Territory P',
      statementDate: '2022-12-09',
      periodStart: '2024-07-01',
      periodEnd: '2024-07-31',
      computedCents: computed,
      statementCents: 9644,
      statementLabel: 'delivery $62.11 and generation $34.33',
      differenceCents: difference,
      reasons: [
        `The reproduced bill is ${formatMoney(Math.abs(difference) / 100)} ${difference < 0 ? 'lower' : 'higher'} than the statement.`,
        "The plan's rates are those in effect from 2026-06-01; the statement was billed at the rates in force from 2024-07-01 to 2024-07-31.",
        "The statement bills generation on its own ($34.33); a community choice or other supplier's generation is priced at its own rates, not the plan's.",
        "The statement's charges include taxes, franchise fees and other charges the plan's rates do not carry (such as a utility users' tax, an energy commission tax or a power charge indifference adjustment), and credits such as the California Climate Credit.",
      ],
    });
    const text = textOf(renderReport({ ...input, bills: [july], ratePlans }).html);
    const sign = difference < 0 ? '−' : '+';
    expect(text).toContain(
      `Computed ${formatMoney(computed / 100)} vs statement $96.44, difference ${sign}${formatMoney(Math.abs(difference) / 100)}.`,
    );
  });

  it('has no statement check without a current plan', () => {
    const bills = input.bills.map((b) => ({ ...b, rateSchedule: 'E-TOU-B' }));
    expect(ratePlansOf(input.intervals, bills, PGE)?.reconciliation).toBeNull();
  });
});
