import { IntervalImportError } from '../../errors.ts';
import { type GasUnit, gasUnitOf } from '../../gas.ts';
import type { EspiEntry, ReadingTypeFields } from './entries.ts';
import { linkKey, sameLink } from './links.ts';
import { ESPI } from './read-feed.ts';

export interface ReadingGroup {
  meterReading: EspiEntry | undefined;
  readingType: ReadingTypeFields;
  blocks: EspiEntry[];
  /** For gas: the unit its values are kept in and the power of ten that gets them there. */
  gas?: { unit: GasUnit; scale: number };
}

/** ESPI ServiceCategory kind of a gas UsagePoint; CommodityKind natural gas and propane. */
const GAS_SERVICE = 1;
const GAS_COMMODITIES = new Set([7, 8]);

/** ESPI unit of measure for watt-hours; gas units are read apart, other units (W 38 ...) not. */
const WATT_HOURS = 72;

/**
 * Pairs each MeterReading with the ReadingType it links to and the IntervalBlocks under it.
 * Blocks belong to a MeterReading when their `up` link is its IntervalBlock collection (or their
 * self link lies under it); with a single MeterReading, unclaimed blocks are its own. Reading
 * types nobody references and units neither electric energy nor gas are left out and listed in
 * `ignored`. A gas reading (its UsagePoint's service or its commodity says so) whose ReadingType
 * gives no unit stops the import: its values could be therms or cubic feet.
 */
export function groupReadings(entries: readonly EspiEntry[], ignored: string[]): ReadingGroup[] {
  const readingTypes = entries.filter((e) => e.kind === 'ReadingType');
  const meterReadings = entries.filter((e) => e.kind === 'MeterReading');
  const usagePoints = entries.filter((e) => e.kind === 'UsagePoint');
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
    if (fields.uom === undefined && own.length > 0 && isGas(fields, meterReading, usagePoints)) {
      throw new IntervalImportError(
        ESPI,
        `ReadingType ${rt.self ?? ''}`.trim(),
        `gives no uom for the gas readings of MeterReading ${name}, so it cannot be told whether they are therms, cubic feet or cubic metres; nothing was imported`,
      );
    }
    const gas = gasUnitOf(fields.uom, fields.powerOfTenMultiplier);
    if (gas) {
      if (fields.flowDirection !== undefined && fields.flowDirection !== 1) {
        ignored.push(`${name}: gas with flowDirection ${fields.flowDirection} (not delivered)`);
        continue;
      }
      if (own.length > 0) groups.push({ meterReading, readingType: fields, blocks: own, gas });
      continue;
    }
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

/** Whether a reading is gas by its commodity or by the service of the UsagePoint above it. */
function isGas(
  fields: ReadingTypeFields,
  meterReading: EspiEntry | undefined,
  usagePoints: EspiEntry[],
): boolean {
  if (fields.commodity !== undefined) return GAS_COMMODITIES.has(fields.commodity);
  const where = meterReading?.self ?? meterReading?.up;
  const point =
    usagePoints.length === 1
      ? usagePoints[0]
      : usagePoints.find(
          (up) =>
            up.self !== undefined &&
            where !== undefined &&
            linkKey(where).startsWith(`${linkKey(up.self)}/`),
        );
  return point?.serviceKind === GAS_SERVICE;
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
