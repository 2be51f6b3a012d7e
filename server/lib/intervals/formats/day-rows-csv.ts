import { IntervalImportError } from '../errors.ts';
import { newMetadata, notePreamble } from '../metadata.ts';
import { CsvCursor } from '../scan/csv-cursor.ts';
import { readDate } from '../scan/dates.ts';
import { ACTUAL, ESTIMATED } from '../series.ts';
import { chooseZone } from '../time/choose-zone.ts';
import { DAY_MS, HOUR_MS, isoDate, MINUTE_MS } from '../time/civil.ts';
import { type ZoneClock, zoneClock } from '../time/zone-clock.ts';
import type {
  Channel,
  Direction,
  ImportMetadata,
  ImportOptions,
  ImportResult,
  ReadingQuality,
} from '../types.ts';
import { qualityOf } from './csv-channels.ts';
import { DAY_ROWS, type DayRowsLayout, delimiterOf, readDayRowsHeader } from './day-rows-header.ts';
import { type DayChannel, DayTable, placeDayRows, placeDays } from './day-rows-place.ts';
import { type DayRecord, LineRecord, readValues } from './day-rows-record.ts';
import { zoneInHeader } from './generic-columns.ts';

interface DaySink extends DayChannel {
  meter: string;
}

/**
 * One row per day, the day's intervals as columns: 24, 48, 96 or 288 value columns headed by
 * times (`00:30`, `0:15`, `1:00 AM`), time ranges (`00:00 - 00:30`) or interval numbers
 * (`HE01`..`HE24`, `1`..`48`), a date column, and optional channel (Consumption/Generation,
 * Delivered/Received, E1/B1: E is energy delivered to the customer, B energy received from
 * them), estimated-flag, meter (or NMI) and unit columns. The header's recognition is in
 * day-rows-header.ts. Times are local, in the zone the header names or the provider state's.
 *
 * The values are placed as if each were one row of the usual CSV kind (local start, length,
 * kWh) going through the same placement as the other CSVs, so daylight saving follows the
 * engine's rules. A file whose days ascend, one row a date, is placed a day at a time without
 * making those rows (day-rows-place.ts, checked against the general path by a property test);
 * any other order goes through the general placement itself:
 * - the spring-forward day keeps a column for the hour that did not exist: empty or zero there
 *   is no interval at all (23 hours of readings). A day whose values were written in elapsed
 *   order (the missing hour's columns filled, the day's last columns empty) is read that way;
 *   any other value in the missing hour is left out and listed as ignored.
 * - the fall-back day has only a normal day's columns, so its 01:xx columns are a fall-back
 *   hour written once. As for any such row the engine reads them as folded: the energy is taken
 *   to cover both 01:00 hours (a longer reading, or halves at both instants; or, when the
 *   neighbouring columns clearly hold the double energy, those columns), never as an hour lost.
 *   A note names each such day.
 */
