import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  analyze,
  assessQuality,
  IntervalImportError,
  importIntervals,
  toCanonicalSeries,
} from './index.ts';

// Files of one row per day, written here with the figures they must give worked out by hand:
// Chicago in January is UTC-6; Los Angeles is UTC-8 until 2024-03-10 02:00 and from 2024-11-03
// 01:00 (the second one), UTC-7 between.

const pad = (n: number) => String(n).padStart(2, '0');
const hhmm = (minutes: number) => `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
const iso = (ms: number) => new Date(ms).toISOString().replace('.000', '');
const HOUR = 3_600_000;

type Style = 'start' | 'end' | 'short' | 'ampm' | 'range' | 'he' | 'number';

/** The interval columns' headers of a day of `n` intervals. */
function slotHeaders(n: number, style: Style): string[] {
  const minutes = 1440 / n;
  return Array.from({ length: n }, (_, k) => {
    const start = k * minutes;
    const end = start + minutes;
    if (style === 'start') return hhmm(start);
    if (style === 'end') return hhmm(end);
    if (style === 'short') return `${Math.floor(start / 60)}:${pad(start % 60)}`;
    if (style === 'ampm') {
      const h = Math.floor(start / 60);
      return `${h % 12 === 0 ? 12 : h % 12}:${pad(start % 60)} ${h < 12 ? 'AM' : 'PM'}`;
    }
    if (style === 'range') return `${hhmm(start)} - ${hhmm(end % 1440)}`;
    if (style === 'he') return `HE${pad(k + 1)}`;
    return String(k + 1);
  });
}

/** kWh of interval k of day d: a varied shape, in thousandths, scaled by the interval length. */
function value(d: number, k: number, n: number): number {
  return Math.round((0.1 + ((d * 31 + k * 7) % 13) / 20) * (1440 / n / 60) * 1000) / 1000;
}

const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);

describe('one row per day: 24, 48, 96 and 288 columns', () => {
  for (const n of [24, 48, 96, 288]) {
    it(`reads ${n} columns of ${1440 / n}-minute intervals into the canonical series`, () => {
      const minutes = 1440 / n;
      const dates = ['2024-01-08', '2024-01-09', '2024-01-10'];
      const grid = dates.map((_, d) => Array.from({ length: n }, (_, k) => value(d, k, n)));
      const text = [
        ['Date', ...slotHeaders(n, 'start')].join(','),
        ...dates.map((date, d) => [date, ...(grid[d] as number[])].join(',')),
      ].join('\n');
      const imported = importIntervals(text, { state: 'IL' });
      expect(imported.format).toBe('day-rows-csv');
      expect(imported.metadata.timeZone).toBe('America/Chicago');
      expect(imported.metadata.timeZoneSource).toBe('state');
      const [channel] = imported.channels;
      expect(imported.channels).toHaveLength(1);
      expect(channel?.direction).toBe('delivered');
      expect(channel?.intervalSeconds).toBe(minutes * 60);
      expect(channel?.gaps).toEqual([]);
      const midnight = Date.UTC(2024, 0, 8, 6);
      expect(channel?.readings.map((r) => r.start)).toEqual(
        Array.from({ length: 3 * n }, (_, i) => midnight + i * minutes * 60_000),
      );
      expect(channel?.readings.map((r) => r.kWh)).toEqual(grid.flat());

      const series = toCanonicalSeries(imported);
      const analytics = analyze(series);
      expect(series.length).toBe(3 * 96);
      expect(analytics.deliveredKWh).toBeCloseTo(sum(grid.flat()), 9);
      expect(analytics.daily.map((d) => [d.date, d.slots])).toEqual(dates.map((d) => [d, 96]));
      // Peak demand: the largest 15-minute slot's energy times four, the slots worked out here.
      const slots: number[] = [];
      for (const [d, row] of grid.entries()) {
        for (const [k, kWh] of row.entries()) {
          const start = (d * 1440 + k * minutes) / 15;
          const count = Math.max(1, minutes / 15);
          for (let s = 0; s < count; s++) {
            const slot = Math.floor(start) + s;
            slots[slot] = (slots[slot] ?? 0) + kWh / count;
          }
        }
      }
      expect(analytics.peak?.kW).toBeCloseTo(Math.max(...slots) * 4, 9);
    });
  }
});

describe('interval headers as times, time ranges and numbers', () => {
  const days = ['2024-01-08', '2024-01-09'];
  const fileOf = (n: number, style: Style, date = (s: string) => s) =>
    [
      ['Read Date', ...slotHeaders(n, style)].join(','),
      ...days.map((day, d) => [date(day), ...Array.from({ length: n }, (_, k) => value(d, k, n))]),
    ].join('\n');
  const readingsOf = (text: string) =>
    importIntervals(text, { state: 'IL' }).channels[0]?.readings.map((r) => [r.start, r.kWh]);
  const expected = (n: number) =>
    days.flatMap((_, d) =>
      Array.from({ length: n }, (_, k) => [
        Date.UTC(2024, 0, 8 + d, 6) + (k * 1440 * 60_000) / n,
        value(d, k, n),
      ]),
    );

  for (const style of ['start', 'end', 'short', 'ampm', 'range', 'number'] as const) {
    it(`reads 48 columns headed like ${slotHeaders(48, style).slice(0, 2).join(', ')}`, () => {
      expect(readingsOf(fileOf(48, style))).toEqual(expected(48));
    });
  }

  it('reads hour-ending headers HE01..HE24 as the hour before each', () => {
    const text = fileOf(24, 'he');
    expect(text.split('\n')[0]).toMatch(/^Read Date,HE01,HE02,.*,HE24$/);
    expect(readingsOf(text)).toEqual(expected(24));
  });

  it('reads M/D/YYYY dates and says how it read the columns', () => {
    const text = fileOf(96, 'end', (s) => `${Number(s.slice(5, 7))}/${Number(s.slice(8))}/2024`);
    const imported = importIntervals(text, { state: 'IL' });
    expect(imported.channels[0]?.readings.map((r) => [r.start, r.kWh])).toEqual(expected(96));
    expect(imported.metadata.notes).toContain(
      'One row per day: 96 columns of 15-minute intervals read as interval ends (00:15 to 24:00), dated by the "Read Date" column.',
    );
  });

  it('is found after a preamble, with semicolons, and keeps the preamble facts', () => {
    const text = `Account Number;12345\nMeter Number;M-9\n\n${fileOf(48, 'range').replace(/,/g, ';')}`;
    const imported = importIntervals(text, { state: 'IL' });
    expect(imported.format).toBe('day-rows-csv');
    expect(imported.metadata.accountNumber).toBe('12345');
    expect(imported.metadata.meterNumber).toBe('M-9');
    expect(imported.channels[0]?.readings.map((r) => [r.start, r.kWh])).toEqual(expected(48));
  });
});

describe('row order', () => {
  it('reads days in descending order, fall-back day included, past a repeated header', () => {
    const header = ['Date', ...slotHeaders(24, 'start')].join(',');
    const hours = (d: number) => Array.from({ length: 24 }, (_, k) => d * 100 + k);
    const text = [
      header,
      ['2024-11-04', ...hours(3)].join(','),
      ['2024-11-03', ...hours(2)].join(','),
      header,
      ['2024-11-02', ...hours(1)].join(','),
    ].join('\n');
    const imported = importIntervals(text, { state: 'CA' });
    const readings = imported.channels[0]?.readings ?? [];
    expect(readings).toHaveLength(72);
    expect(iso(readings[0]?.start ?? 0)).toBe('2024-11-02T07:00:00Z');
    // 2024-11-03: 00:00 PDT (07:00Z), then 01:00 for two hours from 08:00Z, then 02:00 PST.
    const fallBack = readings.slice(24, 27).map((r) => [iso(r.start), r.duration, r.kWh]);
    expect(fallBack).toEqual([
      ['2024-11-03T07:00:00Z', 3600, 200],
      ['2024-11-03T08:00:00Z', 7200, 201],
      ['2024-11-03T10:00:00Z', 3600, 202],
    ]);
    expect(iso(readings[48]?.start ?? 0)).toBe('2024-11-04T08:00:00Z');
    const analytics = analyze(toCanonicalSeries(imported));
    expect(analytics.deliveredKWh).toBe(sum([1, 2, 3].flatMap(hours)));
    expect(analytics.daily.map((d) => d.slots)).toEqual([96, 100, 96]);
  });
});

describe('daylight saving days (Los Angeles)', () => {
  // 15-minute columns. Night hours hold the same value so that the fall-back rows are the ones
  // that look folded; the rest of the day varies.
  const n = 96;
  const night = 0.2;
  const dayValues = (d: number) =>
    Array.from({ length: n }, (_, k) => (k < 12 ? night : value(d, k, n)));
  const dates = [
    '2024-03-09',
    '2024-03-10',
    '2024-03-11',
    '2024-11-02',
    '2024-11-03',
    '2024-11-04',
  ];
  const gap = (k: number) => k >= 8 && k < 12; // 02:00-02:45 on 2024-03-10
  const fileWith = (missingHour: string) =>
    [
      ['Date', ...slotHeaders(n, 'start')].join(','),
      ...dates.map((date, d) =>
        [
          date,
          ...dayValues(d).map((v, k) => (date === '2024-03-10' && gap(k) ? missingHour : v)),
        ].join(','),
      ),
    ].join('\n');
  const expectedKWh = (d: number) =>
    sum(dayValues(d).filter((_, k) => !(dates[d] === '2024-03-10' && gap(k))));

  for (const [what, missingHour] of [
    ['empty', ''],
    ['zero', '0'],
  ]) {
    it(`leaves out the spring-forward hour's ${what} columns: a 23-hour day`, () => {
      const imported = importIntervals(fileWith(missingHour as string), { state: 'CA' });
      const readings = imported.channels[0]?.readings ?? [];
      const springDay = readings.filter(
        (r) => r.start >= Date.UTC(2024, 2, 10, 8) && r.start < Date.UTC(2024, 2, 11, 7),
      );
      expect(springDay).toHaveLength(92);
      // 01:45 PST is 09:45Z; the next reading is 03:00 PDT, 10:00Z, with no interval between.
      const at145 = springDay.findIndex((r) => r.start === Date.UTC(2024, 2, 10, 9, 45));
      expect(iso(springDay[at145 + 1]?.start ?? 0)).toBe('2024-03-10T10:00:00Z');
      expect(springDay.some((r) => r.dst === 'nonexistent')).toBe(false);
      expect(imported.metadata.dstEvents.filter((e) => e.kind === 'nonexistent')).toEqual([]);
      const analytics = analyze(toCanonicalSeries(imported));
      const daily = new Map(analytics.daily.map((d) => [d.date, d]));
      expect(daily.get('2024-03-10')?.slots).toBe(92);
      expect(daily.get('2024-03-09')?.slots).toBe(96);
      dates.slice(0, 3).forEach((date, d) => {
        expect(daily.get(date)?.deliveredKWh).toBeCloseTo(expectedKWh(d), 9);
      });
      expect(imported.metadata.notes).toContain(
        'On 2024-03-10 the clocks went forward: the 02:00–03:00 columns stand for a time that did not exist and were not read as intervals.',
      );
    });
  }

  it('reads the fall-back day of a normal day of columns as a folded 01:00 hour', () => {
    const imported = importIntervals(fileWith(''), { state: 'CA' });
    const analytics = analyze(toCanonicalSeries(imported));
    const daily = new Map(analytics.daily.map((d) => [d.date, d]));
    // 25 hours of slots, the energy of the row unchanged.
    expect(daily.get('2024-11-03')?.slots).toBe(100);
    expect(daily.get('2024-11-03')?.deliveredKWh).toBeCloseTo(expectedKWh(4), 9);
    expect(daily.get('2024-11-02')?.slots).toBe(96);
    const folded = imported.metadata.dstEvents.filter((e) => e.kind === 'folded');
    expect(folded.map((e) => [e.label, e.at])).toEqual([
      ['2024-11-03 01:00', 'line 6'],
      ['2024-11-03 01:15', 'line 6'],
      ['2024-11-03 01:30', 'line 6'],
      ['2024-11-03 01:45', 'line 6'],
    ]);
    // Every 15 minutes of 01:00 PDT (08:00Z) to 01:00 PST ending (10:00Z) has energy.
    const readings = imported.channels[0]?.readings ?? [];
    for (let t = Date.UTC(2024, 10, 3, 8); t < Date.UTC(2024, 10, 3, 10); t += HOUR / 4) {
      expect(readings.some((r) => r.start <= t && t < r.start + r.duration * 1000)).toBe(true);
    }
    expect(imported.metadata.notes).toContain(
      "On 2024-11-03 the clocks went back, but the row has a normal day's 96 columns: its 01:00–02:00 columns were read as the repeated hour written once, holding the energy of both 01:00 hours (folded, as in other files).",
    );
  });

  it('reads an hourly fall-back row as one two-hour reading at 01:00', () => {
    const text = [
      ['Date', ...slotHeaders(24, 'he')].join(','),
      ['2024-11-03', ...Array.from({ length: 24 }, (_, k) => (k === 1 ? 2 : 1))].join(','),
    ].join('\n');
    const imported = importIntervals(text, { state: 'CA' });
    const readings = imported.channels[0]?.readings ?? [];
    expect(readings).toHaveLength(24);
    expect(readings[1]).toMatchObject({ start: Date.UTC(2024, 10, 3, 8), duration: 7200, kWh: 2 });
    expect(readings[2]?.start).toBe(Date.UTC(2024, 10, 3, 10));
    expect(analyze(toCanonicalSeries(imported)).daily[0]?.slots).toBe(100);
  });

  it('reads a spring-forward day written in elapsed time, last hour empty', () => {
    // 23 hourly values in the first 23 columns: 00:00, 01:00, then 03:00 PDT onwards.
    const values = Array.from({ length: 23 }, (_, k) => k + 1);
    const text = [
      ['Date', ...slotHeaders(24, 'start')].join(','),
      ['2024-03-10', ...values, ''].join(','),
    ].join('\n');
    const imported = importIntervals(text, { state: 'CA' });
    const readings = imported.channels[0]?.readings ?? [];
    expect(readings.map((r) => [iso(r.start), r.kWh])).toEqual(
      values.map((v, k) => [iso(Date.UTC(2024, 2, 10, 8) + k * HOUR), v]),
    );
    expect(imported.metadata.notes.some((s) => /values run in elapsed time/.test(s))).toBe(true);
  });

  it('leaves out, and lists, energy written in the hour the clocks skipped', () => {
    const text = [
      ['Date', ...slotHeaders(24, 'start')].join(','),
      ['2024-03-10', ...Array.from({ length: 24 }, () => 1.5)].join(','),
    ].join('\n');
    const imported = importIntervals(text, { state: 'CA' });
    expect(imported.channels[0]?.readings).toHaveLength(23);
    expect(sum(imported.channels[0]?.readings.map((r) => r.kWh) ?? [])).toBe(23 * 1.5);
    expect(imported.metadata.ignored).toEqual([
      'line 2: 1.5 kWh in the 02:00–03:00 columns of 2024-03-10, a time the clocks skipped',
    ]);
  });
});

