import { IntervalImportError } from '../errors.ts';
import { newMetadata, notePreamble } from '../metadata.ts';
import { RowSink } from '../rows.ts';
import { CsvCursor } from '../scan/csv-cursor.ts';
import { cursor, readDateTime } from '../scan/dates.ts';
import { snapLabels } from '../snap-labels.ts';
import { chooseZone } from '../time/choose-zone.ts';
import { DAY_MS, isoWallClock, MINUTE_MS, modulo } from '../time/civil.ts';
import { zoneMatchingOffsets } from '../time/zones.ts';
import type { ImportOptions, ImportResult, IntervalReading } from '../types.ts';
import { channelsFromRows, qualityOf, type SinkOf } from './csv-channels.ts';
import { FieldReader } from './csv-fields.ts';
import { type ColumnMap, GENERIC, mapColumns, zoneInHeader } from './generic-columns.ts';

/**
 * Any other interval CSV: a timestamp column (or date + time columns), an energy column in kWh,
 * Wh or kW, and optional end, duration, direction, received, cost and quality columns, found by
 * header name (see generic-columns.ts) unless the caller names them. A preamble before the header
 * is skipped. Timestamps with an offset are instants; without one they are local times.
 */
export function importGenericCsv(
  text: string,
  options: ImportOptions,
  chars?: Uint8Array,
): ImportResult {
  const metadata = newMetadata();
  const cur = new CsvCursor(text, delimiterOf(text));
  const { header, map } = findHeader(cur, options, metadata);
  const fields = new FieldReader(GENERIC, cur, header, chars);
  const delivered: SinkOf = {
    direction: 'delivered',
    rows: new RowSink(),
    source: header[map.energy] ?? '',
  };
  const received: SinkOf = {
    direction: 'received',
    rows: new RowSink(),
    source: header[map.received] ?? 'received',
  };
  const offsets: Array<[number, number]> = [];
  do {
    if (cur.blankRecord()) continue;
    let local = Number.NaN;
    let utc = Number.NaN;
    if (map.timestamp >= 0) {
      const wall = fields.timestamp(map.timestamp);
      if (Number.isNaN(cursor.offset)) local = wall;
      else {
        utc = wall - cursor.offset;
        if (offsets.length === 0 || offsets[offsets.length - 1]?.[1] !== cursor.offset)
          offsets.push([utc, cursor.offset]);
      }
    } else local = fields.dateTime(map.date, map.time);
    const { endLocal, seconds } = span(cur, fields, map, local, utc);
    const quality =
      map.quality >= 0 && !cur.blank(map.quality) ? qualityOf(cur.field(map.quality)) : 'actual';
    const cost = map.cost >= 0 ? fields.number(map.cost, Number.NaN) : Number.NaN;
    // Dividing by the exact 1000 keeps decimal Wh values exact in kWh (× 0.001 does not).
    const divisor = map.unit === 'Wh' ? 1000 : 1;
    if (quality !== 'missing' && !cur.blank(map.energy)) {
      const toGrid =
        map.direction >= 0 && /receiv|export|generat|out/i.test(cur.field(map.direction));
      const sink = toGrid ? received : delivered;
      sink.rows.add(
        local,
        utc,
        endLocal,
        seconds,
        fields.number(map.energy) / divisor,
        cost,
        quality,
        cur.line,
      );
    }
    if (map.received >= 0 && quality !== 'missing' && !cur.blank(map.received)) {
      const kWh = fields.number(map.received) / divisor;
      received.rows.add(local, utc, endLocal, seconds, kWh, Number.NaN, quality, cur.line);
    }
  } while (cur.next());

  // Off-grid seconds first: whether labels mark starts or ends is read from the snapped times.
  snapLabels(delivered.rows, metadata.notes);
  snapLabels(received.rows, metadata.notes);
  map.timestampMarks = labelMeaning(
    map,
    options,
    delivered.rows.length > 0 ? delivered.rows : received.rows,
    offsets,
    header,
    metadata.notes,
  );

  const fromFile =
    zoneInHeader(header) ??
    (offsets.some(([, o]) => o !== 0) ? zoneMatchingOffsets(offsets, options.timeZone) : undefined);
  const zone = chooseZone(GENERIC, fromFile, options);
  metadata.timeZone = zone.timeZone;
  metadata.timeZoneSource = zone.source;
  const channels = channelsFromRows([delivered, received], metadata, (readings) =>
    adjust(readings, map),
  );
  if (channels.length === 0)
    throw new IntervalImportError(GENERIC, `line ${cur.line}`, 'no readings after the header');
  return { format: 'generic-csv', channels, metadata };
}