export function importDayRowsCsv(
  text: string,
  options: ImportOptions,
  /** `general` places every value as a CSV row, as the fast path is checked against in tests. */
  placement: 'fast' | 'general' = 'fast',
  /** The file's bytes when each is one character of `text` (see oneBytePerChar). */
  bytes?: Uint8Array,
): ImportResult {
  const metadata = newMetadata();
  const cur = new CsvCursor(text, delimiterOf(text));
  const layout = findHeader(cur, metadata);
  const zone = chooseZone(DAY_ROWS, zoneInHeader(layout.names), options);
  metadata.timeZone = zone.timeZone;
  metadata.timeZoneSource = zone.source;
  const clock = zoneClock(zone.timeZone);
  const dateName = layout.names[layout.date] || `column ${layout.date + 1}`;
  metadata.notes.push(
    `One row per day: ${layout.values.length} columns of ${layout.minutes}-minute intervals read as ${layout.labels}, dated by the "${dateName}" column.`,
  );

  const sinks = new Map<string, DaySink | null>();
  let onlySink: DaySink | undefined;
  const days = new Map<number, DstDay | undefined>();
  const n = layout.values.length;
  const stepMs = layout.minutes * MINUTE_MS;
  const columns = Int32Array.from(layout.values);
  const values = new Float64Array(n);
  const present = new Uint8Array(n);
  // Lines without a double quote (all of them, in the files seen) are split and their numbers
  // read in one pass by LineRecord; a line with a quote is read by the cursor, which knows quoting.
  const all = cur.text;
  // The usual layout has the day's values side by side in time order: LineRecord then reads them
  // in a loop of their own, from the text's bytes (a file of CR line ends has them as LF in the
  // cursor's text, which reads the same). Text that is not one byte a character is read field by
  // field.
  const side = columns.every((column, k) => column === (columns[0] as number) + k);
  const chars = side ? (bytes ?? asciiBytes(all)) : undefined;
  const record = new LineRecord(
    all,
    cur.delimiter,
    chars && chars.length === all.length ? { first: columns[0] as number, n, chars } : undefined,
  );
  let [pos, nextLine] = cur.bookmark();
  let quote = all.indexOf('"', pos);
  // The first channel's table is made for every line left, the most days it can hold.
  let capacity = 1;
  for (let p = all.indexOf('\n', pos); p >= 0; p = all.indexOf('\n', p + 1)) capacity++;
  let line = cur.line;
  const fail = (detail: string): never => {
    throw new IntervalImportError(DAY_ROWS, `line ${line}`, detail);
  };

  const read = (row: DayRecord): void => {
    if (row.blankRecord()) return;
    if (row.count < layout.width) {
      fail(
        `the row has ${row.count} fields, short of the ${layout.width} the header on line ${layout.headerLine} needs for its ${n} interval columns`,
      );
    }
    const day = readDate(row.text, row.start(layout.date), row.end(layout.date));
    if (Number.isNaN(day)) {
      const raw = row.field(layout.date).trim();
      // Exports of several meters may repeat the header before each one.
      if (raw === layout.names[layout.date] && raw !== '') return;
      fail(`"${raw.slice(0, 40)}" in the "${dateName}" column is not a date`);
    }
    // A file without meter and channel columns has one sink: it is looked up once.
    const sink = onlySink ?? sinkOf(row, layout, sinks, metadata, capacity);
    if (!sink) return;
    if (layout.meter < 0 && layout.channel < 0) onlySink = sink;
    const unit = unitOf(row, layout, metadata);
    if (unit < 0) return;
    const quality = qualityOfRow(row, layout);
    if (quality === 'missing') return;

    const table = sink.days;
    const at = table.add(day, row.line, quality === 'actual' ? ACTUAL : ESTIMATED);
    const into = table.values;
    const bad = readValues(row, columns, into, at);
    if (bad >= 0) {
      const column = columns[bad] as number;
      const cell = row.field(column).trim().slice(0, 40);
      fail(`the "${layout.names[column]}" value is "${cell}", not a number`);
    }
    if (unit !== KWH) {
      for (let k = at; k < at + n; k++) into[k] = toKWh(into[k] as number, unit, layout.minutes);
    }

    let dst: DstDay | undefined;
    if (changesOn(clock, day)) {
      dst = days.get(day);
      if (dst === undefined && !days.has(day)) {
        dst = dstDay(clock, day, layout.minutes, n);
        days.set(day, dst);
      }
    }
    if (dst) {
      for (let k = 0; k < n; k++) {
        values[k] = into[at + k] as number;
        present[k] = Number.isNaN(values[k] as number) ? 0 : 1;
      }
      readDstDay(dst, values, present, row.line, metadata);
      for (let k = 0; k < n; k++) into[at + k] = present[k] ? (values[k] as number) : Number.NaN;
    }
  };

  while (pos < all.length) {
    let lineEnd = all.indexOf('\n', pos);
    if (lineEnd < 0) lineEnd = all.length;
    if (quote >= 0 && quote < pos) quote = all.indexOf('"', pos);
    if (quote >= 0 && quote < lineEnd) {
      cur.rewind([pos, nextLine]);
      cur.next();
      [pos, nextLine] = cur.bookmark();
      line = cur.line;
      read(cur);
    } else {
      record.read(pos, lineEnd, nextLine);
      line = nextLine++;
      pos = lineEnd + 1;
      read(record);
    }
  }

  let channels: Channel[] = [];
  for (const sink of sinks.values()) {
    if (!sink) continue;
    const fast = placement === 'fast' ? placeDays(sink, stepMs, clock, metadata) : undefined;
    for (const channel of fast ? [fast] : placeDayRows(sink, stepMs, metadata)) {
      if (metadata.meters.length > 1) channel.meter = sink.meter;
      channels.push(channel);
    }
  }
  if (metadata.meters.length === 1) metadata.meterNumber ??= metadata.meters[0];
  if (metadata.meters.length < 2) metadata.meters = [];
  if (options.meter !== undefined && metadata.meters.length > 0) {
    if (!metadata.meters.includes(options.meter)) {
      throw new IntervalImportError(
        DAY_ROWS,
        'options',
        `the file has no meter ${options.meter} (it has ${metadata.meters.join(', ')})`,
      );
    }
    channels = channels.filter((c) => c.meter === options.meter);
  }
  if (channels.length === 0) {
    const left = metadata.ignored.length > 0 ? ` (left out: ${metadata.ignored.join('; ')})` : '';
    throw new IntervalImportError(
      DAY_ROWS,
      `line ${line}`,
      `no readings after the header on line ${layout.headerLine}${left}`,
    );
  }
  return { format: 'day-rows-csv', channels, metadata };
}

