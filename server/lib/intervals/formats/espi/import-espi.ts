import { finishChannel } from '../../channel.ts';
import { IntervalImportError, lineOf } from '../../errors.ts';
import { newMetadata } from '../../metadata.ts';
import { chooseZone } from '../../time/choose-zone.ts';
import type { Channel, ImportOptions, ImportResult, IntervalReading } from '../../types.ts';
import { billsOf, COST_UNIT } from './bills.ts';
import type { EspiEntry, SummaryFields } from './entries.ts';
import { feedZone } from './feed-zone.ts';
import { linkKey } from './links.ts';
import { ESPI, readFeed } from './read-feed.ts';
import { groupReadings, type ReadingGroup } from './resolve-links.ts';

/** ReadingQuality codes that mean the utility did not measure the value. */
const ESTIMATED = new Set([7, 8, 9, 12]);

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
  const zone = chooseZone(ESPI, feedZone(entries, options.timeZone), options);
  metadata.timeZone = zone.timeZone;
  metadata.timeZoneSource = zone.source;
  const summaries: SummaryFields[] = [];
  for (const entry of entries) if (entry.summary) summaries.push(entry.summary);
  metadata.bills.push(...billsOf(summaries));
  return { format: 'espi-xml', channels, metadata };
}

/**
 * Entries repeated under the same self link (seen in real exports) are read once, but only when
 * their content is the same too: some bulk exports give every monthly UsageSummary one self link.
 */
function withoutDuplicates(entries: EspiEntry[], ignored: string[]): EspiEntry[] {
  const firstUnder = new Map<string, EspiEntry>();
  const contents = new Map<string, string[]>();
  const kept: EspiEntry[] = [];
  for (const entry of entries) {
    if (entry.self !== undefined) {
      const key = linkKey(entry.self);
      const first = firstUnder.get(key);
      if (!first) {
        firstUnder.set(key, entry);
        kept.push(entry);
        continue;
      }
      // Contents are compared only on a repeat, so a feed without repeats pays nothing.
      let known = contents.get(key);
      if (!known) {
        known = [contentOf(first)];
        contents.set(key, known);
      }
      const content = contentOf(entry);
      if (known.includes(content)) {
        ignored.push(`duplicate entry ${entry.self}`);
        continue;
      }
      known.push(content);
    }
    kept.push(entry);
  }
  return kept;
}

/** What an entry says, without where it was found in the text. */
function contentOf(entry: EspiEntry): string {
  const { at: _at, block, ...rest } = entry;
  return JSON.stringify({ ...rest, readings: block && { ...block, at: undefined } });
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
