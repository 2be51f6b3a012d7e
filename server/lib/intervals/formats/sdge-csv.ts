import { IntervalImportError } from '../errors.ts';
import { newMetadata, notePreamble } from '../metadata.ts';
import { RowSink } from '../rows.ts';
import { CsvCursor } from '../scan/csv-cursor.ts';
import { parseNumber } from '../scan/numbers.ts';
import { chooseZone } from '../time/choose-zone.ts';
import type { ImportOptions, ImportResult } from '../types.ts';
import { channelsFromRows, type SinkOf } from './csv-channels.ts';
import { FieldReader, headerNames } from './csv-fields.ts';

const FORMAT = 'SDG&E CSV';
/** SDG&E serves San Diego: Pacific time, never stated in the file. */
const SDGE_ZONE = 'America/Los_Angeles';

/**
 * SDG&E's CSV export: `Key,Value` preamble (Name, Address, Account Number, Meter Number, Reading
 * Start, Total Usage, UOM ...), then `Meter Number,Date,Start Time,Duration,Consumption,
 * Generation,Net` with M/D/YYYY dates, a 12-hour clock and Duration in minutes. At fall-back the
 * 1:00 AM hour is written twice with nothing to tell them apart but their order.
 */
export function importSdgeCsv(
  text: string,
  options: ImportOptions,
  chars?: Uint8Array,
): ImportResult {
  const metadata = newMetadata();
  const cur = new CsvCursor(text);
  let names: string[] | undefined;
  let unit = 'KWH';
  while (cur.next()) {
    if (cur.count < 2) continue;
    const key = cur.field(0).trim();
    if (/^meter number$/i.test(key) && /^date$/i.test(cur.field(1).trim())) {
      names = headerNames(cur);
      break;
    }
    const value = cur.field(1).trim();
    if (/^total usage$/i.test(key)) metadata.statedTotals.kWh = parseNumber(value, 0, value.length);
    else if (/^uom$/i.test(key)) unit = value.toUpperCase();
    else notePreamble(metadata, key, value);
  }
  if (!names)
    throw new IntervalImportError(
      FORMAT,
      'header',
      'no Meter Number,Date,Start Time,Duration header line',
    );
  const divisor = unit === 'KWH' ? 1 : unit === 'WH' ? 1000 : Number.NaN;
  if (Number.isNaN(divisor))
    throw new IntervalImportError(FORMAT, 'UOM', `"${unit}" is not electric energy`);
  if (metadata.statedTotals.kWh !== undefined) metadata.statedTotals.kWh /= divisor;
  const column = (pattern: RegExp) => (names as string[]).findIndex((n) => pattern.test(n));
  const meter = column(/^METER NUMBER$/);
  const date = column(/^DATE$/);
  const start = column(/^START TIME$/);
  const duration = column(/^DURATION$/);
  const consumption = column(/^(CONSUMPTION|USAGE)$/);
  const generation = column(/^GENERATION$/);
  if (start < 0 || duration < 0 || consumption < 0) {
    throw new IntervalImportError(
      FORMAT,
      `line ${cur.line}`,
      'the header lacks Start Time, Duration or Consumption',
    );
  }
  const zone = chooseZone(FORMAT, SDGE_ZONE, options);
  metadata.timeZone = zone.timeZone;
  metadata.timeZoneSource = zone.source;

  const fields = new FieldReader(FORMAT, cur, names, chars);
  const delivered: SinkOf = {
    direction: 'delivered',
    rows: new RowSink(Math.max(1024, text.length >> 6)),
    source: 'Consumption',
  };
  const received: SinkOf = { direction: 'received', rows: new RowSink(), source: 'Generation' };
  while (cur.next()) {
    if (cur.blankRecord()) continue;
    if (metadata.meterNumber === undefined && meter >= 0)
      metadata.meterNumber = cur.field(meter).trim();
    const local = fields.dateTime(date, start);
    const seconds = fields.number(duration) * 60;
    if (!cur.blank(consumption)) {
      const kWh = fields.number(consumption) / divisor;
      delivered.rows.add(
        local,
        Number.NaN,
        Number.NaN,
        seconds,
        kWh,
        Number.NaN,
        'actual',
        cur.line,
      );
    }
    if (generation >= 0 && !cur.blank(generation)) {
      const kWh = fields.number(generation) / divisor;
      received.rows.add(
        local,
        Number.NaN,
        Number.NaN,
        seconds,
        kWh,
        Number.NaN,
        'actual',
        cur.line,
      );
    }
  }
  const channels = channelsFromRows([delivered, received], metadata);
  if (channels.length === 0)
    throw new IntervalImportError(FORMAT, `line ${cur.line}`, 'no usage rows after the header');
  return { format: 'sdge-csv', channels, metadata };
}
