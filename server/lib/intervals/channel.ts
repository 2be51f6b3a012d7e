import type { Channel, Direction, Gap, ImportMetadata, IntervalReading } from './types.ts';

/**
 * Puts a channel's readings in ascending order, merges readings that share a start (the first
 * one read is kept, since a later copy in an export is a repeat, not a correction), and records
 * gaps. Files arrive ascending, descending (UtilityAPI) or in blocks, so the cheap cases are
 * checked before sorting.
 */
export function finishChannel(
  direction: Direction,
  readings: IntervalReading[],
  source: string,
  metadata: Pick<ImportMetadata, 'duplicatesRemoved' | 'conflictingDuplicates'>,
): Channel {
  const ordered = inOrder(readings);
  if (!hasRepeatedStart(ordered)) {
    return {
      direction,
      intervalSeconds: commonDuration(ordered),
      readings: ordered,
      gaps: findGaps(ordered),
      source,
    };
  }
  const kept: IntervalReading[] = [];
  let previous: IntervalReading | undefined;
  for (const reading of ordered) {
    if (previous && reading.start === previous.start) {
      metadata.duplicatesRemoved++;
      if (reading.kWh !== previous.kWh || reading.duration !== previous.duration) {
        metadata.conflictingDuplicates++;
      }
      continue;
    }
    kept.push(reading);
    previous = reading;
  }
  return {
    direction,
    intervalSeconds: commonDuration(kept),
    readings: kept,
    gaps: findGaps(kept),
    source,
  };
}

function hasRepeatedStart(readings: readonly IntervalReading[]): boolean {
  for (let i = 1; i < readings.length; i++) {
    if ((readings[i] as IntervalReading).start === (readings[i - 1] as IntervalReading).start)
      return true;
  }
  return false;
}

function inOrder(readings: IntervalReading[]): IntervalReading[] {
  let ascending = true;
  let descending = true;
  for (let i = 1; i < readings.length; i++) {
    const a = (readings[i - 1] as IntervalReading).start;
    const b = (readings[i] as IntervalReading).start;
    if (b < a) ascending = false;
    if (b > a) descending = false;
    if (!ascending && !descending) break;
  }
  if (ascending) return readings;
  if (descending) return readings.slice().reverse();
  // Array.prototype.sort is stable, so equal starts keep file order for the merge above.
  return readings.slice().sort((a, b) => a.start - b.start);
}

/** The most frequent duration, in seconds (0 for an empty channel). */
function commonDuration(readings: readonly IntervalReading[]): number {
  // Counted in runs: a channel is almost always one duration, so the map is touched rarely.
  const counts = new Map<number, number>();
  let best = 0;
  let bestCount = 0;
  let i = 0;
  while (i < readings.length) {
    const duration = (readings[i] as IntervalReading).duration;
    let j = i + 1;
    while (j < readings.length && (readings[j] as IntervalReading).duration === duration) j++;
    const n = (counts.get(duration) ?? 0) + j - i;
    counts.set(duration, n);
    if (n > bestCount) {
      best = duration;
      bestCount = n;
    }
    i = j;
  }
  return best;
}

function findGaps(readings: readonly IntervalReading[]): Gap[] {
  const gaps: Gap[] = [];
  for (let i = 1; i < readings.length; i++) {
    const previous = readings[i - 1] as IntervalReading;
    const end = previous.start + previous.duration * 1000;
    const next = (readings[i] as IntervalReading).start;
    if (next > end) gaps.push({ start: end, end: next });
  }
  return gaps;
}