describe('channels, meters, flags and units', () => {
  const n = 48;
  const header = (...before: string[]) => [...before, ...slotHeaders(n, 'end')].join(',');
  const row = (d: number, scale: number) =>
    Array.from({ length: n }, (_, k) => Math.round(value(d, k, n) * scale * 1000) / 1000);
  const dates = ['2024-01-08', '2024-01-09', '2024-01-10'];

  for (const [imports, exports] of [
    ['E1', 'B1'],
    ['Consumption', 'Generation'],
    ['Delivered', 'Received'],
  ]) {
    it(`splits interleaved ${imports} and ${exports} rows into delivered and received`, () => {
      const lines = [header('Date', 'Channel')];
      dates.forEach((date, d) => {
        lines.push([date, imports, ...row(d, 1)].join(','));
        lines.push([date, exports, ...row(d, 0.5)].join(','));
      });
      const imported = importIntervals(lines.join('\n'), { state: 'IL' });
      expect(imported.channels.map((c) => [c.direction, c.source, c.readings.length])).toEqual([
        ['delivered', imports, 3 * n],
        ['received', exports, 3 * n],
      ]);
      const analytics = analyze(toCanonicalSeries(imported));
      expect(analytics.deliveredKWh).toBeCloseTo(sum(dates.flatMap((_, d) => row(d, 1))), 9);
      expect(analytics.receivedKWh).toBeCloseTo(sum(dates.flatMap((_, d) => row(d, 0.5))), 9);
    });
  }

  it('keeps the meters of an NMI column apart, and reads one when asked', () => {
    const lines = [header('NMI', 'Suffix', 'Date')];
    for (const nmi of ['6001', '6002']) {
      for (const [d, date] of dates.entries())
        lines.push([nmi, 'E1', date, ...row(d, nmi === '6001' ? 1 : 2)].join(','));
    }
    const imported = importIntervals(lines.join('\n'), { state: 'IL' });
    expect(imported.metadata.meters).toEqual(['6001', '6002']);
    expect(imported.channels.map((c) => [c.meter, c.readings.length])).toEqual([
      ['6001', 3 * n],
      ['6002', 3 * n],
    ]);
    const one = importIntervals(lines.join('\n'), { state: 'IL', meter: '6002' });
    expect(sum(one.channels.flatMap((c) => c.readings.map((r) => r.kWh)))).toBeCloseTo(
      sum(dates.flatMap((_, d) => row(d, 2))),
      9,
    );
    expect(() => importIntervals(lines.join('\n'), { state: 'IL', meter: '7' })).toThrow(
      'day-per-row CSV, options: the file has no meter 7 (it has 6001, 6002)',
    );
  });

  for (const [column, estimated, actual] of [
    ['Estimated', 'Y', 'N'],
    ['Estimated', 'true', 'false'],
    ['Quality', 'E', 'A'],
    ['Read Type', 'Estimated', 'Actual'],
  ]) {
    it(`counts days flagged ${estimated} in a "${column}" column as estimated`, () => {
      const flags = [actual, estimated, actual, estimated, actual];
      const lines = [header('Date', column as string)];
      for (const [d, flag] of flags.entries())
        lines.push([`2024-01-${pad(8 + d)}`, flag, ...row(d, 1)].join(','));
      const imported = importIntervals(lines.join('\n'), { state: 'IL' });
      const readings = imported.channels[0]?.readings ?? [];
      expect(readings.filter((r) => r.quality === 'estimated')).toHaveLength(2 * n);
      expect(readings.filter((r) => r.quality === 'actual')).toHaveLength(3 * n);
      const series = toCanonicalSeries(imported);
      expect(assessQuality(imported, series).estimatedPct).toBeCloseTo(40, 9);
    });
  }

  it('reads Wh rows in kWh and lists a channel that is not energy', () => {
    const lines = [header('Date', 'Channel', 'Unit')];
    lines.push(['2024-01-08', 'E1', 'Wh', ...row(0, 1000)].join(','));
    lines.push(['2024-01-08', 'Q1', 'kVArh', ...row(0, 1)].join(','));
    const imported = importIntervals(lines.join('\n'), { state: 'IL' });
    expect(imported.channels).toHaveLength(1);
    expect(imported.channels[0]?.readings.map((r) => r.kWh)).toEqual(row(0, 1));
    expect(imported.metadata.ignored).toEqual([
      'channel "Q1" (from line 3): not energy delivered or received',
    ]);
  });
});

