import { describe, expect, it } from 'vitest';
import { MISSING } from '../intervals/series.ts';
import { reconcileStatement } from './reconcile.ts';
import { buildSeries, flatTariff } from './testing/series.ts';

// A synthetic flat tariff ($0.20/kWh and $0.50 a day, invented) on July 2023 at 1 kW throughout
// (24 kWh a day). The statement's billing period is 10-19 July: 10 days, 240 kWh.
//   energy  240 kWh × $0.20 = $48.00
//   fixed    10 days × $0.50 =  $5.00
//   bill                       $53.00

const LA = 'America/Los_Angeles';
const july = () => buildSeries(LA, '2023-07-01', '2023-07-31', () => 0.25);
const tariff = flatTariff(0.2, { fixedchargefirstmeter: 0.5, fixedchargeunits: '$/day' });
const period = { start: '2023-07-10', end: '2023-07-19' };
const TAXES =
  "The statement's charges include taxes, franchise fees and other charges the plan's rates do not carry (such as a utility users' tax, an energy commission tax or a power charge indifference adjustment), and credits such as the California Climate Credit.";

describe('a statement reconciled with its bill reproduced from the interval data', () => {
  it('gives the reproduced bill, the statement’s charges and the difference, with why', () => {
    const result = reconcileStatement(
      july(),
      tariff,
      { ...period, chargesCents: 6137, totalKWh: 240 },
      { effectiveDate: '2026-06-01' },
    );
    expect(result).toEqual({
      computedCents: 5300,
      statementCents: 6137,
      differenceCents: -837,
      intervalKWh: expect.closeTo(240, 9),
      reasons: [
        'The reproduced bill is $8.37 lower than the statement.',
        "The plan's rates are those in effect from 2026-06-01; the statement was billed at the rates in force from 2023-07-10 to 2023-07-19.",
        TAXES,
      ],
    });
  });

  it('says the two agree within a dollar, and names usage and separate generation when they differ', () => {
    const close = reconcileStatement(july(), tariff, { ...period, chargesCents: 5340 });
    expect(close.differenceCents).toBe(-40);
    expect(close.reasons[0]).toBe('The reproduced bill is within $0.40 of the statement.');
    const other = reconcileStatement(july(), tariff, {
      ...period,
      chargesCents: 4000,
      generationCents: 2000,
      totalKWh: 300,
    });
    expect(other.reasons).toEqual([
      'The reproduced bill is $13.00 higher than the statement.',
      'The interval data holds 240 kWh for the period and the statement bills 300 kWh, so usage differs as well as price.',
      "The statement bills generation on its own ($20.00); a community choice or other supplier's generation is priced at its own rates, not the plan's.",
      TAXES,
    ]);
  });

  it('cannot compare a period outside the interval data, or one it covers in part', () => {
    const outside = reconcileStatement(july(), tariff, {
      start: '2022-11-08',
      end: '2022-12-08',
      chargesCents: 9644,
    });
    expect(outside).toEqual({
      computedCents: null,
      statementCents: 9644,
      differenceCents: null,
      intervalKWh: null,
      reasons: [
        "The statement's billing period, 2022-11-08 to 2022-12-08, is outside the interval data (2023-07-01 to 2023-07-31), so its bill cannot be reproduced and compared.",
      ],
    });
    const partial = reconcileStatement(july(), tariff, {
      start: '2023-07-25',
      end: '2023-08-03',
      chargesCents: 5000,
    });
    expect(partial.computedCents).toBeNull();
    expect(partial.reasons).toEqual([
      "The interval data covers 7 of the 10 days of the statement's billing period (2023-07-25 to 2023-08-03), so its bill cannot be reproduced in full and is not compared.",
    ]);
  });

  it('prices a period missing a few quarter hours, and refuses one missing a day', () => {
    const series = july();
    // 2023-07-10 starts at slot 9 × 96 (no DST change in July): four quarter hours missing.
    const from = 9 * 96;
    for (let i = from; i < from + 4; i++) series.quality[i] = MISSING;
    const few = reconcileStatement(series, tariff, { ...period, chargesCents: 5280 });
    // 239 kWh × $0.20 = $47.80 + $5.00 = $52.80.
    expect(few.computedCents).toBe(5280);
    expect(few.differenceCents).toBe(0);
    expect(few.reasons.slice(0, 2)).toEqual([
      'The reproduced bill matches the statement to the cent.',
      'The interval data lacks 4 quarter hours of the period; the bill is priced on the data there is.',
    ]);
    for (let i = from; i < from + 96; i++) series.quality[i] = MISSING;
    const many = reconcileStatement(series, tariff, { ...period, chargesCents: 5280 });
    expect(many.computedCents).toBeNull();
    expect(many.reasons).toEqual([
      "The interval data lacks about 10% of the quarter hours of 2023-07-10 to 2023-07-19, too many to reproduce the statement's bill.",
    ]);
  });

  it('gives the reproduced bill alone when the statement’s charges were not read', () => {
    const result = reconcileStatement(july(), tariff, period);
    expect(result.computedCents).toBe(5300);
    expect(result.statementCents).toBeNull();
    expect(result.differenceCents).toBeNull();
    expect(result.reasons).toEqual([
      "The statement's charges were not read from it, so the bill cannot be compared.",
    ]);
  });
});
