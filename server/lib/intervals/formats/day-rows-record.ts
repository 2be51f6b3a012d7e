import { isBlank, parseNumber } from '../scan/numbers.ts';

/**
 * The day's value columns when they are side by side in time order, `n` of them from `first`,
 * and the text as bytes: `chars[i]` is the character at i for every character (an ASCII file,
 * or one decoded a byte a character).
 */
interface ValueRun {
  first: number;
  n: number;
  chars: Uint8Array;
}

/** The fields of one CSV record, as CsvCursor and LineRecord both give them. */
export interface DayRecord {
  readonly text: string;
  /** 1-based line where the record starts. */
  readonly line: number;
  readonly count: number;
  start(i: number): number;
  end(i: number): number;
  field(i: number): string;
  number(i: number): number;
  blank(i: number): boolean;
  blankRecord(): boolean;
}

const NUMBER = 0;
const EMPTY = 1;
/** Anything else (a sign, spaces, `$`, an exponent, letters): read by parseNumber on demand. */
const OTHER = 2;

/** Exact powers of ten up to the 15 digits a plain field may have. */
const POW10 = Float64Array.from({ length: 16 }, (_, i) => 10 ** i);

/**
 * One line of a day-per-row file that holds no double quote, split at its delimiters in a single
 * pass that also reads every plain number (digits and one dot) as it goes. A year of half-hours
 * is 17,520 such values on 365 lines: this pass does the work of CsvCursor.next and
 * CsvCursor.number for each of them in one walk over the characters, without a search per field.
 * Fields are what CsvCursor makes of the same line (a CR before the line end is not part of the
 * last field), and any field that is not plain digits is read by the same parseNumber and
 * isBlank, so both give the same values. Lines with a quote go to CsvCursor.
 *
 * Given the run of the day's value columns (the usual layout: the day's values side by side in
 * time order) and the text as bytes, one byte a character, a line is read in the run's own loop:
 * each value goes straight to `values` (NaN when empty), read from the bytes, which is about
 * half again as fast as charCodeAt. The fields around the run are split as usual. A line with
 * anything else in a value cell (a sign, spaces, a long number) is read again field by field, as
 * without a run, so that every line reads the same either way.
 */
export class LineRecord implements DayRecord {
  line = 0;
  count = 0;
  private starts = new Int32Array(64);
  private ends = new Int32Array(64);
  private shapes = new Uint8Array(64);
  /** The number of each NUMBER field. */
  private numbers = new Float64Array(64);
  private readonly first: number;
  private readonly n: number;
  private readonly chars: Uint8Array;
  /** The run's values of the last line, when `inRun` says it was read in the run's loop. */
  private readonly runValues: Float64Array;
  private inRun = false;
  /** Where the last line's fields start and stop, and whether the run's fields are located. */
  private lineFrom = 0;
  private lineStop = 0;
  private located = true;

  private readonly delimiterChar: string;

  constructor(
    readonly text: string,
    private readonly delimiter: number,
    run?: ValueRun,
  ) {
    this.delimiterChar = String.fromCharCode(delimiter);
    this.first = run ? run.first : -1;
    this.n = run ? run.n : 0;
    this.chars = run ? run.chars : new Uint8Array(0);
    this.runValues = new Float64Array(this.n);
  }

  /** Reads text[from, lineEnd), a line without quotes that starts on `line`. */
  read(from: number, lineEnd: number, line: number): void {
    this.line = line;
    this.inRun = this.first >= 0 && this.readRun(from, lineEnd);
    this.located = !this.inRun;
    if (!this.inRun) this.readFields(from, lineEnd);
  }

