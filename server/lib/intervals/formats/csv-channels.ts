import { finishChannel } from '../channel.ts';
import { placeRows } from '../place-rows.ts';
import { columnarChannel, ReadingColumns } from '../reading-columns.ts';
import type { RowSink } from '../rows.ts';
import { snapLabels } from '../snap-labels.ts';
import { zoneClock } from '../time/zone-clock.ts';
import type { Channel, Direction, ImportMetadata, IntervalReading } from '../types.ts';

export interface SinkOf {
  direction: Direction;
  rows: RowSink;
  source: string;
}

/** Places each CSV channel's rows in time and finishes it; empty channels are dropped. */
export function channelsFromRows(
  sinks: readonly SinkOf[],
  metadata: ImportMetadata,
  adjust?: (readings: IntervalReading[]) => void,
): Channel[] {
  const clock = zoneClock(metadata.timeZone);
  const channels: Channel[] = [];
  for (const { direction, rows, source } of sinks) {
    if (rows.length === 0) continue;
    metadata.sourceRecords += rows.length;
    snapLabels(rows, metadata.notes);
    const placed = placeRows(rows, direction, clock, metadata.dstEvents, metadata.notes);
    // Kept as columns when nothing needs to adjust the readings and they ascend.
    const kept =
      placed instanceof ReadingColumns && !adjust
        ? columnarChannel(direction, placed, source, metadata)
        : undefined;
    if (kept) {
      channels.push(kept);
      continue;
    }
    const readings = placed instanceof ReadingColumns ? placed.readings(direction) : placed;
    adjust?.(readings);
    channels.push(finishChannel(direction, readings, source, metadata));
  }
  return channels;
}

/** Quality from a notes/quality text: PG&E writes "* This data was estimated". */
export function qualityOf(note: string): 'actual' | 'estimated' | 'missing' {
  const n = note.toLowerCase();
  if (n.includes('estimat')) return 'estimated';
  if (n.includes('missing')) return 'missing';
  return 'actual';
}
