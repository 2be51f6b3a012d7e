import { finishChannel } from '../../channel.ts';
import { IntervalImportError, lineOf } from '../../errors.ts';
import { type GasPeriod, type GasSeries, scaled } from '../../gas.ts';
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
  const gasGroups: ReadingGroup[] = [];
  for (const group of groupReadings(entries, metadata.ignored)) {
    if (group.gas) {
      gasGroups.push(group);
      continue;
    }
    const { delivered, received } = collectReadings(text, group);
    metadata.sourceRecords += delivered.length + received.length;
    const source = group.meterReading?.self ?? group.meterReading?.title ?? 'IntervalBlocks';
    if (delivered.length > 0)
      channels.push(finishChannel('delivered', delivered, source, metadata));
    if (received.length > 0) channels.push(finishChannel('received', received, source, metadata));
  }
  const gas = gasSeriesOf(text, gasGroups, metadata);
  if (channels.length === 0 && !gas) {
    throw new IntervalImportError(
      ESPI,
      '<feed>',
      'no IntervalReading of electric energy or gas in the file',
    );
  }
  const zone = chooseZone(ESPI, feedZone(entries, options.timeZone), options);
  metadata.timeZone = zone.timeZone;
  metadata.timeZoneSource = zone.source;
  if (gas) gas.timeZone = zone.timeZone;
  const summaries: SummaryFields[] = [];
  for (const entry of entries) if (entry.summary) summaries.push(entry.summary);
  metadata.bills.push(...billsOf(summaries));
  return gas
    ? { format: 'espi-xml', channels, metadata, gas }
    : { format: 'espi-xml', channels, metadata };
}

/**
 * The gas of a feed: the first gas MeterReading with readings, as the periods it gives (a day or
 * a billing period each), in its own unit. A second gas MeterReading is left out and listed: it
 * is most often the same meter read another way, and adding the two would count it twice.
 */
function gasSeriesOf(
  text: string,
  groups: ReadingGroup[],
  metadata: ImportResult['metadata'],
): GasSeries | undefined {
  let series: GasSeries | undefined;
  for (const group of groups) {
    const source = group.meterReading?.self ?? group.meterReading?.title ?? 'IntervalBlocks';
    const unit = group.gas?.unit ?? 'therm';
    if (series) {
      metadata.ignored.push(
        `${source}: a second gas MeterReading (${unit}); only ${series.source} is read`,
      );
      continue;
    }
    const periods = gasPeriods(text, group);
    if (periods.length === 0) continue;
    metadata.sourceRecords += periods.length;
    const notes: string[] = [];
    const kept = withoutRepeats(periods, notes);
    series = { unit, periods: kept, timeZone: 'UTC', source, notes };
  }
  return series;
}

function gasPeriods(text: string, group: ReadingGroup): GasPeriod[] {
  const rt = group.readingType;
  const scale = group.gas?.scale ?? 0;
  const periods: GasPeriod[] = [];
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
          'is a gas reading with no duration, and its ReadingType gives no intervalLength, so the period it covers is unknown; nothing was imported',
        );
      }
      const cost = b.cost[i] as number;
      const period: GasPeriod = {
        start: start * 1000,
        end: (start + duration) * 1000,
        quantity: scaled(value, scale),
      };
      if (!Number.isNaN(cost)) period.cost = cost / COST_UNIT;
      if (ESTIMATED.has(b.quality[i] as number)) period.estimated = true;
      periods.push(period);
    }
  }
  return periods;
}

/** Ascending, one period per start (the first read kept), overlaps named in the notes. */
function withoutRepeats(periods: GasPeriod[], notes: string[]): GasPeriod[] {
  const sorted = [...periods].sort((a, b) => a.start - b.start);
  const kept: GasPeriod[] = [];
  let repeats = 0;
  let overlaps = 0;
  for (const p of sorted) {
    const previous = kept[kept.length - 1];
    if (previous && p.start === previous.start) {
      repeats++;
      continue;
    }
    if (previous && p.start < previous.end) overlaps++;
    kept.push(p);
  }
  if (repeats > 0)
    notes.push(
      `${repeats} gas ${repeats === 1 ? 'reading repeats' : 'readings repeat'} the start of another; the first one read is kept`,
    );
  if (overlaps > 0)
    notes.push(
      `${overlaps} gas ${overlaps === 1 ? 'reading overlaps' : 'readings overlap'} the one before; both are counted as the file gives them`,
    );
  return kept;
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
): { delivered: IntervalReading[]; received: IntervalReading[] } {
  const rt = group.readingType;
  // Value × 10^multiplier is Wh; dividing by an exact power of ten keeps decimal values exact.
  const scale = rt.powerOfTenMultiplier - 3;
  const factor = 10 ** Math.abs(scale);
  const net = rt.flowDirection === 4;
  const direction = rt.flowDirection === 19 ? 'received' : 'delivered';
  // The group's own direction gets an array sized for every reading and filled by index: pushing
  // a year of new objects onto a growing array cost more than reading them. Only a net meter's
  // negative values go the other way, pushed.
  let total = 0;
  for (const block of group.blocks) total += block.block?.start.length ?? 0;
  const own = new Array<IntervalReading>(total);
  let owned = 0;
  const other: IntervalReading[] = [];
  const delivered = direction === 'received' ? other : own;
  const received = direction === 'received' ? own : other;
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
      const reading: IntervalReading = {
        start: start * 1000,
        duration,
        kWh,
        direction: target === received ? 'received' : 'delivered',
        quality: ESTIMATED.has(b.quality[i] as number) ? 'estimated' : 'actual',
        cost: Number.isNaN(cost) ? undefined : cost / COST_UNIT,
        dst: undefined,
      };
      if (target === own) own[owned++] = reading;
      else other.push(reading);
    }
  }
  own.length = owned;
  return { delivered, received };
}

function readingAt(text: string, offset: number | undefined): string {
  return `<IntervalReading> at line ${lineOf(text, offset ?? 0)}`;
}