/**
 * Whether a lone timestamp column marks where intervals start or end. The header says so only
 * sometimes ("Interval End"); otherwise the content does: a file of whole days labelled at their
 * ends runs from 00:15 to 00:00 of the day after its last (15-minute data), one labelled at
 * starts from 00:00 to 23:45. Anything else is read as starts. The choice goes into the notes.
 */
function labelMeaning(
  map: ColumnMap,
  options: ImportOptions,
  rows: RowSink,
  offsets: Array<[number, number]>,
  header: readonly string[],
  notes: string[],
): 'start' | 'end' {
  const column = `"${header[map.timestamp] ?? ''}"`;
  if (options.columns?.timestampMarks) return options.columns.timestampMarks;
  if (map.timestamp < 0 || map.end >= 0) return map.timestampMarks;
  if (map.timestampMarks === 'end') {
    notes.push(`The ${column} column marks the end of each interval, as its name says.`);
    return 'end';
  }
  const span = wallSpan(rows, offsets);
  if (!span) return 'start';
  const step = map.duration >= 0 ? (rows.seconds[0] as number) * 1000 : span.step;
  const timeOfDay = (ms: number) => modulo(ms, DAY_MS);
  const first = timeOfDay(span.first);
  const last = timeOfDay(span.last);
  const clock = (ms: number) => isoWallClock(ms).slice(11, 16);
  if (step > 0 && step < DAY_MS && first === step && last === 0) {
    notes.push(
      `The ${column} times mark the end of each interval: the first is ${clock(span.first)} and the last ${clock(span.last)}, so every reading was placed ${step / MINUTE_MS} minutes before its label.`,
    );
    return 'end';
  }
  notes.push(
    first === 0 && last === DAY_MS - step
      ? `The ${column} times mark the start of each interval: the first is ${clock(span.first)} and the last ${clock(span.last)}.`
      : `The ${column} times were read as interval starts: the first (${clock(span.first)}) and the last (${clock(span.last)}) do not show whole days either way.`,
  );
  return 'start';
}

/** The earliest and latest wall-clock labels as written, and the usual step between rows. */
function wallSpan(rows: RowSink, offsets: Array<[number, number]>) {
  const n = rows.length;
  if (n < 2) return undefined;
  const wallOf = (i: number) => {
    const local = rows.local[i] as number;
    if (!Number.isNaN(local)) return local;
    const utc = rows.utc[i] as number;
    let offset = offsets[0]?.[1] ?? 0;
    for (const [from, o] of offsets) if (from <= utc) offset = o;
    return utc + offset;
  };
  let first = Number.POSITIVE_INFINITY;
  let last = Number.NEGATIVE_INFINITY;
  // Steps counted in runs: a file is almost always one step, so the map is touched rarely.
  const steps = new Map<number, number>();
  let previous = Number.NaN;
  let run = Number.NaN;
  let runLength = 0;
  const endRun = () => {
    if (runLength > 0) steps.set(run, (steps.get(run) ?? 0) + runLength);
  };
  for (let i = 0; i < n; i++) {
    const key = Number.isNaN(rows.local[i] as number)
      ? (rows.utc[i] as number)
      : (rows.local[i] as number);
    if (key < first) first = key;
    if (key > last) last = key;
    const step = Math.abs(key - previous);
    previous = key;
    if (!(step > 0)) continue;
    if (step === run) runLength++;
    else {
      endRun();
      run = step;
      runLength = 1;
    }
  }
  endRun();
  let step = 0;
  let count = 0;
  for (const [s, c] of steps) {
    if (c > count) {
      step = s;
      count = c;
    }
  }
  // The extremes were found on the instant where the file gave one; their labels are wall time.
  const at = (value: number) => {
    for (let i = 0; i < n; i++) {
      const key = Number.isNaN(rows.local[i] as number) ? rows.utc[i] : rows.local[i];
      if (key === value) return wallOf(i);
    }
    return value;
  };
  return { first: at(first), last: at(last), step };
}

