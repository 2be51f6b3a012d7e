import { CsvCursor } from '../scan/csv-cursor.ts';
import { cursor, readDate, readTime } from '../scan/dates.ts';
import { isBlank } from '../scan/numbers.ts';

export const DAY_ROWS = 'day-per-row CSV';

/** A day split into this many equal intervals: hourly, half-hourly, 15-minute, 5-minute. */
const INTERVALS_PER_DAY = new Set([24, 48, 96, 288]);

/** How the header of a day-per-row CSV lays out one day; -1 for a column the file lacks. */
export interface DayRowsLayout {
  /** Header cells as written, trimmed. */
  names: string[];
  headerLine: number;
  /** Column index of each interval of the day, in time order (interval k starts k·minutes). */
  values: number[];
  /** Fields a data row needs to reach its last interval column. */
  width: number;
  minutes: number;
  /** How the interval headers were read, for the import notes. */
  labels: string;
  date: number;
  /** Consumption/Generation, Delivered/Received, E1/B1 ... */
  channel: number;
  /** A flag marking the day estimated: `yesNo` for an "Estimated" column of Y/N, true/false. */
  flag: number;
  flagIsYesNo: boolean;
  meter: number;
  /** kWh, Wh, MWh or kW per row. */
  unit: number;
}

interface SlotLabel {
  kind: 'time' | 'range' | 'number';
  /** Minutes after midnight (times and ranges) or the written number. */
  value: number;
  /** The range's end in minutes, or 1 for a number that counts hours ending ("HE01"). */
  end: number;
}

const norm = (s: string) =>
  s
    .replace(/[\s_\u00a0]+/g, ' ')
    .trim()
    .toLowerCase();

/** A time that fills the whole text (`00:30`, `0:15`, `1:00 AM`): minutes, or NaN. */
function wholeTime(text: string): number {
  const ms = readTime(text, 0, text.length);
  if (Number.isNaN(ms) || !isBlank(text, cursor.pos, text.length)) return Number.NaN;
  return ms / 60_000;
}

