import { describe, expect, it } from 'vitest';
import { assessQuality, importIntervals, toCanonicalSeries } from './index.ts';

const pad = (n: number) => String(n).padStart(2, '0');
const at = (quarter: number) => {
  const minutes = quarter * 15;
  return `2024-06-03 ${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
};

/**
 * One June day of quarter hours in UTC (96 slots): 6 hours of zeros at night, a 2-hour gap
 * (quarters 40-47) and a 30-minute gap (60-61), 6.5 hours stuck at 0.7 kWh, two estimated
 * readings and one row written twice.
 */
function day(): string {
  const rows = ['Timestamp,kWh,Quality'];
  for (let q = 0; q < 96; q++) {
    if ((q >= 40 && q < 48) || q === 60 || q === 61) continue;
    const kWh = q < 24 ? 0 : q >= 66 && q < 92 ? 0.7 : 0.1 + (q % 5) / 10;
    rows.push(`${at(q)},${kWh},${q === 30 || q === 31 ? 'Estimated' : ''}`);
    if (q === 50) rows.push(`${at(q)},${kWh},`);
  }
  return rows.join('\n');
}

describe('assessQuality', () => {
  const imported = importIntervals(day(), { timeZone: 'UTC' });
  const report = assessQuality(imported, toCanonicalSeries(imported));

  it('measures coverage and gaps on the 15-minute grid', () => {
    expect(report.slots).toBe(96);
    expect(report.coveragePct).toBeCloseTo((86 / 96) * 100, 12);
    expect(report.gaps).toEqual({
      count: 2,
      longestMinutes: 120,
      longestStart: Date.parse('2024-06-03T10:00:00Z'),
      missingMinutes: 150,
    });
    expect(
      imported.channels[0]?.gaps.map((g) => [
        new Date(g.start).toISOString(),
        (g.end - g.start) / 60_000,
      ]),
    ).toEqual([
      ['2024-06-03T10:00:00.000Z', 120],
      ['2024-06-03T15:00:00.000Z', 30],
    ]);
  });

  it('gives the estimated share, duplicates removed and no split values', () => {
    expect(report.estimatedPct).toBeCloseTo((2 / 86) * 100, 12);
    expect(report.duplicatesRemoved).toBe(1);
    expect(report.conflictingDuplicates).toBe(0);
    expect(report.splitPct).toBe(0);
  });

  it('finds zero and flat runs of six hours or more', () => {
    expect(report.zeroRuns).toEqual({
      count: 1,
      longestHours: 6,
      longestStart: Date.parse('2024-06-03T00:00:00Z'),
    });
    expect(report.flatRuns).toEqual({
      count: 1,
      longestHours: 6.5,
      longestStart: Date.parse('2024-06-03T16:30:00Z'),
    });
  });

  it('reports no DST anomalies or bills for such a day', () => {
    expect(report.dst).toEqual({ repeated: 0, folded: 0, nonexistent: 0, events: [] });
    expect(report.reconciliation).toEqual([]);
  });

  it('counts DST anomalies by kind', () => {
    const pge = [
      '',
      'TYPE,DATE,START TIME,END TIME,USAGE (kWh),COST,NOTES',
      'Electric usage,2024-03-10,02:00,02:59,1,',
      'Electric usage,2024-11-03,00:00,00:59,1,',
      'Electric usage,2024-11-03,01:00,01:59,2,',
      'Electric usage,2024-11-03,02:00,02:59,1,',
    ].join('\n');
    const dst = importIntervals(pge);
    const quality = assessQuality(dst, toCanonicalSeries(dst)).dst;
    expect([quality.repeated, quality.folded, quality.nonexistent]).toEqual([0, 1, 1]);
  });
});
