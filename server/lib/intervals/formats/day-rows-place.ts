import { finishChannel } from '../channel.ts';
import { columnarChannel, ReadingColumns } from '../reading-columns.ts';
import { unfold } from '../row-order.ts';
import { RowSink } from '../rows.ts';
import { qualityName } from '../series.ts';
import { DAY_MS } from '../time/civil.ts';
import type { ZoneClock } from '../time/zone-clock.ts';
import type { Channel, Direction, ImportMetadata, IntervalReading } from '../types.ts';
import { channelsFromRows } from './csv-channels.ts';

/**
 * The days one channel of a day-per-row file holds, as read: a date, a line, a quality and the
 * day's values in column order, NaN where a column is empty (or left out for a clock change).
 */
export class DayTable {
  count = 0;
  day: Float64Array;
  line: Int32Array;
  /** ACTUAL or ESTIMATED (series.ts codes). */
  quality: Uint8Array;
  values: Float64Array;

  /** `capacity`: the days expected, so that a year is not copied as the table grows. */
  constructor(
    readonly n: number,
    capacity = 64,
  ) {
    const size = Math.max(1, capacity);
    this.day = new Float64Array(size);
    this.line = new Int32Array(size);
    this.quality = new Uint8Array(size);
    this.values = new Float64Array(size * n);
  }

  /** Adds a day; its values go to `values[at, at + n)` for the returned `at`. */
  add(day: number, line: number, quality: number): number {
    if (this.count === this.day.length) this.grow();
    const r = this.count++;
    this.day[r] = day;
    this.line[r] = line;
    this.quality[r] = quality;
    return r * this.n;
  }

  private grow(): void {
    const size = this.day.length * 2;
    const day = new Float64Array(size);
    day.set(this.day);
    this.day = day;
    const line = new Int32Array(size);
    line.set(this.line);
    this.line = line;
    const quality = new Uint8Array(size);
    quality.set(this.quality);
    this.quality = quality;
    const values = new Float64Array(size * this.n);
    values.set(this.values);
    this.values = values;
  }
}

export interface DayChannel {
  direction: Direction;
  days: DayTable;
  source: string;
}

/**
 * The channel of a day-per-row table, with the readings the general CSV placement
 * (channelsFromRows: snapLabels, placeRows, finishChannel) gives for the same rows, without
 * making a row per value first. It applies when the days ascend, one row per date, which is how
 * these files are written: each local day is then placed with one zone lookup, its intervals by
 * arithmetic from its first instant, and only a day whose offset changes (two a year) label by
 * label. Such a day's repeated labels are the fall-back hour written once, handed to the same
 * unfold as placeRows uses with the same candidates. Undefined when the days do not ascend, or
 * a label lands in a spring-forward gap (the import has already left those out): the caller
 * takes the general path then.
 *
 * The readings are written as columns (reading-columns.ts): the canonical series and the quality
 * checks read those, and the reading objects are only made if something asks for them.
 *
 * Labels of one row per day are whole minutes without offsets or end labels, which snapLabels
 * leaves as they are and placeRows reads as `local - offset` with the row's stated length.
 */
export function placeDays(
  { days: table, direction, source }: DayChannel,
  stepMs: number,
  clock: ZoneClock,
  metadata: ImportMetadata,
): Channel | undefined {
  const { n, count, values } = table;
  const seconds = stepMs / 1000;
  const lastSlot = (n - 1) * stepMs;
  // Room for every value (the columns' steady loop writes without checking) and for the halves
  // unfold may add (one per reading of a fall-back hour: a day's columns are more than a year of
  // fall-back days holds), so that the year is not copied for them.
  const columns = new ReadingColumns(count * n + n);
  let candidates: number[] | undefined;
  let later: number[] | undefined;
  let previousDay = Number.NEGATIVE_INFINITY;
  /** The index of each day's first reading, for unfoldNear to find its labels' days. */
  const firstOfDay = new Int32Array(count);
  for (let r = 0; r < count; r++) {
    const day = table.day[r] as number;
    if (day <= previousDay) return undefined;
    previousDay = day;
    firstOfDay[r] = columns.length;
    const quality = table.quality[r] as number;
    const midnight = day * DAY_MS;
    const base = r * n;
    const first = clock.resolve(midnight);
    let steady = clock.kind === 'exact';
    const last = clock.resolve(midnight + lastSlot);
    steady = steady && clock.kind === 'exact' && last - first === lastSlot;
    if (steady) {
      // Written straight into the columns: they have room for every value, and their
      // dst marks are already 0.
      const { start, kWh: energy } = columns;
      const from = columns.length;
      let i = from;
      for (let k = 0; k < n; k++) {
        const kWh = values[base + k] as number;
        if (Number.isNaN(kWh)) continue; // no value in this column
        start[i] = first + k * stepMs;
        energy[i] = kWh;
        i++;
      }
      // The day's duration and quality are one value each: filled, not stored one by one.
      columns.duration.fill(seconds, from, i);
      columns.quality.fill(quality, from, i);
      columns.length = i;
      continue;
    }
    for (let k = 0; k < n; k++) {
      const kWh = values[base + k] as number;
      if (Number.isNaN(kWh)) continue;
      const start = clock.resolve(midnight + k * stepMs);
      if (clock.kind === 'nonexistent') return undefined;
      if (clock.kind === 'ambiguous') {
        candidates ??= [];
        later ??= [];
        candidates.push(columns.length);
        later[columns.length] = clock.later;
      }
      columns.add(start, seconds, kWh, quality, 0);
    }
  }
  metadata.sourceRecords += columns.length;
  if (candidates && later) {
    unfoldNear(columns, direction, candidates, later, { table, firstOfDay, stepMs }, metadata);
  }
  const channel = columnarChannel(direction, columns, source, metadata);
  if (channel) return channel;
  // Out of order after the fold: the general finish sorts them.
  const readings: IntervalReading[] = [];
  for (let j = 0; j < columns.length; j++) readings.push(columns.reading(j, direction));
  return finishChannel(direction, readings, source, metadata);
}

