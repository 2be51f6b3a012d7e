import { describe, expect, it } from 'vitest';
import { analyze, importIntervals, toCanonicalSeries } from './index.ts';

const pad = (n: number) => String(n).padStart(2, '0');

/** Friday 5 and Saturday 6 January 2024, hourly, Pacific time: 1 kWh an hour on Friday with 5
 * kWh at 18:00, 2 kWh an hour on Saturday with 3 kWh exported at noon; $0.10 per kWh. */
function twoDays(): string {
  const rows = ['Timestamp,kWh,Received kWh,Cost'];
  for (let h = 0; h < 24; h++) {
    const kWh = h === 18 ? 5 : 1;
    rows.push(`2024-01-05 ${pad(h)}:00,${kWh},0,${kWh / 10}`);
  }
  for (let h = 0; h < 24; h++) rows.push(`2024-01-06 ${pad(h)}:00,2,${h === 12 ? 3 : 0},0.2`);
  return rows.join('\n');
}

describe('analyze', () => {
  const analytics = analyze(toCanonicalSeries(importIntervals(twoDays(), { state: 'CA' })));

  it('totals delivered, received, net and cost', () => {
    expect(analytics.deliveredKWh).toBeCloseTo(76, 12);
    expect(analytics.receivedKWh).toBeCloseTo(3, 12);
    expect(analytics.netKWh).toBeCloseTo(73, 12);
    expect(analytics.cost).toBeCloseTo(7.6, 12);
    expect(analytics.costPerKWh).toBeCloseTo(0.1, 12);
    expect(analytics.start).toBe(Date.parse('2024-01-05T08:00:00Z'));
    expect(analytics.end).toBe(Date.parse('2024-01-07T08:00:00Z'));
  });

  it('gives monthly and daily use by local calendar', () => {
    expect(analytics.monthly).toEqual([
      {
        month: '2024-01',
        deliveredKWh: expect.closeTo(76, 12),
        receivedKWh: expect.closeTo(3, 12),
        netKWh: expect.closeTo(73, 12),
        cost: expect.closeTo(7.6, 12),
        peakKw: 5,
        slots: 192,
        missingSlots: 0,
      },
    ]);
    expect(analytics.daily.map((d) => [d.date, d.deliveredKWh, d.slots])).toEqual([
      ['2024-01-05', expect.closeTo(28, 12), 96],
      ['2024-01-06', expect.closeTo(48, 12), 96],
    ]);
  });

  it('finds the peak with its time, base load and load factor', () => {
    expect(analytics.peak).toEqual({
      kW: 5,
      start: Date.parse('2024-01-06T02:00:00Z'),
      local: '2024-01-05T18:00:00-08:00',
    });
    expect(analytics.averageKw).toBeCloseTo(76 / 48, 12);
    // Daily lowest hours are 1 kW (Friday) and 2 kW (Saturday): the median is 1.5 kW.
    expect(analytics.baseLoadKw).toBeCloseTo(1.5, 12);
    expect(analytics.loadFactor).toBeCloseTo(76 / 48 / 5, 12);
  });

  it('averages a weekday and a weekend load profile by local hour', () => {
    const weekday = analytics.loadProfile.weekday.map((v) =>
      v === null ? null : Math.round(v * 1e9) / 1e9,
    );
    expect(weekday).toEqual(Array.from({ length: 24 }, (_, h) => (h === 18 ? 5 : 1)));
    expect(analytics.loadProfile.weekend.map((v) => Math.round((v ?? 0) * 1e9) / 1e9)).toEqual(
      Array(24).fill(2),
    );
  });

  it('fills the 12×24 month-by-hour heatmap where there is data', () => {
    expect(analytics.heatmap).toHaveLength(12);
    expect(analytics.heatmap.every((row) => row.length === 24)).toBe(true);
    expect(analytics.heatmap[0]?.map((v) => Math.round((v ?? 0) * 1e9) / 1e9)).toEqual(
      Array.from({ length: 24 }, (_, h) => (h === 18 ? 3.5 : 1.5)),
    );
    expect(
      analytics.heatmap
        .slice(1)
        .flat()
        .every((v) => v === null),
    ).toBe(true);
  });

  it('counts 92 slots on a spring-forward day and 100 at fall-back', () => {
    const rows = ['Timestamp,kWh'];
    for (const day of ['2024-03-10', '2024-11-03']) {
      for (let h = 0; h < 24; h++) {
        if (day === '2024-03-10' && h === 2) continue;
        rows.push(`${day} ${pad(h)}:00,1`);
        if (day === '2024-11-03' && h === 1) rows.push(`${day} 01:00,1`);
      }
    }
    const daily = analyze(
      toCanonicalSeries(importIntervals(rows.join('\n'), { state: 'CA' })),
    ).daily;
    expect(daily.map((d) => [d.date, d.slots, d.deliveredKWh])).toEqual([
      ['2024-03-10', 92, expect.closeTo(23, 12)],
      ['2024-11-03', 100, expect.closeTo(25, 12)],
    ]);
  });
});