const NUMBERED =
  /^(?:(he|hour ?ending|hr ?ending|interval ?ending)|hour|hr|h|interval|int|period|i|p)?\s*[#.]?\s*(\d{1,3})$/;
const UNIT_WORDS = /\(\s*k?wh\s*\)|\bk?wh\b/g;

/** What an interval column's header says: a time, a time range or an interval number. */
function slotLabel(raw: string): SlotLabel | undefined {
  // Most headers are bare times, read as they are: normalising them would change nothing.
  const bare = wholeTime(raw);
  if (!Number.isNaN(bare)) return { kind: 'time', value: bare, end: Number.NaN };
  const text = norm(raw).replace(UNIT_WORDS, '').trim();
  if (text === '') return undefined;
  const time = wholeTime(text);
  if (!Number.isNaN(time)) return { kind: 'time', value: time, end: Number.NaN };
  const range = /^(.+?)\s*(?:-|–|—|\bto\b)\s*(.+)$/.exec(text);
  if (range) {
    const from = wholeTime(range[1] ?? '');
    const to = wholeTime(range[2] ?? '');
    if (!Number.isNaN(from) && !Number.isNaN(to)) return { kind: 'range', value: from, end: to };
  }
  const numbered = NUMBERED.exec(text);
  if (numbered) return { kind: 'number', value: Number(numbered[2]), end: numbered[1] ? 1 : 0 };
  return undefined;
}

/**
 * The intervals a header's time-like columns stand for, or undefined when they do not make one
 * whole day of 24, 48, 96 or 288 equal intervals. Times are starts when they run from 00:00,
 * ends when they run to 24:00 (or a closing 00:00); ranges give both; numbers count intervals
 * from 0 or from 1 (hour-ending numbers such as HE01..HE24 are the 1-based case).
 */
function intervalColumns(names: readonly string[]) {
  const columns: number[] = [];
  const labels: SlotLabel[] = [];
  names.forEach((name, i) => {
    const label = slotLabel(name);
    if (label) {
      columns.push(i);
      labels.push(label);
    }
  });
  const n = labels.length;
  if (!INTERVALS_PER_DAY.has(n)) return undefined;
  const kind = labels[0]?.kind;
  if (labels.some((l) => l.kind !== kind)) return undefined;
  const minutes = 1440 / n;
  let starts: number[];
  let how: string;
  const first = names[columns[0] as number] ?? '';
  const last = names[columns[n - 1] as number] ?? '';
  if (kind === 'range') {
    starts = labels.map((l) => l.value);
    const lengthsAgree = labels.every((l) => (l.end - l.value + 1440) % 1440 === minutes);
    if (!lengthsAgree) return undefined;
    how = `time ranges (${first} to ${last})`;
  } else if (kind === 'time') {
    const values = labels.map((l) => l.value);
    if (isDay(values, minutes, 0)) {
      starts = values;
      how = `interval starts (${first} to ${last})`;
    } else {
      starts = values.map((v) => (v === 0 ? 1440 : v) - minutes);
      if (!isDay(starts, minutes, 0)) return undefined;
      how = `interval ends (${first} to ${last})`;
    }
  } else {
    const values = labels.map((l) => l.value);
    if (isDay(values, 1, 0) && !labels.some((l) => l.end === 1)) {
      starts = values.map((v) => v * minutes);
      how = `interval numbers from 0 (${first} to ${last})`;
    } else if (isDay(values, 1, 1)) {
      starts = values.map((v) => (v - 1) * minutes);
      how = `${minutes === 60 ? 'hour-ending' : 'interval'} numbers (${first} to ${last})`;
    } else return undefined;
  }
  const values = new Array<number>(n);
  starts.forEach((s, k) => {
    values[s / minutes] = columns[k] as number;
  });
  return { values, minutes, labels: how };
}

/** Whether `values` are exactly from, from+step, ... (n of them) in some order. */
function isDay(values: readonly number[], step: number, from: number): boolean {
  const seen = new Uint8Array(values.length);
  for (const v of values) {
    const k = (v - from) / step;
    if (!Number.isInteger(k) || k < 0 || k >= values.length || seen[k]) return false;
    seen[k] = 1;
  }
  return true;
}

/**
 * Reads the current record as the header of a day-per-row CSV: a date column and the columns of
 * one day's intervals, with optional channel, estimated-flag, meter and unit columns found by
 * name. The date column is the one named like a date whose value in the next data row is a
 * date, so the cursor looks ahead one row and comes back. Undefined when it is not such a header.
 */
export function readDayRowsHeader(cur: CsvCursor): DayRowsLayout | undefined {
  if (cur.count < 25) return undefined;
  const names: string[] = [];
  for (let i = 0; i < cur.count; i++) names.push(cur.field(i).trim());
  const slots = intervalColumns(names);
  if (!slots) return undefined;
  const headerLine = cur.line;
  const mark = cur.bookmark();
  let more = cur.next();
  while (more && cur.blankRecord()) more = cur.next();
  const taken = new Set(slots.values);
  const isDate = (i: number) =>
    more && !taken.has(i) && !Number.isNaN(readDate(cur.text, cur.start(i), cur.end(i)));
  // Interval columns are never the date, flag, meter, unit or channel column.
  const lower = names.map((name, i) => (taken.has(i) ? '' : norm(name)));
  let date = lower.findIndex((n, i) => /date|day/.test(n) && isDate(i));
  if (date < 0) date = lower.findIndex((_, i) => isDate(i));
  // Columns whose value names a channel, for files whose channel column has an unusual name.
  const channelLike = names.map(
    (_, i) =>
      more &&
      !taken.has(i) &&
      /^(e|b)\d$|consum|generat|deliver|receiv|import|export/i.test(cur.field(i).trim()),
  );
  cur.rewind(mark);
  if (date < 0) return undefined;

  const free = (i: number) => i !== date && !taken.has(i);
  const find = (pattern: RegExp, not: number[] = []) =>
    lower.findIndex((n, i) => free(i) && !not.includes(i) && pattern.test(n));
  const flag = find(/estimat|quality|read ?type|reading ?type|status|flag|method/);
  const meter = find(/\bnmi\b|meter|esi ?id|service ?point|\bmpan\b|\bmprn\b/, [flag]);
  const unit = find(/^(unit|units|uom|unit of measure)$/, [flag, meter]);
  let channel = find(
    /channel|register|direction|flow|suffix|stream|measurement|^type$|^(energy|usage|data) type$/,
    [flag, meter, unit],
  );
  if (channel < 0) {
    channel = channelLike.findIndex(
      (like, i) => like && free(i) && ![flag, meter, unit].includes(i),
    );
  }
  const flagName = lower[flag] ?? '';
  return {
    names,
    headerLine,
    values: slots.values,
    width: Math.max(...slots.values) + 1,
    minutes: slots.minutes,
    labels: slots.labels,
    date,
    channel,
    flag,
    flagIsYesNo: /estimat/.test(flagName) && !/quality|type|status|method/.test(flagName),
    meter,
    unit,
  };
}

/**
 * Whether the head of a CSV is a day-per-row file: within its first 60 records, a header that
 * readDayRowsHeader accepts (a date column, with a date under it, and one whole day of interval
 * columns). Lines with fewer than 24 delimiters are passed over without being read.
 */
export function looksLikeDayRows(head: string): boolean {
  const delimiter = delimiterOf(head);
  const char = String.fromCharCode(delimiter);
  let wide = false;
  for (let from = 0, lines = 0; from < head.length && lines < 60; lines++) {
    let to = head.indexOf('\n', from);
    if (to < 0) to = head.length;
    if (head.slice(from, to).split(char).length > 24) {
      wide = true;
      break;
    }
    from = to + 1;
  }
  if (!wide) return false;
  const cur = new CsvCursor(head, delimiter);
  for (let tries = 0; tries < 60 && cur.next(); tries++) if (readDayRowsHeader(cur)) return true;
  return false;
}

/** Comma unless the head of the file has more semicolons or tabs. */
export function delimiterOf(text: string): number {
  let semicolons = 0;
  let tabs = 0;
  let commas = 0;
  for (let i = Math.min(text.length, 4000) - 1; i >= 0; i--) {
    const c = text.charCodeAt(i);
    if (c === 59) semicolons++;
    else if (c === 9) tabs++;
    else if (c === 44) commas++;
  }
  if (tabs > commas && tabs > semicolons) return 9;
  if (semicolons > commas) return 59;
  return 44;
}