/**
 * Runs unfold, as placeRows does, on the readings around the fall-back days' candidates: two
 * days' worth of intervals either side, far more than the rows a fold is looked for in (the
 * repeated hour's and their neighbours'), and enough that a reading after the repeated hour is
 * seen when the file has one. Only those readings are made as objects. The halves unfold adds
 * are put in start order, after any reading of the same start: what the stable sort in
 * finishChannel would do, without sorting a year of readings for the two or four that are out
 * of place.
 */
function unfoldNear(
  columns: ReadingColumns,
  direction: Direction,
  candidates: number[],
  later: number[],
  days: DayLabels,
  metadata: ImportMetadata,
): void {
  const margin = 2 * days.table.n;
  const from = Math.max(0, (candidates[0] as number) - margin);
  const to = Math.min(columns.length, (candidates[candidates.length - 1] as number) + 1 + margin);
  const window: IntervalReading[] = [];
  for (let i = from; i < to; i++) window.push(columns.reading(i, direction));
  const laterStarts = new Float64Array(window.length);
  const near = candidates.map((i) => {
    laterStarts[i - from] = later[i] as number;
    return i - from;
  });
  const rows = labelsOf(days, from, window.length);
  unfold(window, near, laterStarts, rows, metadata.dstEvents, metadata.notes);
  const placed = to - from;
  const tail = window.slice(placed).sort((a, b) => a.start - b.start);
  const merged: IntervalReading[] = [];
  let j = 0;
  for (let i = 0; i < placed; i++) {
    const reading = window[i] as IntervalReading;
    while (j < tail.length && (tail[j] as IntervalReading).start < reading.start)
      merged.push(tail[j++] as IntervalReading);
    merged.push(reading);
  }
  while (j < tail.length) merged.push(tail[j++] as IntervalReading);
  columns.replace(from, to, merged);
}

/** What the local labels of placed readings are computed from. */
interface DayLabels {
  table: DayTable;
  /** The index of each day's first reading as placed (before unfold). */
  firstOfDay: Int32Array;
  stepMs: number;
}

/** The local label and line of readings from..from+length, as unfold reads them. */
function labelsOf({ table, firstOfDay, stepMs }: DayLabels, from: number, length: number): RowSink {
  const rows = new RowSink(Math.max(1, length));
  const { n, count, values } = table;
  let first = 0;
  while (first + 1 < count && (firstOfDay[first + 1] as number) <= from) first++;
  let i = firstOfDay[first] as number;
  for (let r = first; r < count && i < from + length; r++) {
    const midnight = (table.day[r] as number) * DAY_MS;
    const line = table.line[r] as number;
    for (let k = 0; k < n; k++) {
      if (Number.isNaN(values[r * n + k] as number)) continue;
      if (i >= from && i < from + length) {
        rows.local[i - from] = midnight + k * stepMs;
        rows.line[i - from] = line;
      }
      i++;
    }
  }
  rows.length = length;
  return rows;
}

/** The general path: every value a CSV row, placed by channelsFromRows like any other CSV. */
export function placeDayRows(
  { days: table, direction, source }: DayChannel,
  stepMs: number,
  metadata: ImportMetadata,
): Channel[] {
  const { n, count, values } = table;
  const rows = new RowSink(Math.max(1024, count * n));
  const seconds = stepMs / 1000;
  for (let r = 0; r < count; r++) {
    const midnight = (table.day[r] as number) * DAY_MS;
    const line = table.line[r] as number;
    const quality = qualityName(table.quality[r] as number);
    for (let k = 0; k < n; k++) {
      const kWh = values[r * n + k] as number;
      if (Number.isNaN(kWh)) continue;
      rows.add(
        midnight + k * stepMs,
        Number.NaN,
        Number.NaN,
        seconds,
        kWh,
        Number.NaN,
        quality,
        line,
      );
    }
  }
  return channelsFromRows([{ direction, rows, source }], metadata);
}
