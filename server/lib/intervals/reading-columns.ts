import { qualityCode, qualityName } from './series.ts';
import type { Channel, Direction, DstMark, Gap, ImportMetadata, IntervalReading } from './types.ts';

const DST_MARKS: readonly (DstMark | undefined)[] = [
  undefined,
  'repeated',
  'folded',
  'nonexistent',
];

export function dstCode(mark: DstMark | undefined): number {
  return mark === undefined ? 0 : DST_MARKS.indexOf(mark);
}

/**
 * A channel's readings as parallel typed arrays, for importers that place many readings (a year
 * of 15-minute rows, or of one row per day): a year of reading objects costs more to make and
 * collect than the import's parsing, while the canonical series and the quality checks only need
 * these numbers. Reading i is start[i], duration[i] (seconds), kWh[i], cost[i] (NaN for none;
 * no column at all unless made `withCosts`), quality[i] (series.ts codes) and dst[i] (0 for none,
 * else dstCode).
 */
export class ReadingColumns {
  length = 0;
  start: Float64Array;
  duration: Float64Array;
  kWh: Float64Array;
  cost: Float64Array;
  quality: Uint8Array;
  dst: Uint8Array;

  /**
   * `capacity`: the readings expected; the columns share one buffer, allocated once. The cost
   * column is made only `withCosts` (a file of one row per day has none, and its import is short
   * enough for the column's filling to show).
   */
  constructor(
    capacity: number,
    readonly withCosts = false,
  ) {
    const size = Math.max(1, capacity);
    const costBytes = withCosts ? 8 : 0;
    const buffer = new ArrayBuffer(size * (26 + costBytes));
    this.start = new Float64Array(buffer, 0, size);
    this.duration = new Float64Array(buffer, size * 8, size);
    this.kWh = new Float64Array(buffer, size * 16, size);
    this.cost = new Float64Array(buffer, size * 24, withCosts ? size : 0).fill(Number.NaN);
    this.quality = new Uint8Array(buffer, size * (24 + costBytes), size);
    this.dst = new Uint8Array(buffer, size * (25 + costBytes), size);
  }

  add(
    start: number,
    duration: number,
    kWh: number,
    quality: number,
    dst: number,
    cost = Number.NaN,
  ): void {
    if (this.length === this.start.length) this.grow();
    const i = this.length++;
    this.start[i] = start;
    this.duration[i] = duration;
    this.kWh[i] = kWh;
    if (this.withCosts) this.cost[i] = cost;
    this.quality[i] = quality;
    this.dst[i] = dst;
  }

  /** Reading i as the object the rest of the engine uses. */
  reading(i: number, direction: Direction): IntervalReading {
    const cost = this.withCosts ? (this.cost[i] as number) : Number.NaN;
    return {
      start: this.start[i] as number,
      duration: this.duration[i] as number,
      kWh: this.kWh[i] as number,
      direction,
      quality: qualityName(this.quality[i] as number),
      cost: Number.isNaN(cost) ? undefined : cost,
      dst: DST_MARKS[this.dst[i] as number],
    };
  }

  /** Every reading as the objects the rest of the engine uses. */
  readings(direction: Direction): IntervalReading[] {
    const made: IntervalReading[] = [];
    for (let i = 0; i < this.length; i++) made.push(this.reading(i, direction));
    return made;
  }

  /**
   * Puts `readings` in place of readings from..to, moving the ones after them (unfold's halves
   * make a fall-back hour's readings more than it had).
   */
  replace(from: number, to: number, readings: readonly IntervalReading[]): void {
    const shift = readings.length - (to - from);
    while (this.length + shift > this.start.length) this.grow();
    if (shift !== 0) {
      const end = this.length;
      this.start.copyWithin(to + shift, to, end);
      this.duration.copyWithin(to + shift, to, end);
      this.kWh.copyWithin(to + shift, to, end);
      this.cost.copyWithin(to + shift, to, end);
      this.quality.copyWithin(to + shift, to, end);
      this.dst.copyWithin(to + shift, to, end);
      this.length += shift;
    }
    readings.forEach((r, j) => {
      const i = from + j;
      this.start[i] = r.start;
      this.duration[i] = r.duration;
      this.kWh[i] = r.kWh;
      if (this.withCosts) this.cost[i] = r.cost ?? Number.NaN;
      this.quality[i] = qualityCode(r.quality);
      this.dst[i] = dstCode(r.dst);
    });
  }

  private grow(): void {
    const larger = new ReadingColumns(this.start.length * 2, this.withCosts);
    larger.start.set(this.start);
    larger.duration.set(this.duration);
    larger.kWh.set(this.kWh);
    larger.cost.set(this.cost);
    larger.quality.set(this.quality);
    larger.dst.set(this.dst);
    this.start = larger.start;
    this.duration = larger.duration;
    this.kWh = larger.kWh;
    this.cost = larger.cost;
    this.quality = larger.quality;
    this.dst = larger.dst;
  }
}

const columnsOfChannel = new WeakMap<Channel, ReadingColumns>();

/**
 * The columns a channel was made from, while its readings have not been read: once they have
 * been, a caller may have changed them, so they are what counts from then on.
 */
