import { IntervalImportError } from '../errors.ts';
import { newMetadata, notePreamble } from '../metadata.ts';
import { RowSink } from '../rows.ts';
import { CsvCursor } from '../scan/csv-cursor.ts';
import { chooseZone } from '../time/choose-zone.ts';
import { DAY_MS, MINUTE_MS, modulo } from '../time/civil.ts';
import type { ImportOptions, ImportResult } from '../types.ts';
import { channelsFromRows, qualityOf } from './csv-channels.ts';
import { FieldReader, headerNames } from './csv-fields.ts';

const FORMAT = 'PG&E CSV';
/** PG&E serves California: its exports are in Pacific time and never say so. */
const PGE_ZONE = 'America/Los_Angeles';

/**
 * PG&E "Green Button / Download My Data" CSV: a Name/Address/Account/Service preamble, then
 * `TYPE,DATE,START TIME,END TIME,USAGE (kWh),COST,NOTES` (or IMPORT/EXPORT (kWh) for solar).
 * END TIME is inclusive (00:59 ends at 01:00), COST carries a `$`, NOTES marks estimates, and
 * rows often have fewer fields than the header.
 */
export function importPgeCsv(
  text: string,
  options: ImportOptions,
  chars?: Uint8Array,
): ImportResult {
  const metadata = newMetadata();
  const cur = new CsvCursor(text);
  let names: string[] | undefined;
  while (cur.next()) {
    if (cur.count < 2) continue;
    const first = cur.field(0).trim().toUpperCase();
    if (first === 'TYPE' && cur.field(1).trim().toUpperCase() === 'DATE') {
      names = headerNames(cur);
      break;
    }
    notePreamble(metadata, cur.field(0), cur.field(1));
  }
  if (!names)
    throw new IntervalImportError(FORMAT, 'header', 'no TYPE,DATE,START TIME,END TIME header line');
  const column = (pattern: RegExp) => names.findIndex((n) => pattern.test(n));
  const date = column(/^DATE$/);
  const start = column(/^START TIME$/);
  const end = column(/^END TIME$/);
  const delivered = column(/^(USAGE|IMPORT)\b/);
  const received = column(/^EXPORT\b/);
  const cost = column(/^COST$/);
  const notes = column(/^NOTES$/);
  const usageName = names[delivered] ?? '';
  if (date < 0 || start < 0 || delivered < 0) {
    throw new IntervalImportError(
      FORMAT,
      `line ${cur.line}`,
      'the header lacks DATE, START TIME or USAGE',
    );
  }
  if (!/KWH/.test(usageName)) {
    throw new IntervalImportError(
      FORMAT,
      `line ${cur.line}`,
      `${usageName} is not electricity in kWh`,
    );
  }
  const zone = chooseZone(FORMAT, PGE_ZONE, options);
  metadata.timeZone = zone.timeZone;
  metadata.timeZoneSource = zone.source;

  const fields = new FieldReader(FORMAT, cur, names, chars);
  const capacity = Math.max(1024, text.length >> 5);
  const sinks = [
    { direction: 'delivered' as const, rows: new RowSink(capacity), source: usageName },
    { direction: 'received' as const, rows: new RowSink(), source: names[received] ?? 'EXPORT' },
  ];
  while (cur.next()) {
    if (cur.blankRecord()) continue;
    const day = fields.date(date) * DAY_MS;
    const local = day + fields.time(start);
    let endLocal = Number.NaN;
    if (end >= 0 && !cur.blank(end)) {
      endLocal = day + fields.time(end);
      // Inclusive end labels (00:59, 00:14) stop a minute before the next interval starts.
      if (modulo(endLocal - local + MINUTE_MS, 15 * MINUTE_MS) === 0) endLocal += MINUTE_MS;
      if (endLocal <= local) endLocal += DAY_MS;
    }
    const quality = notes >= 0 && !cur.blank(notes) ? qualityOf(cur.field(notes)) : 'actual';
    const rowCost = cost >= 0 ? fields.number(cost, Number.NaN) : Number.NaN;
    const kWh = fields.number(delivered);
    sinks[0]?.rows.add(local, Number.NaN, endLocal, Number.NaN, kWh, rowCost, quality, cur.line);
    if (received >= 0 && !cur.blank(received)) {
      const exported = fields.number(received);
      sinks[1]?.rows.add(
        local,
        Number.NaN,
        endLocal,
        Number.NaN,
        exported,
        Number.NaN,
        quality,
        cur.line,
      );
    }
  }
  const channels = channelsFromRows(sinks, metadata);
  if (channels.length === 0)
    throw new IntervalImportError(FORMAT, `line ${cur.line}`, 'no usage rows after the header');
  return { format: 'pge-csv', channels, metadata };
}
