import { describe, expect, it } from 'vitest';
import { californiaTariffs } from './catalogue.ts';
import { holidaysOf, US_FEDERAL } from './holidays.ts';
import { holidaysFor, priceTariff, rankTariffs, type UrdbRate } from './index.ts';
import { buildSeries, schedule } from './testing/series.ts';
import { holidaysOfUtility, utilityHolidays } from './utility-holidays.ts';

// The expected dates are read off a calendar (weekdays checked with Python's datetime), not
// computed by the code under test.

const LA = 'America/Los_Angeles';
const iso = (day: number) => new Date(day * 86_400_000).toISOString().slice(0, 10);
const pge = () => holidaysOfUtility('PG&E')?.rule ?? US_FEDERAL;

describe("each utility's holidays", () => {
  it('lists the eight holidays of the California tariffs, with where they were read', () => {
    const all = utilityHolidays();
    expect(all.map((u) => u.utility)).toEqual(['PG&E', 'SCE', 'SDG&E']);
    for (const u of all) {
      expect(u.rule.holidays).toEqual([
        'new-years-day',
        'presidents-day',
        'memorial-day',
        'independence-day',
        'labor-day',
        'veterans-day',
        'thanksgiving-day',
        'christmas-day',
      ]);
      expect(u.rule.observance).toBe('sunday-to-monday');
      expect(u.source).toMatch(/^https:\/\/|^github\.com\//);
      expect(u.publishedSource.length).toBeGreaterThan(40);
      expect(u.seenAt).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
  });

  it("gives PG&E's 2026 dates: Independence Day on a Saturday stays there", () => {
    expect(holidaysOf(pge(), 2026).map(iso)).toEqual([
      '2026-01-01',
      '2026-02-16',
      '2026-05-25',
      '2026-07-04',
      '2026-09-07',
      '2026-11-11',
      '2026-11-26',
      '2026-12-25',
    ]);
  });

  it('differs from the federal list on the days the brief lists', () => {
    const federal = holidaysOf(US_FEDERAL, 2026).map(iso);
    const utility = holidaysOf(pge(), 2026).map(iso);
    // Martin Luther King Day, Juneteenth, Independence Day observed on Friday 3 July, Columbus Day.
    for (const day of ['2026-01-19', '2026-06-19', '2026-07-03', '2026-10-12']) {
      expect(federal).toContain(day);
      expect(utility).not.toContain(day);
    }
    // Neither keeps the Friday after Thanksgiving (27 November 2026).
    expect(federal).not.toContain('2026-11-27');
    expect(utility).not.toContain('2026-11-27');
    // Veterans Day 2023 was a Saturday: federal employees had Friday 10 November, the utilities
    // nothing.
    expect(holidaysOf(US_FEDERAL, 2023).map(iso)).toContain('2023-11-10');
    expect(holidaysOf(pge(), 2023).map(iso)).not.toContain('2023-11-10');
    expect(holidaysOf(pge(), 2023).map(iso)).toContain('2023-11-11');
  });

  it('moves a Sunday holiday to the Monday after under both rules', () => {
    // 4 July 2027 and 1 January 2023 were Sundays.
    expect(holidaysOf(pge(), 2027).map(iso)).toContain('2027-07-05');
    expect(holidaysOf(US_FEDERAL, 2027).map(iso)).toContain('2027-07-05');
    expect(holidaysOf(pge(), 2023).map(iso)[0]).toBe('2023-01-02');
    // Christmas 2027 is a Saturday: the federal list takes Friday 24 December, the utility's not.
    expect(holidaysOf(US_FEDERAL, 2027).map(iso)).toContain('2027-12-24');
    expect(holidaysOf(pge(), 2027).map(iso)).not.toContain('2027-12-24');
  });

  it('finds a utility by the names URDB and the provider list give it', () => {
    expect(holidaysOfUtility('Pacific Gas & Electric Co')?.utility).toBe('PG&E');
    expect(holidaysOfUtility('Pacific Gas and Electric (PG&E)')?.utility).toBe('PG&E');
    expect(holidaysOfUtility('Southern California Edison Co')?.utility).toBe('SCE');
    expect(holidaysOfUtility('San Diego Gas & Electric Co')?.utility).toBe('SDG&E');
    expect(holidaysOfUtility('Riverside Public Utilities')).toBeUndefined();
    expect(holidaysOfUtility(undefined)).toBeUndefined();
  });

  it('has a list for the utility of every catalogue plan', () => {
    for (const plan of californiaTariffs()) {
      expect(holidaysFor(plan.urdb)).toEqual(holidaysOfUtility(plan.utility)?.rule);
    }
  });
});

describe('pricing with the utility’s holidays', () => {
  // Peak ($0.50) 16:00-21:00 on weekdays, off-peak ($0.30) otherwise and all day on weekends and
  // holidays; 1 kW throughout.
  const tariff = (utility?: string): UrdbRate => ({
    name: 'Synthetic weekday peak',
    ...(utility ? { utility } : {}),
    energyratestructure: [[{ rate: 0.3 }], [{ rate: 0.5 }]],
    energyweekdayschedule: schedule((_m, h) => (h >= 16 && h < 21 ? 1 : 0)),
    energyweekendschedule: schedule(() => 0),
  });
  const peakKWh = (bill: ReturnType<typeof priceTariff>) =>
    Number(
      bill.bills
        .flatMap((b) => b.energy)
        .filter((l) => l.period === 1)
        .reduce((s, l) => s + l.kWh, 0)
        .toFixed(6),
    );
  // Monday 29 June to Sunday 5 July 2026: 4 July is a Saturday.
  const week = buildSeries(LA, '2026-06-29', '2026-07-05', () => 0.25);

  it('prices Friday 3 July 2026 at peak for a PG&E plan, off-peak under the federal list', () => {
    // PG&E: five weekdays of peak, 25 kWh ($12.50), 143 kWh off-peak ($42.90).
    const pgeBill = priceTariff(week, tariff('Pacific Gas & Electric Co'));
    expect(peakKWh(pgeBill)).toBe(25);
    expect(pgeBill.totals.energyCents).toBe(5540);
    // No utility: the federal list keeps Friday 3 July, four weekdays of peak: 20 kWh ($10.00)
    // and 148 kWh off-peak ($44.40).
    const federalBill = priceTariff(week, tariff());
    expect(peakKWh(federalBill)).toBe(20);
    expect(federalBill.totals.energyCents).toBe(5440);
    // The caller's choice still wins.
    expect(peakKWh(priceTariff(week, tariff('SCE'), { holidays: 'us-federal' }))).toBe(20);
  });

  it('prices Martin Luther King Day at peak for an SCE plan', () => {
    // Monday 19 January 2026 alone: 5 kWh of peak for SCE, none under the federal list.
    const day = buildSeries(LA, '2026-01-19', '2026-01-19', () => 0.25);
    expect(peakKWh(priceTariff(day, tariff('Southern California Edison Co')))).toBe(5);
    expect(peakKWh(priceTariff(day, tariff()))).toBe(0);
  });

  it('ranks plans of different utilities each on its own holidays', () => {
    const ranked = rankTariffs(week, [tariff('San Diego Gas & Electric Co'), tariff()]);
    // The federal plan has one weekday less of peak: $1.00 cheaper, so first.
    expect(ranked.map((r) => [r.index, r.annualCents])).toEqual([
      [1, Math.round((5440 * 365) / 7)],
      [0, Math.round((5540 * 365) / 7)],
    ]);
  });
});