  /**
   * The line read with the value columns in their own loop: false, with nothing to use, when a
   * value cell holds anything but digits with at most one dot (or nothing).
   */
  private readRun(from: number, lineEnd: number): boolean {
    const text = this.text;
    const delimiter = this.delimiter;
    const first = this.first;
    const last = first + this.n;
    if (last > this.starts.length) this.grow(last);
    const { starts, ends, shapes } = this;
    const values = this.runValues;
    let stop = lineEnd;
    if (stop > from && text.charCodeAt(stop - 1) === 13) stop--;
    this.lineFrom = from;
    this.lineStop = stop;
    let count = 0;
    let i = from;
    let more = true;
    // The fields before the run: split only.
    while (more && count < first) {
      starts[count] = i;
      i = this.fieldEnd(i, stop);
      ends[count] = i;
      shapes[count] = OTHER;
      count++;
      more = i < stop;
      i++;
    }
    // The run, from the bytes. The byte at `stop` is a CR, a line feed or past the end
    // (undefined), so no loop runs beyond it.
    const chars = this.chars;
    while (more && count < last) {
      const fieldStart = i;
      let mantissa = 0;
      let c = chars[i] as number;
      while (c >= 48 && c <= 57) {
        mantissa = mantissa * 10 + (c - 48);
        c = chars[++i] as number;
      }
      let digits = i - fieldStart;
      let decimals = 0;
      if (c === 46) {
        const dot = ++i;
        c = chars[i] as number;
        while (c >= 48 && c <= 57) {
          mantissa = mantissa * 10 + (c - 48);
          c = chars[++i] as number;
        }
        decimals = i - dot;
        digits += decimals;
      }
      if (c !== delimiter && i < stop) return false;
      if (digits === 0) {
        if (i !== fieldStart) return false; // a lone dot
        values[count - first] = Number.NaN;
      } else if (digits > 15) return false;
      else
        values[count - first] = decimals === 0 ? mantissa : mantissa / (POW10[decimals] as number);
      // The run's fields are located only if one is asked for as text (locate).
      count++;
      more = i < stop;
      i++;
    }
    // The fields after the run.
    while (more) {
      if (count === this.starts.length) this.grow();
      this.starts[count] = i;
      i = this.fieldEnd(i, stop);
      this.ends[count] = i;
      this.shapes[count] = OTHER;
      count++;
      more = i < stop;
      i++;
    }
    this.count = count;
    return true;
  }

  /** Where the field starting at `i` ends: the next delimiter, or `stop`. */
  private fieldEnd(i: number, stop: number): number {
    const next = this.text.indexOf(this.delimiterChar, i);
    return next < 0 || next > stop ? stop : next;
  }

  /** The line split field by field, each plain number read as it goes. */
  private readFields(from: number, lineEnd: number): void {
    const text = this.text;
    const delimiter = this.delimiter;
    let stop = lineEnd;
    if (stop > from && text.charCodeAt(stop - 1) === 13) stop--;
    let count = 0;
    let i = from;
    let { starts, ends, shapes, numbers } = this;
    for (;;) {
      if (count === starts.length) {
        this.grow();
        ({ starts, ends, shapes, numbers } = this);
      }
      // Digits, then a dot and digits: the whole field in the usual case. The character at
      // `stop` is a CR, a line feed or past the text (NaN), so no loop runs beyond it.
      const fieldStart = i;
      let mantissa = 0;
      let c = text.charCodeAt(i);
      while (c >= 48 && c <= 57) {
        mantissa = mantissa * 10 + (c - 48);
        c = text.charCodeAt(++i);
      }
      let digits = i - fieldStart;
      let decimals = 0;
      if (c === 46) {
        const dot = ++i;
        c = text.charCodeAt(i);
        while (c >= 48 && c <= 57) {
          mantissa = mantissa * 10 + (c - 48);
          c = text.charCodeAt(++i);
        }
        decimals = i - dot;
        digits += decimals;
      }
      starts[count] = fieldStart;
      if (c === delimiter || i >= stop) {
        ends[count] = i;
        if (digits === 0) shapes[count] = i === fieldStart ? EMPTY : OTHER;
        else if (digits > 15) shapes[count] = OTHER;
        else {
          shapes[count] = NUMBER;
          numbers[count] = decimals === 0 ? mantissa : mantissa / (POW10[decimals] as number);
        }
      } else {
        // Something else in the field: up to the delimiter, read on demand.
        i = this.fieldEnd(i, stop);
        ends[count] = i;
        shapes[count] = OTHER;
      }
      count++;
      if (i >= stop) break;
      i++;
    }
    this.count = count;
  }

