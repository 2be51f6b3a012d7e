import { describe, expect, it } from 'vitest';
import { renderReport } from '../../lib/report/index.ts';
import { pgeReport } from '../../lib/report/testing/layout-inputs.ts';
import { californiaTariffs } from '../../lib/tariffs/catalogue.ts';
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