/** The text as bytes when it is all ASCII, one byte a character; undefined otherwise. */
function asciiBytes(text: string): Uint8Array | undefined {
  const bytes = new TextEncoder().encode(text);
  return bytes.length === text.length ? bytes : undefined;
}

function findHeader(cur: CsvCursor, metadata: ImportMetadata): DayRowsLayout {
  for (let tries = 0; tries < 60 && cur.next(); tries++) {
    const layout = readDayRowsHeader(cur);
    if (layout) return layout;
    if (cur.count === 2) notePreamble(metadata, cur.field(0), cur.field(1));
  }
  throw new IntervalImportError(
    DAY_ROWS,
    'line 1',
    'no header with a date column and 24, 48, 96 or 288 interval columns',
  );
}

/**
 * The sink of the row's meter and channel, made on first sight; null for a channel that is not
 * energy delivered or received (reactive energy, a net column), listed once as ignored.
 */
function sinkOf(
  cur: DayRecord,
  layout: DayRowsLayout,
  sinks: Map<string, DaySink | null>,
  metadata: ImportMetadata,
  capacity: number,
): DaySink | null {
  const meter = layout.meter >= 0 ? cur.field(layout.meter).trim() : '';
  const name = layout.channel >= 0 ? cur.field(layout.channel).trim() : '';
  const key = `${meter}\u0000${name.toUpperCase()}`;
  const known = sinks.get(key);
  if (known !== undefined) return known;
  const direction = directionOf(name);
  if (!direction) {
    sinks.set(key, null);
    metadata.ignored.push(
      `channel "${name}"${meter ? ` of meter ${meter}` : ''} (from line ${cur.line}): not energy delivered or received`,
    );
    return null;
  }
  if (meter !== '' && !metadata.meters.includes(meter)) metadata.meters.push(meter);
  const source = name !== '' ? name : direction === 'delivered' ? 'day rows' : 'day rows received';
  const sink: DaySink = {
    meter,
    direction,
    days: new DayTable(layout.values.length, sinks.size === 0 ? capacity : 64),
    source: meter !== '' ? `${meter} ${source}` : source,
  };
  sinks.set(key, sink);
  return sink;
}

/** E1, Consumption, Delivered, Import: delivered; B1, Generation, Received, Export: received. */
function directionOf(name: string): Direction | undefined {
  const n = name.toLowerCase();
  if (n === '') return 'delivered';
  if (/^b\d*$|receiv|export|generat|feed.?in|\bout\b/.test(n)) return 'received';
  if (/^e\d*$|deliver|import|consum|usage|purchase|\bin\b|^kwh$/.test(n)) return 'delivered';
  return undefined;
}

const KWH = 0;
const WH = 1;
const MWH = 2;
/** Average kW over the interval: the fourth code, converted by the interval's length. */

/** The row's unit as a code; -1 (listed as ignored) for one that is not energy or power. */
function unitOf(cur: DayRecord, layout: DayRowsLayout, metadata: ImportMetadata): number {
  if (layout.unit < 0 || cur.blank(layout.unit)) return KWH;
  const unit = cur.field(layout.unit).trim();
  const code = ['kwh', 'wh', 'mwh', 'kw'].indexOf(unit.toLowerCase());
  if (code >= 0) return code;
  const note = `rows in ${unit} (from line ${cur.line}): not energy in kWh, Wh or MWh, nor kW`;
  if (!metadata.ignored.some((s) => s.startsWith(`rows in ${unit} `))) metadata.ignored.push(note);
  return -1;
}

/** kWh of a value in the row's unit; dividing by the exact 1000 keeps decimal Wh exact. */
function toKWh(value: number, unit: number, minutes: number): number {
  if (unit === KWH) return value;
  if (unit === WH) return value / 1000;
  if (unit === MWH) return value * 1000;
  return (value * minutes) / 60; // kW
}

