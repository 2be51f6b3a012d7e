import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { importDayRowsCsv } from './formats/day-rows-csv.ts';
import { LineRecord, readValues } from './formats/day-rows-record.ts';
import { assessQuality, type ImportResult, importIntervals, toCanonicalSeries } from './index.ts';
import { columnsOf, ReadingColumns } from './reading-columns.ts';
import { CsvCursor } from './scan/csv-cursor.ts';

// The day-per-row importer places most files without making a row per value (placeDays); the
// general path (every value a CSV row through placeRows) is the reference it must match.

const pad = (n: number) => String(n).padStart(2, '0');
const HOUR = 3_600_000;

/** Local dates on which each zone's clocks changed in 2024, and the zones' quirks. */
const CHANGES: Record<string, string[]> = {
  'America/Los_Angeles': ['2024-03-10', '2024-11-03'],
  'America/New_York': ['2024-03-10', '2024-11-03'],
  'America/Phoenix': ['2024-03-10', '2024-11-03'],
  // 01:00 UTC: 01:00 skipped in March, 01:00 repeated in October.
  'Europe/London': ['2024-03-31', '2024-10-27'],
  // Southern hemisphere: back in April, forward in October.
  'Australia/Sydney': ['2024-04-07', '2024-10-06'],
  // Half-hour changes: 01:30 to 02:00 repeated, 02:00 to 02:30 skipped.
  'Australia/Lord_Howe': ['2024-04-07', '2024-10-06'],
  // At midnight: the day's last hour repeated (April), its first hour skipped (September).
  'America/Santiago': ['2024-04-06', '2024-09-08'],
  'America/Havana': ['2024-03-10', '2024-11-03'],
};

interface Spec {
  timeZone: string;
  change: number;
  before: number;
  days: number;
  n: number;
  channels: boolean;
  flag: boolean;
  order: 'ascending' | 'descending' | 'repeat' | 'swap';
  emptyEvery: number;
  skippedHour: 'empty' | 'zero' | 'filled' | 'elapsed';
  /** Doubled energy this many intervals from the day's 01:00 (a fold written beside its hour). */
  foldShift: number | undefined;
  seed: number;
}

function writeFile(spec: Spec): string {
  const { n } = spec;
  const minutes = 1440 / n;
  const changes = CHANGES[spec.timeZone] ?? [];
  const first = Date.parse(changes[spec.change] ?? '2024-06-01') - spec.before * 24 * HOUR;
  const dates = Array.from({ length: spec.days }, (_, d) =>
    new Date(first + d * 24 * HOUR).toISOString().slice(0, 10),
  );
  let seed = spec.seed;
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed / 2_147_483_648;
  };
  const header = ['Date'];
  if (spec.channels) header.push('Channel');
  if (spec.flag) header.push('Estimated');
  for (let k = 0; k < n; k++)
    header.push(`${pad(Math.floor((k * minutes) / 60))}:${pad((k * minutes) % 60)}`);
  const rowsOf = (date: string) => {
    const rows: string[] = [];
    for (const channel of spec.channels ? ['E1', 'B1'] : ['']) {
      const cells = Array.from({ length: n }, (_, k) => {
        if (spec.emptyEvery > 0 && (k + date.length) % spec.emptyEvery === 0) return '';
        let kWh = Math.round(random() * 1000 * (minutes / 60)) / 1000;
        const fromOne = k * minutes - 60;
        if (
          spec.foldShift !== undefined &&
          changes.includes(date) &&
          fromOne >= spec.foldShift * minutes &&
          fromOne < spec.foldShift * minutes + 60
        )
          kWh *= 2;
        return String(Math.round(kWh * 1000) / 1000);
      });
      if (changes.includes(date) && spec.skippedHour !== 'filled') {
        // Whatever the zone skips, the columns of 02:00 (or 00:00 at midnight changes) hour.
        const from =
          spec.timeZone === 'America/Santiago' || spec.timeZone === 'America/Havana' ? 0 : 2;
        for (let k = (from * 60) / minutes; k < ((from + 1) * 60) / minutes; k++) {
          if (spec.skippedHour === 'empty') cells[k] = '';
          if (spec.skippedHour === 'zero') cells[k] = '0';
        }
        if (spec.skippedHour === 'elapsed')
          for (let k = n - 60 / minutes; k < n; k++) cells[k] = '';
      }
      const row = [date];
      if (spec.channels) row.push(channel);
      if (spec.flag) row.push(random() < 0.3 ? 'Y' : 'N');
      rows.push([...row, ...cells].join(','));
    }
    return rows;
  };
  let order = dates;
  if (spec.order === 'descending') order = [...dates].reverse();
  if (spec.order === 'repeat') order = [...dates, dates[dates.length - 1] as string];
  if (spec.order === 'swap' && dates.length > 1)
    order = [dates[1] as string, dates[0] as string, ...dates.slice(2)];
  return [header.join(','), ...order.flatMap(rowsOf)].join('\n');
}

