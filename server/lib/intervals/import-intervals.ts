import { decodeText, oneBytePerChar } from './decode.ts';
import { detectFormat } from './detect.ts';
import { IntervalImportError } from './errors.ts';
import { importDayRowsCsv } from './formats/day-rows-csv.ts';
import { importEspi } from './formats/espi/import-espi.ts';
import { importGenericCsv } from './formats/generic-csv.ts';
import { importNem12 } from './formats/nem12-import.ts';
import { importPgeCsv } from './formats/pge-csv.ts';
import { importSceCsv } from './formats/sce-csv.ts';
import { importSdgeCsv } from './formats/sdge-csv.ts';
import type { ImportOptions, ImportResult, IntervalFormat } from './types.ts';

type Importer = (
  text: string,
  options: ImportOptions,
  bytes: Uint8Array | undefined,
) => ImportResult;

const IMPORTERS: Record<IntervalFormat, Importer> = {
  'espi-xml': importEspi,
  'pge-csv': importPgeCsv,
  'sce-csv': importSceCsv,
  'sdge-csv': importSdgeCsv,
  'generic-csv': importGenericCsv,
  'day-rows-csv': (text, options, bytes) => importDayRowsCsv(text, options, 'fast', bytes),
  nem12: importNem12,
};

/**
 * Reads a utility interval file (Green Button XML, PG&E / SCE / SDG&E CSV, AEMO NEM12, a CSV of
 * one row per day or a generic CSV),
 * recognised from its content, into channels of UTC readings in kWh with the file's metadata.
 * Throws IntervalImportError naming the format tried and the line or element at fault.
 */
export function importIntervals(
  input: Uint8Array | string,
  options: ImportOptions = {},
): ImportResult {
  const text = decodeText(input);
  if (text.trim() === '')
    throw new IntervalImportError('interval file', 'line 1', 'the file is empty');
  const format = options.format ?? detectFormat(text);
  if (!format) {
    const root =
      /<([A-Za-z][\w:.-]*)/.exec(text.replace(/<\?[\s\S]*?\?>|<!--[\s\S]*?-->/g, ''))?.[1] ?? '?';
    throw new IntervalImportError('XML', `<${root}>`, 'is not a Green Button (ESPI) feed');
  }
  return IMPORTERS[format](text, options, oneBytePerChar(input, text));
}
