import { isBlank, parseNumber } from '../scan/numbers.ts';

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
 */
export class LineRecord implements DayRecord {
  line = 0;
  count = 0;
  private starts = new Int32Array(64);
  private ends = new Int32Array(64);
  private shapes = new Uint8Array(64);
  /** The number of each NUMBER field. */
  private numbers = new Float64Array(64);

  private readonly delimiterChar: string;

  constructor(
    readonly text: string,
    private readonly delimiter: number,
  ) {
    this.delimiterChar = String.fromCharCode(delimiter);
  }

  /** Reads text[from, lineEnd), a line without quotes that starts on `line`. */
  read(from: number, lineEnd: number, line: number): void {
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
        const next = text.indexOf(this.delimiterChar, i);
        i = next < 0 || next > stop ? stop : next;
        ends[count] = i;
        shapes[count] = OTHER;
      }
      count++;
      if (i >= stop) break;
      i++;
    }
    this.count = count;
    this.line = line;
  }

  start(i: number): number {
    return i < this.count ? (this.starts[i] as number) : 0;
  }

  end(i: number): number {
    return i < this.count ? (this.ends[i] as number) : 0;
  }

  field(i: number): string {
    return i < this.count ? this.text.slice(this.starts[i], this.ends[i]) : '';
  }

  number(i: number): number {
    if (i >= this.count) return Number.NaN;
    const shape = this.shapes[i];
    if (shape === NUMBER) return this.numbers[i] as number;
    if (shape === EMPTY) return Number.NaN;
    return parseNumber(this.text, this.starts[i] as number, this.ends[i] as number);
  }

  blank(i: number): boolean {
    if (i >= this.count) return true;
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

  private grow(): void {
    const size = this.starts.length * 2;
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