export function columnsOf(channel: Channel): ReadingColumns | undefined {
  return columnsOfChannel.get(channel);
}

export function readingCount(channel: Channel): number {
  return columnsOfChannel.get(channel)?.length ?? channel.readings.length;
}

/**
 * A channel of the columns, as finishChannel would make it from their readings: repeated starts
 * merged (the first kept), the most common duration, the gaps. Its `readings` are made from the
 * columns the first time they are read. Undefined when the starts do not ascend (the caller sorts
 * them as readings then). Order, repeats, gaps and durations are found in one walk.
 */
export function columnarChannel(
  direction: Direction,
  columns: ReadingColumns,
  source: string,
  metadata: Pick<ImportMetadata, 'duplicatesRemoved' | 'conflictingDuplicates'>,
): Channel | undefined {
  const { start, duration, length } = columns;
  let gaps: Gap[] = [];
  const counts = new Map<number, number>();
  let best = 0;
  let bestCount = 0;
  let repeated = false;
  // A channel is almost always one duration: then one walk over the starts is enough.
  const seconds = length > 0 ? (duration[0] as number) : 0;
  let uniform = seconds > 0;
  for (let i = 1; i < length && uniform; i++) uniform = duration[i] === seconds;
  if (uniform && length > 0) {
    best = seconds;
    const step = seconds * 1000;
    let previous = start[0] as number;
    for (let i = 1; i < length; i++) {
      const next = start[i] as number;
      if (next !== previous + step) {
        if (next <= previous) {
          if (next < previous) return undefined;
          repeated = true;
        } else if (next > previous + step) gaps.push({ start: previous + step, end: next });
      }
      previous = next;
    }
  } else if (length > 0) {
    let previous = start[0] as number;
    let seconds = duration[0] as number;
    let end = previous + seconds * 1000;
    // The durations are counted in runs: a channel is almost always one duration.
    let runFrom = 0;
    for (let i = 1; i <= length; i++) {
      const d = i < length ? (duration[i] as number) : Number.NaN;
      if (d !== seconds) {
        const n = (counts.get(seconds) ?? 0) + i - runFrom;
        counts.set(seconds, n);
        if (n > bestCount) {
          best = seconds;
          bestCount = n;
        }
        seconds = d;
        runFrom = i;
      }
      if (i === length) break;
      const next = start[i] as number;
      if (next <= previous) {
        if (next < previous) return undefined;
        repeated = true;
      }
      if (next > end) gaps.push({ start: end, end: next });
      previous = next;
      end = next + d * 1000;
    }
  }
  const kept = repeated ? mergeRepeatedStarts(columns, metadata) : columns;
  let intervalSeconds = best;
  if (repeated) {
    intervalSeconds = commonDuration(kept);
    gaps = findGaps(kept);
  }
  let readings: IntervalReading[] | undefined;
  const channel: Channel = {
    direction,
    intervalSeconds,
    get readings(): IntervalReading[] {
      if (!readings) {
        readings = kept.readings(direction);
        columnsOfChannel.delete(channel);
      }
      return readings;
    },
    set readings(value: IntervalReading[]) {
      readings = value;
      columnsOfChannel.delete(channel);
    },
    gaps,
    source,
  };
  columnsOfChannel.set(channel, kept);
  return channel;
}

function mergeRepeatedStarts(
  columns: ReadingColumns,
  metadata: Pick<ImportMetadata, 'duplicatesRemoved' | 'conflictingDuplicates'>,
): ReadingColumns {
  const { start, duration, kWh, cost, quality, dst } = columns;
  let at = 1;
  while (at < columns.length && start[at] !== start[at - 1]) at++;
  if (at >= columns.length) return columns;
  let kept = at;
  for (let i = at; i < columns.length; i++) {
    if (start[i] === start[kept - 1]) {
      metadata.duplicatesRemoved++;
      if (kWh[i] !== kWh[kept - 1] || duration[i] !== duration[kept - 1]) {
        metadata.conflictingDuplicates++;
      }
      continue;
    }
    start[kept] = start[i] as number;
    duration[kept] = duration[i] as number;
    kWh[kept] = kWh[i] as number;
    if (columns.withCosts) cost[kept] = cost[i] as number;
    quality[kept] = quality[i] as number;
    dst[kept] = dst[i] as number;
    kept++;
  }
  columns.length = kept;
  return columns;
}

function commonDuration(columns: ReadingColumns): number {
  const counts = new Map<number, number>();
  let best = 0;
  let bestCount = 0;
  let i = 0;
  const { duration, length } = columns;
  while (i < length) {
    const seconds = duration[i] as number;
    let j = i + 1;
    while (j < length && duration[j] === seconds) j++;
    const n = (counts.get(seconds) ?? 0) + j - i;
    counts.set(seconds, n);
    if (n > bestCount) {
      best = seconds;
      bestCount = n;
    }
    i = j;
  }
  return best;
}

function findGaps(columns: ReadingColumns): Gap[] {
  const gaps: Gap[] = [];
  const { start, duration, length } = columns;
  for (let i = 1; i < length; i++) {
    const end = (start[i - 1] as number) + (duration[i - 1] as number) * 1000;
    const next = start[i] as number;
    if (next > end) gaps.push({ start: end, end: next });
  }
  return gaps;
}