  start(i: number): number {
    if (!this.located && this.inRunAt(i)) this.locate();
    return i < this.count ? (this.starts[i] as number) : 0;
  }

  end(i: number): number {
    if (!this.located && this.inRunAt(i)) this.locate();
    return i < this.count ? (this.ends[i] as number) : 0;
  }

  field(i: number): string {
    if (!this.located && this.inRunAt(i)) this.locate();
    return i < this.count ? this.text.slice(this.starts[i], this.ends[i]) : '';
  }

  private inRunAt(i: number): boolean {
    return i >= this.first && i < this.first + this.n;
  }

  /** Where the run's fields start and end: readRun only read their values. */
  private locate(): void {
    this.located = true;
    let i = this.first > 0 ? (this.ends[this.first - 1] as number) + 1 : this.lineFrom;
    for (let k = this.first; k < this.first + this.n && k < this.count; k++) {
      this.starts[k] = i;
      i = this.fieldEnd(i, this.lineStop);
      this.ends[k] = i;
      i++;
    }
  }

  number(i: number): number {
    if (i >= this.count) return Number.NaN;
    if (this.inRun && i >= this.first && i < this.first + this.n) {
      return this.runValues[i - this.first] as number;
    }
    const shape = this.shapes[i];
    if (shape === NUMBER) return this.numbers[i] as number;
    if (shape === EMPTY) return Number.NaN;
    return parseNumber(this.text, this.starts[i] as number, this.ends[i] as number);
  }

  blank(i: number): boolean {
    if (i >= this.count) return true;
    if (this.inRun && i >= this.first && i < this.first + this.n) {
      return Number.isNaN(this.runValues[i - this.first] as number);
    }
    const shape = this.shapes[i];
    if (shape !== OTHER) return shape === EMPTY;
    return isBlank(this.text, this.starts[i] as number, this.ends[i] as number);
  }

  blankRecord(): boolean {
    for (let i = 0; i < this.count; i++) if (!this.blank(i)) return false;
    return true;
  }

  /** readValues for this record, reading the numbers the split already parsed. */
  values(columns: Int32Array, into: Float64Array, at: number): number {
    if (this.inRun) {
      // Every value cell was a number or empty. `columns` are the run the record was made with.
      if (this.count >= this.first + this.n) into.set(this.runValues, at);
      else
        for (let k = 0; k < columns.length; k++) into[at + k] = this.number(columns[k] as number);
      return -1;
    }
    const { shapes, numbers, count } = this;
    for (let k = 0; k < columns.length; k++) {
      const column = columns[k] as number;
      const shape = column < count ? shapes[column] : EMPTY;
      if (shape === NUMBER) into[at + k] = numbers[column] as number;
      else if (shape === EMPTY) into[at + k] = Number.NaN;
      else {
        const value = this.number(column);
        if (Number.isNaN(value) && !this.blank(column)) return k;
        into[at + k] = value;
      }
    }
    return -1;
  }

  private grow(atLeast = 0): void {
    const size = Math.max(this.starts.length * 2, atLeast);
    const starts = new Int32Array(size);
    const ends = new Int32Array(size);
    const shapes = new Uint8Array(size);
    const numbers = new Float64Array(size);
    starts.set(this.starts);
    ends.set(this.ends);
    shapes.set(this.shapes);
    numbers.set(this.numbers);
    this.starts = starts;
    this.ends = ends;
    this.shapes = shapes;
    this.numbers = numbers;
  }
}

/**
 * A day's values from a record: `into[at + k]` is the number in `columns[k]`, NaN when that cell
 * is blank. Returns the k of the first cell that is neither a number nor blank (-1 when none).
 */
export function readValues(
  record: DayRecord,
  columns: Int32Array,
  into: Float64Array,
  at: number,
): number {
  if (record instanceof LineRecord) return record.values(columns, into, at);
  for (let k = 0; k < columns.length; k++) {
    const column = columns[k] as number;
    const value = record.number(column);
    if (Number.isNaN(value) && !record.blank(column)) return k;
    into[at + k] = value;
  }
  return -1;
}
