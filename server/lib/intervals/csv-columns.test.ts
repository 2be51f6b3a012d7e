import { describe, expect, it } from 'vitest';
import { importIntervals, toCanonicalSeries } from './index.ts';
import { columnsOf } from './reading-columns.ts';
import { type SyntheticReading, writePgeCsv } from './testing/synthetic-files.ts';

// A CSV channel is kept as typed columns when every row places itself (the usual file), and its
// reading objects are made only when someone reads them: both must say what the file says.

const QUARTER = 15 * 60_000;

/** 2024 in Pacific time from local midnight, 15 minutes apart, with costs and some estimates. */
function year(): SyntheticReading[] {
  const start = Date.UTC(2024, 0, 1, 8);
  return Array.from({ length: 366 * 96 }, (_, i) => ({
    start: start + i * QUARTER,
    minutes: 15,
    kWh: ((i * 7919) % 1000) / 1000,
    cost: ((i * 104_729) % 90) / 100,
    estimated: i % 501 === 0,
  }));
}

describe('CSV channels kept as columns', () => {
  it('keeps a PG&E year as columns whose readings, costs and clock changes are the file', () => {
    const written = year();
    const imported = importIntervals(writePgeCsv(written));
    const channel = imported.channels[0];
    if (!channel) throw new Error('no channel');
    expect(columnsOf(channel)?.length).toBe(written.length);

    // The series is made from the columns, costs included.
    const series = toCanonicalSeries(imported);
    expect(series.hasCost).toBe(true);
    const sum = (values: ArrayLike<number>) => Array.from(values).reduce((a, b) => a + b, 0);
    expect(sum(series.cost)).toBeCloseTo(sum(written.map((r) => r.cost ?? 0)), 6);
    expect(sum(series.delivered)).toBeCloseTo(sum(written.map((r) => r.kWh)), 6);

    // Read as objects, every reading is the row written, in order.
    const readings = channel.readings;
    expect(columnsOf(channel)).toBeUndefined();
    expect(readings.map((r) => [r.start, r.duration, r.kWh, r.cost, r.quality])).toEqual(
      written.map((r) => [r.start, 900, r.kWh, r.cost, r.estimated ? 'estimated' : 'actual']),
    );
    // The fall-back hour was written twice: its eight rows are marked repeated, and nothing else.
    const marked = readings.filter((r) => r.dst !== undefined);
    expect(marked.map((r) => r.dst)).toEqual(Array(8).fill('repeated'));
    expect(new Date(marked[0]?.start ?? 0).toISOString()).toBe('2024-11-03T08:00:00.000Z');
  });

  it('gives reading objects when a row needs its neighbours (a folded fall-back hour)', () => {
    // 00:00 to 03:00 on the fall-back day, the repeated hour folded into one double row at 01:00.
    const rows = [
      'TYPE,DATE,START TIME,END TIME,USAGE (kWh),COST,NOTES',
      'Electric usage,2024-11-03,00:00,00:59,1.0,$0.10,',
      'Electric usage,2024-11-03,01:00,01:59,2.0,$0.20,',
      'Electric usage,2024-11-03,02:00,02:59,1.0,$0.10,',
    ];
    const channel = importIntervals(`${rows.join('\n')}\n`).channels[0];
    if (!channel) throw new Error('no channel');
    expect(columnsOf(channel)).toBeUndefined();
    expect(channel.readings.reduce((a, r) => a + r.kWh, 0)).toBeCloseTo(4, 9);
    expect(channel.readings.reduce((a, r) => a + r.duration, 0)).toBe(4 * 3600);
  });
});