/** The import's result, or its error's message: both paths must fail alike too. */
function outcome(text: string, timeZone: string, placement: 'fast' | 'general') {
  try {
    return importDayRowsCsv(text, { timeZone }, placement);
  } catch (error) {
    return { error: (error as Error).message };
  }
}

describe('day-per-row placement without a row per value', () => {
  const spec = fc.record<Spec>({
    timeZone: fc.constantFrom(...Object.keys(CHANGES)),
    change: fc.integer({ min: 0, max: 2 }),
    before: fc.integer({ min: 0, max: 2 }),
    days: fc.integer({ min: 1, max: 4 }),
    n: fc.constantFrom(24, 48, 96, 288),
    channels: fc.boolean(),
    flag: fc.boolean(),
    order: fc.constantFrom('ascending', 'ascending', 'ascending', 'descending', 'repeat', 'swap'),
    emptyEvery: fc.constantFrom(0, 0, 5, 11),
    skippedHour: fc.constantFrom('empty', 'zero', 'filled', 'elapsed'),
    foldShift: fc.option(fc.integer({ min: -2, max: 2 }), { nil: undefined }),
    seed: fc.integer({ min: 0, max: 100_000 }),
  });

  it('gives the readings, notes and events of the general placement, for any file', () => {
    fc.assert(
      fc.property(spec, (s) => {
        const text = writeFile(s);
        expect(outcome(text, s.timeZone, 'fast')).toStrictEqual(
          outcome(text, s.timeZone, 'general'),
        );
      }),
      { numRuns: 300 },
    );
  });

  it('folds the fall-back hour of a year of half-hours as the general placement does', () => {
    const s: Spec = {
      timeZone: 'America/Los_Angeles',
      change: 1,
      before: 200,
      days: 366,
      n: 48,
      channels: false,
      flag: false,
      order: 'ascending',
      emptyEvery: 0,
      skippedHour: 'filled',
      foldShift: 0,
      seed: 7,
    };
    const text = writeFile(s);
    const fast = importDayRowsCsv(text, { timeZone: s.timeZone });
    expect(fast).toStrictEqual(importDayRowsCsv(text, { timeZone: s.timeZone }, 'general'));
    const readings = fast.channels[0]?.readings ?? [];
    // 366 days of 48, less the skipped hour of 2025-03-09 (written, left out), plus the
    // repeated hour's two halves of 2024-11-03.
    expect(readings).toHaveLength(366 * 48 - 2 + 2);
    expect(readings.filter((r) => r.dst === 'folded')).toHaveLength(4);
    for (let i = 1; i < readings.length; i++) {
      const previous = readings[i - 1];
      expect(readings[i]?.start).toBe((previous?.start ?? 0) + (previous?.duration ?? 0) * 1000);
    }
  });
});

/** The canonical series and quality report of an import, from its channels as they are. */
function seriesAndQuality(imported: ImportResult) {
  const series = toCanonicalSeries(imported);
  return { series, quality: assessQuality(imported, series) };
}

/** The same, after the readings were read: the channels' columns are no longer used. */
function fromReadings(text: string, timeZone: string) {
  const imported = importDayRowsCsv(text, { timeZone });
  for (const channel of imported.channels) expect(channel.readings.length).toBeGreaterThan(0);
  expect(imported.channels.map(columnsOf)).toEqual(imported.channels.map(() => undefined));
  return seriesAndQuality(imported);
}

