import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { importDayRowsCsv } from './formats/day-rows-csv.ts';
import { LineRecord } from './formats/day-rows-record.ts';
import { importIntervals } from './index.ts';
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
        (cells, end, delimiter) => {
          const text = `${cells.join(String.fromCharCode(delimiter))}${end}${end ? 'next' : ''}`;
          fc.pre(text !== '');
          // The importer reads the cursor's text: a file of CR line ends has them as LF there.
          const cur = new CsvCursor(text, delimiter);
          cur.next();
          const lineEnd = cur.text.indexOf('\n') < 0 ? cur.text.length : cur.text.indexOf('\n');
          const record = new LineRecord(cur.text, delimiter);
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
