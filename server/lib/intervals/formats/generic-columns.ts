import { IntervalImportError } from '../errors.ts';
import type { CsvCursor } from '../scan/csv-cursor.ts';
import { readDate, readDateTime, readTime } from '../scan/dates.ts';
import type { ColumnOverrides } from '../types.ts';

export const GENERIC = 'generic CSV';

/** Where each piece of a generic CSV row is; -1 when the file has no such column. */
export interface ColumnMap {
  timestamp: number;
  timestampMarks: 'start' | 'end';
  date: number;
  time: number;
  end: number;
  /** Energy delivered, and how to turn the column's unit into kWh ('kW' needs the duration). */
  energy: number;
  unit: 'kWh' | 'Wh' | 'kW';
  received: number;
  direction: number;
  cost: number;
  quality: number;
  duration: number;
}

const norm = (s: string) =>
  s
    .replace(/[\s_\u00a0"]+/g, ' ')
    .trim()
    .toLowerCase();

/**
 * Maps a header row to columns by name, checking time columns against the first data row
 * (a "Start Time" may hold a date-time or only a time), on which `cur` stands. Caller overrides
 * win over guesses. Errors name the header's line, where the missing column should be.
 */
export function mapColumns(
  header: readonly string[],
  headerLine: number,
  cur: CsvCursor,
  overrides: ColumnOverrides = {},
): ColumnMap {
  const names = header.map(norm);
  const pick = (override: string | number | undefined, guess: () => number): number => {
    if (override === undefined) return guess();
    const i = typeof override === 'number' ? override : names.indexOf(norm(override));
    if (i < 0 || i >= names.length) {
      throw new IntervalImportError(
        GENERIC,
        'options',
        `column "${override}" is not in the header (${header.join(', ')})`,
      );
    }
    return i;
  };
  const find = (pattern: RegExp, not?: RegExp) =>
    names.findIndex((n) => pattern.test(n) && !not?.test(n));
  const kind = (i: number) => {
    const text = cur.text;
    const s = cur.start(i);
    const e = cur.end(i);
    if (!Number.isNaN(readDateTime(text, s, e))) return 'datetime';
    if (!Number.isNaN(readDate(text, s, e))) return 'date';
    if (!Number.isNaN(readTime(text, s, e))) return 'time';
    return 'other';
  };
  const timeLike = names.map((n, i) =>
    /date|time|stamp|start|end|period|interval|reading/.test(n) ? kind(i) : 'other',
  );
  const isEnd = (i: number) => /\bend|\bto\b|until/.test(names[i] ?? '');
  const firstOf = (k: string, end: boolean) =>
    timeLike.findIndex((t, i) => t === k && isEnd(i) === end);

  const kWh = find(/kwh|kilowatt.?hour/, /receiv|export|generat|net|cost/);
  const wh = find(/(^|\W)wh\b|watt.?hour/, /receiv|export|generat|net|cost|kwh|kilowatt/);
  const kW = find(/(^|\W)kw\b|demand|power/, /kwh|receiv|export|generat/);
  const usage = find(
    /usage|consumption|energy|deliver|import|value|reading/,
    /receiv|export|generat|date|time|stamp|start|end|quality|cost|net/,
  );
  const energyGuess = [kWh, wh, kW, usage].find((i) => i >= 0) ?? -1;
  const energy = pick(overrides.kW ?? overrides.kWh, () => energyGuess);
  const unit: ColumnMap['unit'] =
    overrides.kW !== undefined ||
    (overrides.kWh === undefined && energy === kW && kW >= 0 && energy !== kWh)
      ? 'kW'
      : energy === wh && overrides.kWh === undefined
        ? 'Wh'
        : 'kWh';

  let timestamp = pick(overrides.timestamp, () => firstOf('datetime', false));
  let marks: ColumnMap['timestampMarks'] = overrides.timestampMarks ?? 'start';
  const date = timestamp >= 0 ? -1 : pick(overrides.date, () => firstOf('date', false));
  const time = timestamp >= 0 ? -1 : pick(overrides.time, () => firstOf('time', false));
  let end = pick(overrides.end, () => {
    const endDateTime = firstOf('datetime', true);
    return timestamp >= 0 || endDateTime >= 0 ? endDateTime : firstOf('time', true);
  });
  if (timestamp < 0 && date < 0 && end >= 0 && timeLike[end] === 'datetime') {
    // Only an end column ("Interval End"): the labels mark where intervals finish.
    timestamp = end;
    end = -1;
    marks = overrides.timestampMarks ?? 'end';
  }
  if (timestamp < 0 && (date < 0 || time < 0)) {
    throw new IntervalImportError(
      GENERIC,
      `line ${headerLine}`,
      `no column with interval times in the header (${header.join(', ')})`,
    );
  }
  if (energy < 0) {
    throw new IntervalImportError(
      GENERIC,
      `line ${headerLine}`,
      `no kWh, Wh or kW column in the header (${header.join(', ')})`,
    );
  }
  return {
    timestamp,
    timestampMarks: marks,
    date,
    time,
    end,
    energy,
    unit,
    received: pick(overrides.received, () =>
      find(/receiv|export|generat/, /cost|quality|time|date/),
    ),
    direction: pick(overrides.direction, () => find(/direction|flow/)),
    cost: pick(overrides.cost, () => find(/cost|\$|amount|charge/)),
    quality: pick(overrides.quality, () => find(/quality|estimat|notes|flag|status/)),
    duration: pick(overrides.duration, () =>
      find(/^(duration|interval length|interval minutes|minutes)\b/),
    ),
  };
}

/** The zone a header states, as in the product's own export: `local_start (America/Denver)`. */
export function zoneInHeader(header: readonly string[]): string | undefined {
  for (const name of header) {
    const m = /\(([A-Za-z_]+\/[A-Za-z_/+-]+|UTC)\)/.exec(name);
    if (m?.[1]) return m[1];
  }
  return undefined;
}
