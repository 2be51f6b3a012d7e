import { describe, expect, it } from 'vitest';
import { exportRuleBills } from './export-rules.ts';
import type { UrdbRate } from './index.ts';
import { buildSeries, type SlotTime, schedule } from './testing/series.ts';

// One synthetic day with rooftop solar, valued under each export rule; every figure is worked out
// here from the day's shape, apart from the engine.

const LA = 'America/Los_Angeles';

/**
 * Wednesday 2023-07-12, per hour:
 * - 00-08 and 21-23: 1 kWh imported (12 kWh, off-peak);
 * - 09: 0.3, 0.3 imported then 0.2, 0.2 exported (0.6 in, 0.4 out, 0.2 in net for the hour);
 * - 10-15: 2 kWh exported an hour (12 kWh);
 * - 16-20 (peak): 2 kWh imported an hour (10 kWh).
 */
function solarDay(t: SlotTime): readonly [number, number] {
  if (t.hour === 9) return t.quarter < 2 ? [0.3, 0] : [0, 0.2];
  if (t.hour >= 10 && t.hour < 16) return [0, 0.5];
  if (t.hour >= 16 && t.hour < 21) return [0.5, 0];
  return [0.25, 0];
}
const day = buildSeries(LA, '2023-07-12', '2023-07-12', solarDay);

const peak = schedule((_m, h) => (h >= 16 && h < 21 ? 1 : 0));
/** Off-peak $0.30 (exports $0.05), peak $0.50 (exports $0.08); the plan itself nets monthly. */
const plan: UrdbRate = {
  name: 'Synthetic TOU with export prices',
  energyratestructure: [[{ rate: 0.3, sell: 0.05 }], [{ rate: 0.5, sell: 0.08 }]],
  energyweekdayschedule: peak,
  energyweekendschedule: peak,
};

const off = (kWh: number) => kWh * 0.3;
const cents = (dollars: number) => Math.round(dollars * 100);
/** One day's figures are the year's × 365. */
const YEAR = 365;

describe('exports valued under each rule', () => {
  const study = exportRuleBills(day, plan);
  const rule = (name: string) => study.rules.find((r) => r.dgrules === name);
  // Import alone: 12.6 kWh off-peak and 10 peak.
  const without = cents(off(12.6)) + cents(10 * 0.5);

  it('counts the day’s import and export, and prices the import alone', () => {
    expect(study.importKWh).toBeCloseTo(22.6, 9);
    expect(study.exportKWh).toBeCloseTo(12.4, 9);
    expect(study.withoutExports.totals.totalCents).toBe(without);
  });

  it('net metering: the off-peak export offsets off-peak import at the retail price', () => {
    // Off-peak nets to 12.6 - 12.4 = 0.2 kWh.
    const total = cents(off(0.2)) + cents(10 * 0.5);
    expect(rule('Net Metering')?.bill.totals.totalCents).toBe(total);
    expect(rule('Net Metering')?.exportValueCents).toBe((without - total) * YEAR);
  });

  it('instantaneous net billing: every exported kWh earns its period’s export price', () => {
    const total = without - cents(12.4 * 0.05);
    expect(rule('Net Billing Instantaneous')?.bill.totals.totalCents).toBe(total);
    expect(rule('Net Billing Instantaneous')?.exportValueCents).toBe((without - total) * YEAR);
  });

  it('hourly net billing: 09:00 nets to 0.2 kWh bought, the rest of the export is sold', () => {
    const total = cents(off(12.2)) + cents(10 * 0.5) - cents(12 * 0.05);
    expect(rule('Net Billing Hourly')?.bill.totals.totalCents).toBe(total);
    expect(rule('Net Billing Hourly')?.exportValueCents).toBe((without - total) * YEAR);
  });

  it('buy all sell all is not valued from meter data alone, and says why', () => {
    expect(rule('Buy All Sell All')).toBeUndefined();
    expect(study.notValued.map((n) => n.dgrules)).toEqual(['Buy All Sell All']);
    expect(study.notValued[0]?.reason).toMatch(/not what the panels produced/);
  });

  it('buy all sell all, given the panels’ output: the whole load bought, the output sold', () => {
    // The panels: 0.2 a quarter hour in the second half of 09:00 and 0.6 from 10:00 to 16:00, so
    // the house used 0.1 a quarter hour then. Load off-peak: 12 + 0.6 + 24 × 0.1 = 15 kWh;
    // output 0.4 + 24 × 0.6 = 14.8 kWh, all off-peak.
    const generation = new Float64Array(day.length);
    for (let i = 0; i < day.length; i++) {
      const hour = Math.floor(i / 4);
      if (hour === 9 && i % 4 >= 2) generation[i] = 0.2;
      if (hour >= 10 && hour < 16) generation[i] = 0.6;
    }
    const withOutput = exportRuleBills(day, plan, { generation });
    const basa = withOutput.rules.find((r) => r.dgrules === 'Buy All Sell All');
    const total = cents(off(15)) + cents(10 * 0.5) - cents(14.8 * 0.05);
    expect(basa?.bill.totals.totalCents).toBe(total);
    expect(withOutput.notValued).toEqual([]);
  });
});
