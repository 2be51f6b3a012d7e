import { describe, expect, it } from 'vitest';
import { analyze, importIntervals, toCanonicalSeries } from './index.ts';
import { isoWallClock } from './time/civil.ts';
import { zoneClock } from './time/zone-clock.ts';

// Layouts real exports use that the header does not announce: interval-end labels, labels off
// the grid by a second, and a fall-back hour folded into rows its labels do not point at.

const iso = (ms: number) => new Date(ms).toISOString().replace('.000', '');
const ZONE = 'America/Chicago';
const QUARTER = 900_000;

/** 15-minute UTC starts covering the local days [from, to), in `ZONE`. */
function quarterStarts(from: string, to: string): number[] {
  const clock = zoneClock(ZONE);
  const startOf = (day: string) => clock.resolve(Date.parse(`${day}T00:00:00Z`));
  const starts: number[] = [];
  for (let t = startOf(from); t < startOf(to); t += QUARTER) starts.push(t);
  return starts;
}

const wall = (utc: number, seconds = false) => {
  const label = isoWallClock(utc + zoneClock(ZONE).offsetAt(utc)).replace('T', ' ');
  return seconds ? label : label.slice(0, 16);
};

/** A little daily shape so that neighbouring rows differ. */
const kWhAt = (i: number) => 0.2 + ((i * 7) % 11) / 100;

describe('interval-end labels the header does not announce', () => {
  const starts = quarterStarts('2024-01-08', '2024-01-11');
  const text = ['Date/Time,kWh', ...starts.map((s, i) => `${wall(s + QUARTER)},${kWhAt(i)}`)].join(
    '\n',
  );
  const imported = importIntervals(text, { timeZone: ZONE });
  const readings = imported.channels[0]?.readings ?? [];

  it('places each reading at the start of its interval, not 15 minutes late', () => {
    expect(text.split('\n')[1]).toBe('2024-01-08 00:15,0.2');
    expect(text.split('\n').at(-1)).toMatch(/^2024-01-11 00:00,/);
    expect(readings).toHaveLength(288);
    expect(readings.map((r) => r.start)).toEqual(starts);
    expect(readings.map((r) => r.kWh)).toEqual(starts.map((_, i) => kWhAt(i)));
    expect(readings.every((r) => r.duration === 900)).toBe(true);
  });

  it('says which it chose in the import notes', () => {
    expect(imported.metadata.notes).toContain(
      'The "Date/Time" times mark the end of each interval: the first is 00:15 and the last 00:00, so every reading was placed 15 minutes before its label.',
    );
  });

  it('reads whole days labelled at their starts as starts, and says so', () => {
    const startText = ['Date/Time,kWh', ...starts.map((s, i) => `${wall(s)},${kWhAt(i)}`)].join(
      '\n',
    );
    const result = importIntervals(startText, { timeZone: ZONE });
    expect(result.channels[0]?.readings.map((r) => r.start)).toEqual(starts);
    expect(result.metadata.notes).toContain(
      'The "Date/Time" times mark the start of each interval: the first is 00:00 and the last 23:45.',
    );
  });

  it('reads end labels with offsets, and hourly end labels, from the content too', () => {
    const offsetText = [
      'Reading Time,kWh',
      ...starts.map((s, i) => `${isoWallClock(s + QUARTER - 6 * 3_600_000)}-06:00,${kWhAt(i)}`),
    ].join('\n');
    const withOffsets = importIntervals(offsetText);
    expect(withOffsets.channels[0]?.readings.map((r) => r.start)).toEqual(starts);
    const hours = starts.filter((_, i) => i % 4 === 0);
    const hourlyText = ['Timestamp,kWh', ...hours.map((s) => `${wall(s + 3_600_000)},1`)].join(
      '\n',
    );
    const hourly = importIntervals(hourlyText, { timeZone: ZONE });
    expect(iso(hourly.channels[0]?.readings[0]?.start ?? 0)).toBe('2024-01-08T06:00:00Z');
    expect(hourly.channels[0]?.readings).toHaveLength(72);
  });

  it('keeps a partial day read as starts, and the caller may still say otherwise', () => {
    const partial = [
      'Timestamp,kWh',
      '2024-01-08 00:15,1',
      '2024-01-08 00:30,1',
      '2024-01-08 00:45,1',
    ];
    const asRead = importIntervals(partial.join('\n'), { timeZone: 'UTC' });
    expect(iso(asRead.channels[0]?.readings[0]?.start ?? 0)).toBe('2024-01-08T00:15:00Z');
    expect(asRead.metadata.notes[0]).toMatch(/read as interval starts/);
    const told = importIntervals(partial.join('\n'), {
      timeZone: 'UTC',
      columns: { timestampMarks: 'end' },
    });
    expect(iso(told.channels[0]?.readings[0]?.start ?? 0)).toBe('2024-01-08T00:00:00Z');
  });
});

