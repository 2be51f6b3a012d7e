import { describe, expect, it } from 'vitest';
import { rankTariffs, type UrdbRate } from './index.ts';
import { buildSeries, flatTariff, schedule } from './testing/series.ts';

describe('rankTariffs', () => {
  // 2023 in Los Angeles, 1 kW throughout: 8,760 kWh, of which 16:00-21:00 is 1,825 kWh.
  const year = buildSeries('America/Los_Angeles', '2023-01-01', '2023-12-31', () => 0.25);
  const peak = schedule((_m, h) => (h >= 16 && h < 21 ? 1 : 0));
  const tou: UrdbRate = {
    name: 'Synthetic TOU',
    energyratestructure: [[{ rate: 0.2 }], [{ rate: 0.5 }]],
    energyweekdayschedule: peak,
    energyweekendschedule: peak,
  };
  const rates = [
    flatTariff(0.3), // 8,760 × $0.30 = $2,628.00
    tou, // 6,935 × $0.20 + 1,825 × $0.50 = $1,387.00 + $912.50 = $2,299.50
    flatTariff(0.25, { fixedchargefirstmeter: 120, fixedchargeunits: '$/year' }), // $2,190 + $120
  ];

  it('sorts by annual cost with the difference to the current tariff', () => {
    const ranked = rankTariffs(year, rates, { current: 0 });
    expect(ranked.map((r) => [r.rank, r.index, r.annualCents, r.differenceCents])).toEqual([
      [1, 1, 229950, -32850],
      [2, 2, 231000, -31800],
      [3, 0, 262800, 0],
    ]);
    expect(ranked[0]?.bill.bills).toHaveLength(12);
    expect(ranked[0]?.bill.days).toBe(365);
  });

  it('leaves the difference out without a current tariff and rejects a bad index', () => {
    expect(rankTariffs(year, rates).map((r) => r.differenceCents)).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
    expect(() => rankTariffs(year, rates, { current: 3 })).toThrow(/not an index/);
  });
});