describe('files that cannot be read', () => {
  const header = ['Date', ...slotHeaders(48, 'start')].join(',');
  const good = (date: string) => [date, ...Array.from({ length: 48 }, () => '0.5')].join(',');
  const failure = (text: string) => {
    try {
      importIntervals(text, { state: 'IL' });
    } catch (error) {
      expect(error).toBeInstanceOf(IntervalImportError);
      return (error as Error).message;
    }
    throw new Error('the file was read');
  };

  it('names the line of a row short of columns', () => {
    const short = ['2024-01-09', ...Array.from({ length: 30 }, () => '0.5')].join(',');
    expect(failure([header, good('2024-01-08'), short, good('2024-01-10')].join('\n'))).toBe(
      'day-per-row CSV, line 3: the row has 31 fields, short of the 49 the header on line 1 needs for its 48 interval columns',
    );
  });

  it('names the line and column of a text in a value cell', () => {
    const bad = good('2024-01-09').replace(/^(([^,]*,){4})0\.5/, '$1n/a');
    expect(failure([header, good('2024-01-08'), bad].join('\n'))).toBe(
      'day-per-row CSV, line 3: the "01:30" value is "n/a", not a number',
    );
  });

  it('names the line of a date that does not exist', () => {
    expect(failure([header, good('2023-02-28'), good('2023-02-29')].join('\n'))).toBe(
      'day-per-row CSV, line 3: "2023-02-29" in the "Date" column is not a date',
    );
  });

  it('needs a zone, as every CSV of local times', () => {
    expect(() => importIntervals([header, good('2024-01-08')].join('\n'))).toThrow(
      'day-per-row CSV, options: the file does not say its time zone; give the provider state or a time zone',
    );
  });
});

