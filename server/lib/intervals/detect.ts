import { looksLikeDayRows } from './formats/day-rows-header.ts';
import type { IntervalFormat } from './types.ts';

const ESPI_MARKERS =
  /<(\w+:)?(feed|entry|IntervalBlock|UsagePoint|MeterReading)[\s>]|naesb\.org\/espi/;
const PGE_HEADER = /^[ \t"]*TYPE"?,"?DATE"?,"?START TIME"?,"?END TIME"?,/im;
const SCE_MARKERS = /time period"?,"?Usage|Data for period starting|^"?Energy Usage Information/im;
/** AEMO NEM12: the first record is `100,NEM12,...` (after a byte-order mark or blank lines). */
const NEM12_HEADER = /^\uFEFF?\s*"?100"?,"?NEM12"?,/i;
const SDGE_HEADER = /^[ \t"]*Meter Number"?,"?Date"?,"?Start Time"?,"?Duration"?,/im;

/**
 * Which layout a file is in, from its content alone (names of downloaded files are unreliable).
 * Utility layouts are recognised by their header or preamble wording; any other CSV is tried as
 * generic unless its header has a date column and a whole day of interval columns (one row per
 * day). Undefined for XML that is not Green Button.
 */
export function detectFormat(text: string): IntervalFormat | undefined {
  const head = text.slice(0, 20_000);
  if (NEM12_HEADER.test(head)) return 'nem12';
  if (head.trimStart().startsWith('<')) return ESPI_MARKERS.test(head) ? 'espi-xml' : undefined;
  if (PGE_HEADER.test(head)) return 'pge-csv';
  if (SDGE_HEADER.test(head)) return 'sdge-csv';
  if (SCE_MARKERS.test(head)) return 'sce-csv';
  if (looksLikeDayRows(head)) return 'day-rows-csv';
  return 'generic-csv';
}
