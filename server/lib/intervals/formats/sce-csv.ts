import { IntervalImportError } from '../errors.ts';
import { newMetadata } from '../metadata.ts';
import { RowSink } from '../rows.ts';
import { CsvCursor } from '../scan/csv-cursor.ts';
import { cursor, readDateTime, readWord } from '../scan/dates.ts';
import { chooseZone } from '../time/choose-zone.ts';
import type { ImportOptions, ImportResult } from '../types.ts';
import { channelsFromRows, qualityOf, type SinkOf } from './csv-channels.ts';
import { FieldReader } from './csv-fields.ts';

const FORMAT = 'SCE CSV';
/** SCE serves southern California: Pacific time, never stated in the file. */
const SCE_ZONE = 'America/Los_Angeles';

/**
 * SCE's Green Button CSV: free-text preamble, then one section per day and direction, each
 * headed `Energy Delivered time period,...` / `Energy Received time period,...` (or `Energy
 * consumption time period`), with rows `"2022-08-01 00:00:00 to 2022-08-01 00:15:00","0.380",""`.
 * The separators inside the period may be non-breaking spaces; values may be quoted or not.
 */
export function importSceCsv(
  text: string,
  options: ImportOptions,
  chars?: Uint8Array,
): ImportResult {
  const metadata = newMetadata();
  const zone = chooseZone(FORMAT, SCE_ZONE, options);
  metadata.timeZone = zone.timeZone;
  metadata.timeZoneSource = zone.source;
  const cur = new CsvCursor(text);
  const delivered: SinkOf = {
    direction: 'delivered',
    rows: new RowSink(),
    source: 'Energy Delivered',
  };
  const received: SinkOf = {
    direction: 'received',
    rows: new RowSink(),
    source: 'Energy Received',
  };
  let section: SinkOf | undefined;
  let divisor = 1;
  const fields = new FieldReader(FORMAT, cur, ['time period', 'usage', 'reading quality'], chars);
  while (cur.next()) {
    if (cur.blankRecord()) continue;
    const first = cur
      .field(0)
      .replace(/[\s\u00a0]+/g, ' ')
      .trim();
    if (/time period$/i.test(first)) {
      section = /received/i.test(first) ? received : delivered;
      divisor =
        /watt-hours/i.test(cur.field(1)) && !/kilowatt-hours/i.test(cur.field(1)) ? 1000 : 1;
      continue;
    }
    const location = /^For location:\s*(.*)$/i.exec(first);
    if (location?.[1]) metadata.address ??= location[1].trim();
    if (!/^\d/.test(first)) continue;
    if (!section)
      throw new IntervalImportError(
        FORMAT,
        `line ${cur.line}`,
        'a reading comes before any "time period" section header',
      );
    const start = cur.start(0);
    const end = cur.end(0);
    const local = readDateTime(cur.text, start, end);
    const endLocal =
      !Number.isNaN(local) && readWord(cur.text, cursor.pos, end, 'to')
        ? readDateTime(cur.text, cursor.pos, end)
        : Number.NaN;
    if (Number.isNaN(endLocal)) {
      throw new IntervalImportError(
        FORMAT,
        `line ${cur.line}`,
        `"${first.slice(0, 60)}" is not a "start to end" time period`,
      );
    }
    const quality = qualityOf(cur.field(2));
    if (quality === 'missing' || cur.blank(1)) continue;
    const kWh = fields.number(1) / divisor;
    section.rows.add(local, Number.NaN, endLocal, Number.NaN, kWh, Number.NaN, quality, cur.line);
  }
  const channels = channelsFromRows([delivered, received], metadata);
  if (channels.length === 0)
    throw new IntervalImportError(FORMAT, `line ${cur.line}`, 'no readings found in any section');
  return { format: 'sce-csv', channels, metadata };
}