describe('recognition', () => {
  it('leaves files of a timestamp per row to the generic importer', () => {
    const text = 'Date,Time,kWh\n2024-01-08,00:00,1\n2024-01-08,00:30,2\n';
    expect(importIntervals(text, { timeZone: 'UTC' }).format).toBe('generic-csv');
  });

  it('needs a date column: 48 time columns alone are not one row per day', () => {
    const text = [
      ['Meter', ...slotHeaders(48, 'start')].join(','),
      ['M1', ...Array.from({ length: 48 }, () => 1)].join(','),
    ].join('\n');
    expect(() => importIntervals(text, { timeZone: 'UTC' })).toThrow(/^generic CSV/);
  });

  it('needs a whole day: 30 time columns are not one', () => {
    const text = [
      ['Date', ...slotHeaders(48, 'start').slice(0, 30)].join(','),
      ['2024-01-08', ...Array.from({ length: 30 }, () => 1)].join(','),
    ].join('\n');
    expect(() => importIntervals(text, { timeZone: 'UTC' })).toThrow(/^generic CSV/);
  });
});

describe('any day-per-row file (property)', () => {
  /** Local offset in ms at a UTC instant, from Intl alone (not the engine's zone clock). */
  const offsetAt = (utc: number, timeZone: string) => {
    const parts = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    }).formatToParts(utc);
    const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
    return Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute')) - utc;
  };
  // Hours of a local day in a US zone: the clocks change at 02:00, so 12:00 UTC of the day
  // before and of the day itself fall on either side of it.
  const hoursOf = (day: number, timeZone: string) =>
    24 + (offsetAt(day - 12 * HOUR, timeZone) - offsetAt(day + 12 * HOUR, timeZone)) / HOUR;

  it('keeps every kWh written and gives each day its real number of slots', () => {
    fc.assert(
      fc.property(
        fc.record({
          timeZone: fc.constantFrom('America/Los_Angeles', 'America/New_York', 'America/Phoenix'),
          first: fc.oneof(
            fc.constantFrom('2024-03-09', '2024-03-10', '2024-11-02', '2024-11-03'),
            fc.constantFrom('2023-03-11', '2023-11-05', '2024-06-01'),
          ),
          days: fc.integer({ min: 1, max: 3 }),
          n: fc.constantFrom(24, 48, 96, 288),
          style: fc.constantFrom<Style>('start', 'end', 'short', 'ampm', 'range', 'number'),
          seed: fc.integer({ min: 0, max: 1000 }),
        }),
        ({ timeZone, first, days, n, style, seed }) => {
          const minutes = 1440 / n;
          const lines = [['Date', ...slotHeaders(n, style)].join(',')];
          const expected = new Map<string, { kWh: number; slots: number }>();
          let total = 0;
          for (let d = 0; d < days; d++) {
            const day = Date.parse(first) + d * 24 * HOUR;
            const date = new Date(day).toISOString().slice(0, 10);
            const hours = hoursOf(day, timeZone);
            const cells = Array.from({ length: n }, (_, k) => {
              const skipped = hours === 23 && k * minutes >= 120 && k * minutes < 180;
              if (skipped) return '';
              const kWh = ((seed + d * 37 + k * 11) % 97) / 1000;
              total += kWh;
              return String(kWh);
            });
            lines.push([date, ...cells].join(','));
            const kWh = sum(cells.map(Number));
            expected.set(date, { kWh, slots: hours * 4 });
          }
          const imported = importIntervals(lines.join('\n'), { timeZone });
          expect(imported.format).toBe('day-rows-csv');
          const analytics = analyze(toCanonicalSeries(imported));
          expect(analytics.deliveredKWh).toBeCloseTo(total, 9);
          expect(
            new Map(analytics.daily.map((d) => [d.date, { kWh: d.deliveredKWh, slots: d.slots }])),
          ).toEqual(
            new Map(
              [...expected].map(([date, e]) => [
                date,
                { kWh: expect.closeTo(e.kWh, 9), slots: e.slots },
              ]),
            ),
          );
        },
      ),
      { numRuns: 80 },
    );
  });
});
