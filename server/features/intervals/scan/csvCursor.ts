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

  constructor(
    readonly text: string,
    readonly delimiter = 44,
  ) {}

  /** Moves to the next record; false at the end of the text. */
  next(): boolean {
    const text = this.text;
    const end = text.length;
    let p = this.pos;
    if (p >= end) return false;
    this.line = this.nextLine;
    this.recordStart = p;
    let count = 0;
    const delimiter = this.delimiter;
    for (;;) {
      if (count === this.starts.length) this.grow();
      let c = text.charCodeAt(p);
      if (c === 34) {
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
        this.nextLine += countNewlines(text, start, q);
        this.starts[count] = start;
        this.ends[count] = q;
        this.escaped[count] = escaped;
        p = q + 1;
        // Anything between the closing quote and the delimiter is ignored, as spreadsheets do.
        while (p < end) {
          c = text.charCodeAt(p);
          if (c === delimiter || c === 10 || c === 13) break;
          p++;
        }
      } else {
        const start = p;
        while (p < end) {
          c = text.charCodeAt(p);
          if (c === delimiter || c === 10 || c === 13) break;
          p++;
        }
        this.starts[count] = start;
        this.ends[count] = p;
        this.escaped[count] = 0;
      }
      count++;
      if (p >= end) break;
      c = text.charCodeAt(p);
      if (c === delimiter) {
        p++;
        continue;
      }
      this.recordEnd = p;
      p += c === 13 && text.charCodeAt(p + 1) === 10 ? 2 : 1;
      this.nextLine++;
      break;
    }
    if (p >= end) this.recordEnd = Math.min(p, end);
    this.count = count;
    this.pos = p;
    return true;
  }

  /** Where the cursor is, to come back to after looking ahead. */
  bookmark(): [number, number] {
    return [this.pos, this.nextLine];
  }

  rewind([pos, nextLine]: [number, number]): void {
    this.pos = pos;
    this.nextLine = nextLine;
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
