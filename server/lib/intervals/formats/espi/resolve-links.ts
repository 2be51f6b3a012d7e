import { IntervalImportError } from '../../errors.ts';
import type { EspiEntry, ReadingTypeFields } from './entries.ts';
import { linkKey, sameLink } from './links.ts';
import { ESPI } from './read-feed.ts';

export interface ReadingGroup {
  meterReading: EspiEntry | undefined;
  readingType: ReadingTypeFields;
  blocks: EspiEntry[];
}

/** ESPI unit of measure for watt-hours; other units (therms 169, W 38 ...) are not imported. */
const WATT_HOURS = 72;

/**
 * Pairs each MeterReading with the ReadingType it links to and the IntervalBlocks under it.
 * Blocks belong to a MeterReading when their `up` link is its IntervalBlock collection (or their
 * self link lies under it); with a single MeterReading, unclaimed blocks are its own. Reading
 * types nobody references and non-energy units are left out and listed in `ignored`.
 */
export function groupReadings(entries: readonly EspiEntry[], ignored: string[]): ReadingGroup[] {
  const readingTypes = entries.filter((e) => e.kind === 'ReadingType');
  const meterReadings = entries.filter((e) => e.kind === 'MeterReading');
  const blocks = entries.filter(
    (e) => e.kind === 'IntervalBlock' && (e.block?.start.length ?? 0) > 0,
  );
  const used = new Set<EspiEntry>();
  const claimed = new Set<EspiEntry>();
  const groups: ReadingGroup[] = [];

  const candidates: Array<EspiEntry | undefined> =
    meterReadings.length > 0 ? meterReadings : [undefined];
  for (const meterReading of candidates) {
    const own = blocks.filter((b) => meterReading === undefined || belongsTo(b, meterReading));
    for (const b of own) claimed.add(b);
    if (meterReading && candidates.length === 1) {
      for (const b of blocks) if (!claimed.has(b)) own.push(b);
    }
    const rt = readingTypeOf(meterReading, readingTypes);
    const name = meterReading?.self ?? 'the IntervalBlocks';
    if (!rt?.readingType) {
      if (own.length > 0) {
        throw new IntervalImportError(
          ESPI,
          `MeterReading ${name}`,
          'links to no ReadingType in the file, so its units are unknown',
        );
      }
      continue;
    }
    used.add(rt);
    const fields = rt.readingType;
    if (fields.uom !== WATT_HOURS) {
      ignored.push(`${name}: ReadingType ${rt.self ?? ''} has uom ${fields.uom} (not Wh)`);
      continue;
    }
    if (fields.flowDirection !== undefined && ![1, 4, 19].includes(fields.flowDirection)) {
      ignored.push(
        `${name}: flowDirection ${fields.flowDirection} is neither delivered nor received`,
      );
      continue;
    }
    if (own.length > 0) groups.push({ meterReading, readingType: fields, blocks: own });
  }
  for (const rt of readingTypes) {
    if (!used.has(rt))
      ignored.push(
        `ReadingType ${rt.self ?? ''} (uom ${rt.readingType?.uom}) is not referenced by any MeterReading`,
      );
  }
  return groups;
}

function belongsTo(block: EspiEntry, meterReading: EspiEntry): boolean {
  if (meterReading.self === undefined) return false;
  const collection = `${linkKey(meterReading.self)}/IntervalBlock`;
  if (block.up !== undefined && sameLink(block.up, collection)) return true;
  if (block.self !== undefined && linkKey(block.self).startsWith(`${collection}/`)) return true;
  return block.up !== undefined && meterReading.related.some((href) => sameLink(href, block.up));
}

function readingTypeOf(
  meterReading: EspiEntry | undefined,
  readingTypes: EspiEntry[],
): EspiEntry | undefined {
  if (meterReading) {
    for (const href of meterReading.related) {
      const match = readingTypes.find((rt) => sameLink(rt.self, href));
      if (match) return match;
    }
  }
  return readingTypes.length === 1 ? readingTypes[0] : undefined;
}
