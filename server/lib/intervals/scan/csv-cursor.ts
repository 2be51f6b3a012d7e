import { isBlank, parseNumber } from './numbers.ts';

/**
 * Walks a CSV text one record at a time, recording where each field starts and ends instead of
 * cutting strings: importers read numbers and dates straight from the text, and only the few
 * text fields they need become strings. Handles quotes, doubled quotes, CRLF, newlines inside
 * quotes and rows shorter than the header. Measured faster than papaparse on utility exports
 * because nothing is allocated per field.
 */
export class CsvCursor {
  private pos = 0;
  private nextLine = 1;
  /** 1-based line where the current record starts. */
  line = 0;
  /** Fields in the current record. */
  count = 0;
  private starts = new Int32Array(32);
  private ends = new Int32Array(32);
  private escaped = new Uint8Array(32);
  /** Where the current record starts and ends in the text, for messages. */
  recordStart = 0;
  recordEnd = 0;

  private cachedLineEnd = -1;
  private cachedDelimiter = -1;
  private readonly delimiterChar: string;
  readonly text: string;

  constructor(
    text: string,
    readonly delimiter = 44,
  ) {
    // Files with old Mac line ends (CR only) are read as if they had LF.
    this.text = text.includes('\n') || !text.includes('\r') ? text : text.replace(/\r/g, '\n');
    this.delimiterChar = String.fromCharCode(delimiter);
  }

  /** Moves to the next record; false at the end of the text. */
  next(): boolean {
    const text = this.text;
    const end = text.length;
    let p = this.pos;
    if (p >= end) return false;
    this.line = this.nextLine;
    this.recordStart = p;
    // Native indexOf finds line ends and delimiters several times faster than a charCodeAt
    // loop; both positions are cached so a line without delimiters is not searched twice.
    let lineEnd = this.lineEndFrom(p);
    let count = 0;
    for (;;) {
      if (count === this.starts.length) this.grow();
      if (text.charCodeAt(p) === 34) {
        const start = p + 1;
        let q = start;
        let escaped = 0;
        for (;;) {
          q = text.indexOf('"', q);
          if (q === -1) {
            q = end;
            break;
          }
          if (text.charCodeAt(q + 1) === 34) {
            escaped = 1;
            q += 2;
          } else break;
        }
        if (q > lineEnd) {
          this.nextLine += countNewlines(text, start, q);
          lineEnd = this.lineEndFrom(q);
        }
        this.starts[count] = start;
        this.ends[count] = q;
        this.escaped[count] = escaped;
        // Anything between the closing quote and the delimiter is ignored, as spreadsheets do.
        p = Math.min(this.delimiterFrom(Math.min(q + 1, end)), lineEnd);
      } else {
        const stop = Math.min(this.delimiterFrom(p), lineEnd);
        this.starts[count] = p;
        this.ends[count] =
          stop > p && text.charCodeAt(stop - 1) === 13 && stop === lineEnd ? stop - 1 : stop;
        this.escaped[count] = 0;
        p = stop;
      }
      count++;
      if (p < lineEnd) {
        p++;
        continue;
      }
      this.recordEnd = p > this.recordStart && text.charCodeAt(p - 1) === 13 ? p - 1 : p;
      p = lineEnd + 1;
      this.nextLine++;
      break;
    }
    this.count = count;
    this.pos = p;
    return true;
  }

  private lineEndFrom(p: number): number {
    if (this.cachedLineEnd < p) {
      const i = this.text.indexOf('\n', p);
      this.cachedLineEnd = i === -1 ? this.text.length : i;
    }
    return this.cachedLineEnd;
  }

  private delimiterFrom(p: number): number {
    if (this.cachedDelimiter < p) {
      const i = this.text.indexOf(this.delimiterChar, p);
      this.cachedDelimiter = i === -1 ? this.text.length : i;
    }
    return this.cachedDelimiter;
  }

  /** Where the cursor is, to come back to after looking ahead. */
  bookmark(): [number, number] {
    return [this.pos, this.nextLine];
  }

  rewind([pos, nextLine]: [number, number]): void {
    this.pos = pos;
    this.nextLine = nextLine;
    this.cachedLineEnd = -1;
    this.cachedDelimiter = -1;
  }

  start(i: number): number {
    return i < this.count ? (this.starts[i] as number) : 0;
  }

  end(i: number): number {
    return i < this.count ? (this.ends[i] as number) : 0;
  }

  /** The field as a string ('' when the record is shorter). */
  field(i: number): string {
    if (i >= this.count) return '';
    const s = this.text.slice(this.starts[i], this.ends[i]);
    return this.escaped[i] ? s.replace(/""/g, '"') : s;
  }

  /** The field as a number; NaN when blank or not a number. */
  number(i: number): number {
    if (i >= this.count) return Number.NaN;
    return parseNumber(this.text, this.starts[i] as number, this.ends[i] as number);
  }

  blank(i: number): boolean {
    return i >= this.count || isBlank(this.text, this.starts[i] as number, this.ends[i] as number);
  }

  /** Whether every field of the record is blank (an empty line or a line of commas). */
  blankRecord(): boolean {
    for (let i = 0; i < this.count; i++) if (!this.blank(i)) return false;
    return true;
  }

  /** The record's text, shortened, for error messages. */
  excerpt(): string {
    const raw = this.text.slice(this.recordStart, this.recordEnd);
    return raw.length > 80 ? `${raw.slice(0, 77)}...` : raw;
  }

  private grow(): void {
    const size = this.starts.length * 2;
    const starts = new Int32Array(size);
    const ends = new Int32Array(size);
    const escaped = new Uint8Array(size);
    starts.set(this.starts);
    ends.set(this.ends);
    escaped.set(this.escaped);
    this.starts = starts;
    this.ends = ends;
    this.escaped = escaped;
  }
}

function countNewlines(text: string, from: number, to: number): number {
  let n = 0;
  for (let i = text.indexOf('\n', from); i !== -1 && i < to; i = text.indexOf('\n', i + 1)) n++;
  return n;
}