/**
 * A flag column marks the whole day: "Estimated" holds Y/N, true/false, 1/0; "Quality",
 * "Read Type" or "Status" hold A/E (NEM12's letters: S and F substituted, N null) or words.
 */
function qualityOfRow(cur: DayRecord, layout: DayRowsLayout): ReadingQuality {
  if (layout.flag < 0 || cur.blank(layout.flag)) return 'actual';
  const flag = cur.field(layout.flag).trim().toLowerCase();
  if (layout.flagIsYesNo)
    return /^(y|yes|true|1|e|x|est|estimated?)$/.test(flag) ? 'estimated' : 'actual';
  if (/^(e|est|s|f|sub|substituted?)$/.test(flag)) return 'estimated';
  if (/^(m|n|null)$/.test(flag)) return 'missing';
  return qualityOf(flag);
}

/** A day on which the clocks change, and which of its intervals the change touches. */
interface DstDay {
  date: string;
  /** Spring forward: the intervals' labels do not exist; fall back: they exist twice. */
  forward: boolean;
  first: number;
  count: number;
  minutes: number;
  noted: boolean;
}

/** Whether the zone's offset may change on a local day: false for all but a few days a year. */
function changesOn(clock: ZoneClock, day: number): boolean {
  const midnight = day * DAY_MS;
  // A wide margin: the change falls inside the local day whatever the zone's offset.
  return (
    clock.offsetAt(midnight - 15 * HOUR_MS) !== clock.offsetAt(midnight + DAY_MS + 15 * HOUR_MS)
  );
}

/** The clock change on a day changesOn found, or undefined when none falls within its labels. */
function dstDay(clock: ZoneClock, day: number, minutes: number, n: number): DstDay | undefined {
  const midnight = day * DAY_MS;
  let first = -1;
  let count = 0;
  let forward = false;
  for (let k = 0; k < n; k++) {
    clock.resolve(midnight + k * minutes * MINUTE_MS);
    if (clock.kind === 'exact') continue;
    if (first < 0) first = k;
    forward = clock.kind === 'nonexistent';
    count++;
  }
  if (first < 0) return undefined;
  return { date: isoDate(day), forward, first, count, minutes, noted: false };
}

const clockLabel = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/**
 * Applies a clock change to one row's values: on the spring-forward day the intervals that did
 * not exist are taken out (see importDayRowsCsv), on the fall-back day nothing changes here
 * (placement folds the 01:xx values) but the day is named in the notes.
 */
function readDstDay(
  dst: DstDay,
  values: Float64Array,
  present: Uint8Array,
  line: number,
  metadata: ImportMetadata,
): void {
  const { first, count, minutes } = dst;
  const n = values.length;
  const hours = `${clockLabel(first * minutes)}–${clockLabel((first + count) * minutes)}`;
  let held = 0;
  let written = false;
  for (let k = first; k < first + count; k++) {
    if (!present[k]) continue;
    written = true;
    held += values[k] as number;
  }
  if (!dst.forward) {
    if (written && !dst.noted) {
      dst.noted = true;
      metadata.notes.push(
        `On ${dst.date} the clocks went back, but the row has a normal day's ${n} columns: its ${hours} columns were read as the repeated hour written once, holding the energy of both ${clockLabel(first * minutes)} hours (folded, as in other files).`,
      );
    }
    return;
  }
  let tailEmpty = first + 2 * count <= n;
  for (let k = n - count; k < n && tailEmpty; k++) if (present[k]) tailEmpty = false;
  if (written && tailEmpty) {
    // Written in elapsed time: the day's 23 hours fill the first columns, the last are empty.
    for (let k = n - 1; k >= first + count; k--) {
      values[k] = values[k - count] as number;
      present[k] = present[k - count] as number;
    }
    metadata.notes.push(
      `On ${dst.date} (line ${line}) the clocks went forward and the values run in elapsed time: the ${hours} columns hold the hour after the change and the last columns are empty, so the values from ${clockLabel(first * minutes)} on were read one hour later.`,
    );
  } else if (held !== 0) {
    metadata.ignored.push(
      `line ${line}: ${Math.round(held * 1000) / 1000} kWh in the ${hours} columns of ${dst.date}, a time the clocks skipped`,
    );
  }
  for (let k = first; k < first + count; k++) present[k] = 0;
  if (!dst.noted) {
    dst.noted = true;
    metadata.notes.push(
      `On ${dst.date} the clocks went forward: the ${hours} columns stand for a time that did not exist and were not read as intervals.`,
    );
  }
}