describe('start times off the grid by a second', () => {
  const starts = quarterStarts('2024-02-05', '2024-02-06');

  it('snaps starts one second past the minute onto it: no 899-second readings, no gaps', () => {
    const text = [
      'Start,End,kWh',
      ...starts.map((s, i) => `${wall(s + 1000, true)},${wall(s + QUARTER, true)},${kWhAt(i)}`),
    ].join('\n');
    expect(text.split('\n')[1]).toBe('2024-02-05 00:00:01,2024-02-05 00:15:00,0.2');
    const imported = importIntervals(text, { timeZone: ZONE });
    const channel = imported.channels[0];
    expect(channel?.readings.map((r) => [r.start, r.duration])).toEqual(
      starts.map((s) => [s, 900]),
    );
    expect(channel?.gaps).toEqual([]);
    expect(imported.metadata.notes).toContain(
      'Every start time is 1 s past the whole minute: each was read as that minute.',
    );
  });

  it('snaps instants with offsets and ends a second short of the minute', () => {
    const text = [
      'Interval Start,Interval End,kWh',
      ...starts.map(
        (s, i) =>
          `${isoWallClock(s + 1000 - 6 * 3_600_000)}-06:00,${isoWallClock(s + QUARTER - 1000 - 6 * 3_600_000)}-06:00,${kWhAt(i)}`,
      ),
    ].join('\n');
    const channel = importIntervals(text).channels[0];
    expect(channel?.readings.map((r) => [r.start, r.duration])).toEqual(
      starts.map((s) => [s, 900]),
    );
  });

  it('leaves labels alone when their offsets differ (real times, not a quirk)', () => {
    const text =
      'Timestamp,kWh\n2024-02-05 00:00:01,1\n2024-02-05 00:15:07,1\n2024-02-05 00:30:00,1\n';
    const imported = importIntervals(text, { timeZone: 'UTC' });
    expect(imported.channels[0]?.readings.map((r) => iso(r.start))).toEqual([
      '2024-02-05T00:00:01Z',
      '2024-02-05T00:15:07Z',
      '2024-02-05T00:30:00Z',
    ]);
    expect(imported.metadata.notes.some((n) => n.includes('whole minute'))).toBe(false);
  });
});

describe('a folded fall-back hour found by its value', () => {
  // 2024-11-03 in Chicago has 25 hours; the export keeps 96 labels, writing each fall-back
  // label once, and puts the repeated hour's energy into the 02:00-02:45 rows.
  const labels = Array.from({ length: 96 }, (_, i) => {
    const h = Math.floor(i / 4);
    return `2024-11-03 ${String(h).padStart(2, '0')}:${String((i % 4) * 15).padStart(2, '0')}`;
  });
  const base = (i: number) => 1 + (i % 4) * 0.1;
  const values = labels.map((_, i) => (i >= 8 && i < 12 ? 2 * base(i) : base(i)));
  const text = ['Timestamp,kWh', ...labels.map((l, i) => `${l},${values[i]}`)].join('\n');
  const imported = importIntervals(text, { timeZone: ZONE });
  const readings = imported.channels[0]?.readings ?? [];

  it('places the fold on the rows the values point at, and keeps every kWh', () => {
    const total = values.reduce((a, b) => a + b, 0);
    expect(readings.reduce((a, r) => a + r.kWh, 0)).toBeCloseTo(total, 9);
    // 25 hours of 15-minute readings, without a gap.
    expect(readings).toHaveLength(100);
    expect(imported.channels[0]?.gaps).toEqual([]);
    const folded = readings.filter((r) => r.dst === 'folded').map((r) => [iso(r.start), r.kWh]);
    // The 02:00-02:45 CST rows keep half; the other half fills 01:00-01:45 CST (the repeat).
    expect(folded).toEqual([
      ['2024-11-03T07:00:00Z', 1],
      ['2024-11-03T07:15:00Z', 1.1],
      ['2024-11-03T07:30:00Z', 1.2],
      ['2024-11-03T07:45:00Z', 1.3],
      ['2024-11-03T08:00:00Z', 1],
      ['2024-11-03T08:15:00Z', 1.1],
      ['2024-11-03T08:30:00Z', 1.2],
      ['2024-11-03T08:45:00Z', 1.3],
    ]);
    expect(imported.metadata.notes).toContain(
      'The repeated fall-back hour of 2024-11-03 is folded into the 02:00 to 02:45 rows (lines 10 to 13; about 2.0 times the neighbouring energy), not the 01:00 to 01:45 rows. Each holds 30 minutes of energy: half stays at its own quarter hour, half fills one quarter hour of the repeated hour.',
    );
  });

  it('does not count the double rows as one interval’s demand', () => {
    const analytics = analyze(toCanonicalSeries(imported));
    // The largest real quarter-hour is 1.3 kWh: 5.2 kW. Counted as written it would be 10.4 kW.
    expect(analytics.peak?.kW).toBeCloseTo(5.2, 9);
  });

  it('still folds the fall-back rows themselves when they hold the double energy', () => {
    const own = labels.map((_, i) => (i >= 4 && i < 8 ? 2 * base(i) : base(i)));
    const result = importIntervals(
      ['Timestamp,kWh', ...labels.map((l, i) => `${l},${own[i]}`)].join('\n'),
      { timeZone: ZONE },
    );
    const folded = result.channels[0]?.readings.filter((r) => r.dst === 'folded') ?? [];
    expect(folded.map((r) => iso(r.start)).slice(0, 4)).toEqual([
      '2024-11-03T06:00:00Z',
      '2024-11-03T06:15:00Z',
      '2024-11-03T06:30:00Z',
      '2024-11-03T06:45:00Z',
    ]);
    expect(analyze(toCanonicalSeries(result)).peak?.kW).toBeCloseTo(5.2, 9);
    expect(result.metadata.notes.some((n) => n.includes('fall-back'))).toBe(false);
  });
});
