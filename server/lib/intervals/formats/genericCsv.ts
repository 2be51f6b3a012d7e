import { IntervalImportError } from '../errors.ts';
import { newMetadata, notePreamble } from '../metadata.ts';
import { RowSink } from '../rows.ts';
import { CsvCursor } from '../scan/csvCursor.ts';
import { cursor, readDateTime } from '../scan/dates.ts';
import { chooseZone } from '../time/chooseZone.ts';
import { DAY_MS, MINUTE_MS } from '../time/civil.ts';
import { zoneMatchingOffsets } from '../time/zones.ts';
import type { ImportOptions, ImportResult, IntervalReading } from '../types.ts';
import { channelsFromRows, qualityOf, type SinkOf } from './csvChannels.ts';
import { FieldReader } from './csvFields.ts';
import { type ColumnMap, GENERIC, mapColumns, zoneInHeader } from './genericColumns.ts';

/**
 * Any other interval CSV: a timestamp column (or date + time columns), an energy column in kWh,
 * Wh or kW, and optional end, duration, direction, received, cost and quality columns, found by
 * header name (see genericColumns.ts) unless the caller names them. A preamble before the header
 * is skipped. Timestamps with an offset are instants; without one they are local times.
 */
export function importGenericCsv(text: string, options: ImportOptions): ImportResult {
  const metadata = newMetadata();
  const cur = new CsvCursor(text, delimiterOf(text));
  const { header, map } = findHeader(cur, options, metadata);
  const fields = new FieldReader(GENERIC, cur, header);
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

  const fromFile =
    zoneInHeader(header) ??
    (offsets.some(([, o]) => o !== 0) ? zoneMatchingOffsets(offsets) : undefined);
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
      if ((wall - base + MINUTE_MS) % (15 * MINUTE_MS) === 0) wall += MINUTE_MS;
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
  let firstError: unknown;
  for (let tries = 0; tries < 60 && cur.next(); tries++) {
    if (cur.count < 2 || cur.blankRecord()) continue;
    const header: string[] = [];
    for (let i = 0; i < cur.count; i++) header.push(cur.field(i).trim());
    const mark = cur.bookmark();
    let more = cur.next();
    while (more && cur.blankRecord()) more = cur.next();
    if (more) {
      try {
        return { header, map: mapColumns(header, cur, options.columns) };
      } catch (error) {
        firstError ??= error;
      }
    }
    cur.rewind(mark);
    if (header.length === 2) notePreamble(metadata, header[0] ?? '', header[1] ?? '');
  }
  if (firstError instanceof IntervalImportError) throw firstError;
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