describe('day-per-row channels kept as columns', () => {
  it('give the series and quality report their readings give, for any file', () => {
    const spec = fc.record<Spec>({
      timeZone: fc.constantFrom(...Object.keys(CHANGES)),
      change: fc.integer({ min: 0, max: 1 }),
      before: fc.integer({ min: 0, max: 2 }),
      days: fc.integer({ min: 1, max: 4 }),
      n: fc.constantFrom(24, 48, 96, 288),
      channels: fc.boolean(),
      flag: fc.boolean(),
      order: fc.constant('ascending'),
      emptyEvery: fc.constantFrom(0, 0, 5, 11),
      skippedHour: fc.constantFrom('empty', 'zero', 'filled', 'elapsed'),
      foldShift: fc.option(fc.integer({ min: -2, max: 2 }), { nil: undefined }),
      seed: fc.integer({ min: 0, max: 100_000 }),
    });
    let columnar = 0;
    fc.assert(
      fc.property(spec, (s) => {
        const text = writeFile(s);
        const imported = importDayRowsCsv(text, { timeZone: s.timeZone });
        if (imported.channels.some((c) => columnsOf(c) !== undefined)) columnar++;
        expect(seriesAndQuality(imported)).toStrictEqual(fromReadings(text, s.timeZone));
      }),
      { numRuns: 150 },
    );
    // Ascending files of one row a date are all placed as columns.
    expect(columnar).toBe(150);
  });

  it('find the zero and flat runs their readings hold, export hours apart', () => {
    const header = ['Date', 'Channel', ...Array.from({ length: 24 }, (_, h) => `${pad(h)}:00`)];
    // Zero from 01:00 to 08:00 on the first day; 1.25 from 20:00 to the next day's 04:00; zero
    // again at midday, while the B1 channel exports (not a stuck meter).
    const e1 = (d: number) =>
      Array.from({ length: 24 }, (_, h) => {
        if (d === 0 && h >= 1 && h < 8) return 0;
        if ((d === 0 && h >= 20) || (d === 1 && h < 4)) return 1.25;
        if (h >= 10 && h < 17) return 0;
        return (h + d + 1) / 10;
      });
    const b1 = () => Array.from({ length: 24 }, (_, h) => (h >= 10 && h < 17 ? 0.8 : 0));
    const lines = [header.join(',')];
    for (const [d, date] of ['2024-05-06', '2024-05-07', '2024-05-08'].entries()) {
      lines.push([date, 'E1', ...e1(d)].join(','), [date, 'B1', ...b1()].join(','));
    }
    const text = lines.join('\n');
    const imported = importDayRowsCsv(text, { timeZone: 'America/Denver' });
    expect(columnsOf(imported.channels[0] as ImportResult['channels'][0])).toBeDefined();
    const { quality } = seriesAndQuality(imported);
    expect(quality.zeroRuns).toEqual({
      count: 1,
      longestHours: 7,
      longestStart: Date.parse('2024-05-06T01:00:00-06:00'),
    });
    expect(quality.flatRuns).toEqual({
      count: 1,
      longestHours: 8,
      longestStart: Date.parse('2024-05-06T20:00:00-06:00'),
    });
    expect(quality).toStrictEqual(fromReadings(text, 'America/Denver').quality);
  });
});

describe('ReadingColumns', () => {
  it('puts readings in place of others, moving the later ones and growing as needed', () => {
    const columns = new ReadingColumns(3);
    for (let i = 0; i < 3; i++) columns.add(i * HOUR, 3600, i + 1, 0, 0);
    const half = (start: number, kWh: number) => ({
      start,
      duration: 1800,
      kWh,
      direction: 'delivered' as const,
      quality: 'estimated' as const,
      cost: undefined,
      dst: 'folded' as const,
    });
    columns.replace(1, 2, [half(HOUR, 1), half(HOUR + HOUR / 2, 1), half(HOUR * 1.75, 0.5)]);
    const readings = Array.from({ length: columns.length }, (_, i) =>
      columns.reading(i, 'delivered'),
    );
    expect(readings.map((r) => [r.start / HOUR, r.duration, r.kWh, r.quality, r.dst])).toEqual([
      [0, 3600, 1, 'actual', undefined],
      [1, 1800, 1, 'estimated', 'folded'],
      [1.5, 1800, 1, 'estimated', 'folded'],
      [1.75, 1800, 0.5, 'estimated', 'folded'],
      [2, 3600, 3, 'actual', undefined],
    ]);
  });
});