/** kW becomes kWh over each interval; end-of-interval labels move back to the start. */
function adjust(readings: IntervalReading[], map: ColumnMap): void {
  for (const r of readings) {
    if (map.unit === 'kW') r.kWh *= r.duration / 3600;
    if (map.timestampMarks === 'end') r.start -= r.duration * 1000;
  }
}

function span(cur: CsvCursor, fields: FieldReader, map: ColumnMap, local: number, utc: number) {
  let endLocal = Number.NaN;
  let seconds = Number.NaN;
  if (map.duration >= 0) seconds = fields.number(map.duration) * 60;
  else if (map.end >= 0 && !cur.blank(map.end)) {
    const s = cur.start(map.end);
    const e = cur.end(map.end);
    let wall = map.timestamp >= 0 ? readDateTime(cur.text, s, e) : Number.NaN;
    if (Number.isNaN(wall)) {
      const base = Number.isNaN(local) ? utc : local;
      wall = Math.floor(base / DAY_MS) * DAY_MS + fields.time(map.end);
      cursor.offset = Number.NaN;
      // Inclusive end labels (00:59) stop a minute before the next interval.
      if (modulo(wall - base + MINUTE_MS, 15 * MINUTE_MS) === 0) wall += MINUTE_MS;
      if (wall <= base) wall += DAY_MS;
    }
    if (!Number.isNaN(utc))
      seconds = (wall - (Number.isNaN(cursor.offset) ? 0 : cursor.offset) - utc) / 1000;
    else endLocal = wall;
  }
  return { endLocal, seconds };
}

function findHeader(
  cur: CsvCursor,
  options: ImportOptions,
  metadata: ReturnType<typeof newMetadata>,
) {
  // The error shown is the most header-like candidate's: one with a time column but no energy
  // column beats one with neither, then the widest. A preamble's `Key,Value` lines are tried
  // first, but the header the admin must fix is usually further down.
  let bestError: unknown;
  let bestRank = -1;
  for (let tries = 0; tries < 60 && cur.next(); tries++) {
    if (cur.count < 2 || cur.blankRecord()) continue;
    const header: string[] = [];
    for (let i = 0; i < cur.count; i++) header.push(cur.field(i).trim());
    const headerLine = cur.line;
    const mark = cur.bookmark();
    let more = cur.next();
    while (more && cur.blankRecord()) more = cur.next();
    if (more) {
      try {
        return { header, map: mapColumns(header, headerLine, cur, options.columns) };
      } catch (error) {
        const timed = error instanceof IntervalImportError && /no kWh/.test(error.message);
        const rank = (timed ? 1000 : 0) + header.length;
        if (rank > bestRank) {
          bestError = error;
          bestRank = rank;
        }
      }
    }
    cur.rewind(mark);
    if (header.length === 2) notePreamble(metadata, header[0] ?? '', header[1] ?? '');
  }
  if (bestError instanceof IntervalImportError) throw bestError;
  throw new IntervalImportError(
    GENERIC,
    'line 1',
    'not a supported interval file: no header with time and energy columns',
  );
}

function delimiterOf(text: string): number {
  const head = text.slice(0, 4000);
  const count = (c: string) => head.split(c).length;
  const semicolons = count(';');
  const tabs = count('\t');
  const commas = count(',');
  if (tabs > commas && tabs > semicolons) return 9;
  if (semicolons > commas) return 59;
  return 44;
}
