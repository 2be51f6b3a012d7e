import { IntervalImportError } from '../errors.ts';
import type { CsvCursor } from '../scan/csv-cursor.ts';
import { readDate, readDateTime, readPlainTime, readTime } from '../scan/dates.ts';
import { parsePlainNumber } from '../scan/numbers.ts';
import { DAY_MS } from '../time/civil.ts';

/** Header names of the current record, trimmed, spaces collapsed, upper-case. */
export function headerNames(cur: CsvCursor): string[] {
  const names: string[] = [];
  for (let i = 0; i < cur.count; i++)
    names.push(
      cur
        .field(i)
        .replace(/[\s\u00a0]+/g, ' ')
        .trim()
        .toUpperCase(),
    );
  return names;
}

/** Reads typed fields of the current record, throwing a message that names line and column. */
export class FieldReader {
  /**
   * `chars`, when given, is the text as bytes, one a character (see oneBytePerChar): plain
   * numbers and times are read from them and the repeated date compared on them, about twice as
   * fast as on the string; anything else is read from the string as without them.
   */
  constructor(
    private readonly format: string,
    private readonly cur: CsvCursor,
    private readonly names: readonly string[],
    private readonly chars?: Uint8Array,
  ) {}

  private fail(i: number, what: string): never {
    const raw = this.cur.field(i).trim();
    const column = this.names[i] ?? `column ${i + 1}`;
    const shown = raw === '' ? 'empty' : `"${raw.slice(0, 40)}"`;
    throw new IntervalImportError(
      this.format,
      `line ${this.cur.line}`,
      `${column} is ${shown}, not ${what}`,
    );
  }

  /** A number; blank is an error unless `blankAs` is given. */
  number(i: number, blankAs?: number): number {
    const chars = this.chars;
    if (chars && i < this.cur.count) {
      const plain = parsePlainNumber(chars, this.cur.start(i), this.cur.end(i));
      if (!Number.isNaN(plain)) return plain;
    }
    if (blankAs !== undefined && this.cur.blank(i)) return blankAs;
    const value = this.cur.number(i);
    if (Number.isNaN(value)) this.fail(i, 'a number');
    return value;
  }

  private lastDateStart = -1;
  private lastDateLength = -1;
  private lastDays = Number.NaN;

  /** Days since the epoch. Rows of one day repeat the same date, so the last one is reused. */
  date(i: number): number {
    const text = this.cur.text;
    const start = this.cur.start(i);
    const length = this.cur.end(i) - start;
    const chars = this.chars;
    const same =
      length === this.lastDateLength &&
      (chars
        ? sameBytes(chars, start, this.lastDateStart, length)
        : sameText(text, start, this.lastDateStart, length));
    if (same) {
      this.lastDateStart = start;
      return this.lastDays;
    }
    const days = readDate(text, start, start + length);
    if (Number.isNaN(days)) this.fail(i, 'a date');
    this.lastDateStart = start;
    this.lastDateLength = length;
    this.lastDays = days;
    return days;
  }

  /** Milliseconds after midnight. */
  time(i: number): number {
    const chars = this.chars;
    if (chars && i < this.cur.count) {
      const plain = readPlainTime(chars, this.cur.start(i), this.cur.end(i));
      if (!Number.isNaN(plain)) return plain;
    }
    const ms = readTime(this.cur.text, this.cur.start(i), this.cur.end(i));
    if (Number.isNaN(ms)) this.fail(i, 'a time');
    return ms;
  }

  /** Wall-clock ms of a date-time field; a written offset is left in `cursor.offset`. */
  timestamp(i: number): number {
    const ms = readDateTime(this.cur.text, this.cur.start(i), this.cur.end(i));
    if (Number.isNaN(ms)) this.fail(i, 'a date and time');
    return ms;
  }

  /** Wall-clock ms of a date column plus a time column. */
  dateTime(dateColumn: number, timeColumn: number): number {
    return this.date(dateColumn) * DAY_MS + this.time(timeColumn);
  }
}

function sameText(text: string, a: number, b: number, length: number): boolean {
  for (let k = 0; k < length; k++)
    if (text.charCodeAt(a + k) !== text.charCodeAt(b + k)) return false;
  return true;
}

function sameBytes(chars: Uint8Array, a: number, b: number, length: number): boolean {
  for (let k = 0; k < length; k++) if (chars[a + k] !== chars[b + k]) return false;
  return true;
}
