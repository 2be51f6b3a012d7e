import type { RowSink } from './rows.ts';
import { wallClockLabel } from './time/civil.ts';
import type { DstEvent, DstMark, IntervalReading } from './types.ts';

// Helpers of placeRows: file order, DST events, folded fall-back rows, missing durations.

/** Whether most consecutive rows go back in time (first-to-last would be fooled by a file
 * that lies inside a repeated hour). */
export function isDescending(rows: RowSink): boolean {
  let balance = 0;
  let previous = Number.NaN;
  for (let i = 0; i < rows.length; i++) {
    const key = Number.isNaN(rows.local[i] as number)
      ? (rows.utc[i] as number)
      : (rows.local[i] as number);
    if (key > previous) balance++;
    else if (key < previous) balance--;
    previous = key;
  }
  return balance < 0;
}

export function dstEvent(kind: DstMark, local: number, start: number, line: number): DstEvent {
  return { kind, label: wallClockLabel(local), start, at: `line ${line}` };
}

/** Rows whose fall-back label came once: folded when the later hour is empty but data goes on. */
export function unfold(
  readings: IntervalReading[],
  candidates: number[],
  later: Float64Array,
  rows: RowSink,
  events: DstEvent[],
): void {
  let lastStart = Number.NEGATIVE_INFINITY;
  for (const r of readings) if (r.start > lastStart) lastStart = r.start;
  for (const i of candidates) {
    const reading = readings[i] as IntervalReading;
    const laterStart = later[i] as number;
    const ms = reading.duration * 1000;
    if (laterStart === reading.start || lastStart < laterStart + ms) continue;
    if (readings.some((r) => r.start >= laterStart && r.start < laterStart + ms)) continue;
    reading.dst = 'folded';
    if (laterStart === reading.start + ms) {
      reading.duration += (laterStart - reading.start) / 1000;
    } else {
      reading.kWh /= 2;
      if (reading.cost !== undefined) reading.cost /= 2;
      readings.push({ ...reading, start: laterStart });
    }
    events.push(dstEvent('folded', rows.local[i] as number, reading.start, rows.line[i] as number));
  }
}

/** Layouts without a duration or end column: the usual step between starts is the length. */
export function fillUnknownDurations(readings: IntervalReading[]): void {
  if (!readings.some((r) => Number.isNaN(r.duration))) return;
  const starts = [...new Set(readings.map((r) => r.start))].sort((a, b) => a - b);
  const counts = new Map<number, number>();
  let step = 0;
  let best = 0;
  for (let i = 1; i < starts.length; i++) {
    const d = (starts[i] as number) - (starts[i - 1] as number);
    const c = (counts.get(d) ?? 0) + 1;
    counts.set(d, c);
    if (c > best) {
      best = c;
      step = d;
    }
  }
  if (step === 0) return;
  for (const r of readings) if (Number.isNaN(r.duration)) r.duration = step / 1000;
}