describe('LineRecord', () => {
  it('splits and reads a line as CsvCursor does', () => {
    const cell = fc.oneof(
      fc.stringMatching(/^[0-9]{0,18}(\.[0-9]{0,6})?$/),
      fc.constantFrom(
        '',
        ' ',
        '.',
        '-1.5',
        '1e3',
        '$2.50',
        '(3)',
        '1.2.3',
        '0,5',
        ' 7 ',
        'n/a',
        '\r',
      ),
    );
    fc.assert(
      fc.property(
        fc.array(cell, { minLength: 1, maxLength: 12 }),
        fc.constantFrom('\n', '\r\n', ''),
        fc.constantFrom(44, 59, 9),
        fc.option(fc.record({ first: fc.nat(4), n: fc.integer({ min: 1, max: 12 }) })),
        (cells, end, delimiter, run) => {
          const text = `${cells.join(String.fromCharCode(delimiter))}${end}${end ? 'next' : ''}`;
          fc.pre(text !== '');
          // The importer reads the cursor's text: a file of CR line ends has them as LF there.
          const cur = new CsvCursor(text, delimiter);
          cur.next();
          const lineEnd = cur.text.indexOf('\n') < 0 ? cur.text.length : cur.text.indexOf('\n');
          // With a run of value columns (which may reach past the line's last field), read from
          // the text's bytes.
          const chars = new TextEncoder().encode(cur.text);
          const record = new LineRecord(cur.text, delimiter, run ? { ...run, chars } : undefined);
          record.read(0, lineEnd, 1);
          expect(record.count).toBe(cur.count);
          for (let i = 0; i <= cur.count; i++) {
            expect([record.start(i), record.end(i), record.field(i)]).toEqual([
              cur.start(i),
              cur.end(i),
              cur.field(i),
            ]);
            expect(record.number(i)).toBe(cur.number(i));
            expect(record.blank(i)).toBe(cur.blank(i));
          }
          expect(record.blankRecord()).toBe(cur.blankRecord());
          if (run) {
            const columns = Int32Array.from({ length: run.n }, (_, k) => run.first + k);
            const fromRecord = new Float64Array(run.n);
            const fromCursor = new Float64Array(run.n);
            expect(readValues(record, columns, fromRecord, 0)).toBe(
              readValues(cur, columns, fromCursor, 0),
            );
            expect(fromRecord).toEqual(fromCursor);
          }
        },
      ),
      { numRuns: 500 },
    );
  });

  it('leaves lines with quotes to the cursor, and counts the lines a quoted field spans', () => {
    const header = ['Date', 'Meter', ...Array.from({ length: 24 }, (_, k) => `${pad(k)}:00`)];
    const values = Array.from({ length: 24 }, (_, k) => (k + 1) / 10);
    const rows = [
      header.join(','),
      ['2024-01-08', '"M, 1"', ...values].join(','),
      ['2024-01-09', '"M, 1"', '"0.5"', ...values.slice(1)].join(','),
    ];
    const imported = importIntervals(rows.join('\r\n'), { timeZone: 'UTC' });
    expect(imported.metadata.meterNumber).toBe('M, 1');
    expect(imported.channels[0]?.readings.map((r) => r.kWh)).toEqual([
      ...values,
      0.5,
      ...values.slice(1),
    ]);
    const spanning = [
      header.join(','),
      ['2024-01-08', '"M\n1"', ...values].join(','),
      ['2024-01-09', 'M', 'x', ...values.slice(1)].join(','),
    ];
    expect(() => importIntervals(spanning.join('\n'), { timeZone: 'UTC' })).toThrow(
      'day-per-row CSV, line 4: the "00:00" value is "x", not a number',
    );
  });
});
