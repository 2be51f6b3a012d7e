import { finishChannel } from '../../channel.ts';
import { IntervalImportError, lineOf } from '../../errors.ts';
import { newMetadata } from '../../metadata.ts';
import { chooseZone } from '../../time/chooseZone.ts';
import type {
  BillSummary,
  Channel,
  ImportOptions,
  ImportResult,
  IntervalReading,
} from '../../types.ts';
import type { EspiEntry, SummaryFields } from './entries.ts';
import { feedZone } from './feedZone.ts';
import { linkKey } from './links.ts';
import { ESPI, readFeed } from './readFeed.ts';
import { groupReadings, type ReadingGroup } from './resolveLinks.ts';

/** ESPI cost and bill amounts are in hundred-thousandths of the currency. */
const COST_UNIT = 100_000;
/** ReadingQuality codes that mean the utility did not measure the value. */
const ESTIMATED = new Set([7, 8, 9, 12]);
const CURRENCIES: Record<number, string> = { 840: 'USD', 124: 'CAD', 978: 'EUR', 826: 'GBP' };

export function importEspi(text: string, options: ImportOptions): ImportResult {
  const metadata = newMetadata();
  const entries = withoutDuplicates(readFeed(text), metadata.ignored);
  const channels: Channel[] = [];
  for (const group of groupReadings(entries, metadata.ignored)) {
    const delivered: IntervalReading[] = [];
    const received: IntervalReading[] = [];
    collectReadings(text, group, delivered, received);
    metadata.sourceRecords += delivered.length + received.length;
    const source = group.meterReading?.self ?? group.meterReading?.title ?? 'IntervalBlocks';
    if (delivered.length > 0)
      channels.push(finishChannel('delivered', delivered, source, metadata));
    if (received.length > 0) channels.push(finishChannel('received', received, source, metadata));
  }
  if (channels.length === 0) {
    throw new IntervalImportError(
      ESPI,
      '<feed>',
      'no IntervalReading of electric energy in the file',
    );
  }
  const zone = chooseZone(ESPI, feedZone(entries), options);
  metadata.timeZone = zone.timeZone;
  metadata.timeZoneSource = zone.source;
  for (const entry of entries) {
    if (entry.summary) metadata.bills.push(bill(entry.summary));
  }
  return { format: 'espi-xml', channels, metadata };
}

/** Entries repeated under the same self link (seen in real exports) are read once. */
function withoutDuplicates(entries: EspiEntry[], ignored: string[]): EspiEntry[] {
  const seen = new Set<string>();
  const kept: EspiEntry[] = [];
  for (const entry of entries) {
    if (entry.self !== undefined) {
      const key = linkKey(entry.self);
      if (seen.has(key)) {
        ignored.push(`duplicate entry ${entry.self}`);
        continue;
      }
      seen.add(key);
    }
    kept.push(entry);
  }
  return kept;
}

function collectReadings(
  text: string,
  group: ReadingGroup,
  delivered: IntervalReading[],
  received: IntervalReading[],
): void {
  const rt = group.readingType;
  // Value × 10^multiplier is Wh; dividing by an exact power of ten keeps decimal values exact.
  const scale = rt.powerOfTenMultiplier - 3;
  const factor = 10 ** Math.abs(scale);
  const net = rt.flowDirection === 4;
  const direction = rt.flowDirection === 19 ? 'received' : 'delivered';
  for (const block of group.blocks) {
    const b = block.block;
    if (!b) continue;
    for (let i = 0; i < b.start.length; i++) {
      const start = b.start[i] as number;
      const value = b.value[i] as number;
      if (Number.isNaN(start))
        throw new IntervalImportError(ESPI, readingAt(text, b.at[i]), 'has no timePeriod start');
      if (Number.isNaN(value))
        throw new IntervalImportError(ESPI, readingAt(text, b.at[i]), 'has no value');
      const duration = Number.isNaN(b.duration[i] as number)
        ? rt.intervalLength
        : (b.duration[i] as number);
      if (duration === undefined || duration <= 0) {
        throw new IntervalImportError(
          ESPI,
          readingAt(text, b.at[i]),
          'has no duration and its ReadingType no intervalLength',
        );
      }
      let kWh = scale < 0 ? value / factor : value * factor;
      const cost = b.cost[i] as number;
      let target = direction === 'received' ? received : delivered;
      if (net && kWh < 0) {
        kWh = -kWh;
        target = received;
      }
      target.push({
        start: start * 1000,
        duration,
        kWh,
        direction: target === received ? 'received' : 'delivered',
        quality: ESTIMATED.has(b.quality[i] as number) ? 'estimated' : 'actual',
        cost: Number.isNaN(cost) ? undefined : cost / COST_UNIT,
        dst: undefined,
      });
    }
  }
}

function readingAt(text: string, offset: number | undefined): string {
  return `<IntervalReading> at line ${lineOf(text, offset ?? 0)}`;
}

function bill(s: SummaryFields): BillSummary {
  const scale = s.consumptionMultiplier - 3;
  const consumption =
    s.consumptionValue === undefined || (s.consumptionUom !== undefined && s.consumptionUom !== 72)
      ? undefined
      : scale < 0
        ? s.consumptionValue / 10 ** -scale
        : s.consumptionValue * 10 ** scale;
  return {
    periodStart: (s.periodStart ?? 0) * 1000,
    periodSeconds: s.periodDuration ?? 0,
    billAmount: s.billLastPeriod === undefined ? undefined : s.billLastPeriod / COST_UNIT,
    consumptionKWh: consumption,
    currency: s.currency === undefined ? undefined : (CURRENCIES[s.currency] ?? String(s.currency)),
  };
}
