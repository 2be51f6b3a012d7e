import type { RowSink } from './rows.ts';
import { wallClockLabel } from './time/civil.ts';
import type { ZoneClock } from './time/zone-clock.ts';
import type { DstEvent, DstMark, IntervalReading } from './types.ts';

// Helpers of placeRows: file order, DST events, folded fall-back rows, missing durations.

/** Whether most consecutive rows go back in time (first-to-last would be fooled by a file
 * that lies inside a repeated hour). */
export function isDescending(rows: RowSink, clock?: ZoneClock): boolean {
  let balance = 0;
  let previous = Number.NaN;
  let previousRepeated = false;
  for (let i = 0; i < rows.length; i++) {
    const local = rows.local[i] as number;
    const key = Number.isNaN(local) ? (rows.utc[i] as number) : local;
    // Inside a fall-back's repeated hour the labels go back once whichever way the file runs
    // (01:45 then 01:00): steps between two of its labels say nothing of the order.
    let repeated = false;
    if (clock && !Number.isNaN(local)) {
      clock.resolve(local);
      repeated = clock.kind === 'ambiguous';
    }
    if (!(repeated && previousRepeated)) {
      if (key > previous) balance++;
      else if (key < previous) balance--;
    }
    previous = key;
    previousRepeated = repeated;
  }
  return balance < 0;
}

export function dstEvent(kind: DstMark, local: number, start: number, line: number): DstEvent {
  return { kind, label: wallClockLabel(local), start, at: `line ${line}` };
}

/** A window of rows must hold this many times its neighbours' energy to be taken as the fold. */
const FOLD_RATIO = 1.5;

/**
 * Rows whose fall-back label came once: folded when the later hour is empty but data goes on.
 * The labels say a fold happened, not which rows hold it: some exports put the repeated hour's
 * energy into the rows after it (02:00) or before it (00:00). The rows whose values are about
 * twice their neighbours' hold the fold; without such a sign, the fall-back rows themselves.
 */
export function unfold(
  readings: IntervalReading[],
  candidates: number[],
  later: Float64Array,
  rows: RowSink,
  events: DstEvent[],
  notes: string[] = [],
): void {
  let lastStart = Number.NEGATIVE_INFINITY;
  for (const r of readings) if (r.start > lastStart) lastStart = r.start;
  const foldable = candidates.filter((i) => {
    const reading = readings[i] as IntervalReading;
    const laterStart = later[i] as number;
    const ms = reading.duration * 1000;
    if (laterStart === reading.start || lastStart < laterStart + ms) return false;
    return !readings.some((r) => r.start >= laterStart && r.start < laterStart + ms);
  });
  const original = readings.length;
  for (const window of consecutiveRuns(foldable)) {
    const { holder, ratio } = foldHolder(readings.slice(0, original), window);
    if (holder === window) {
      for (const i of window) foldInPlace(readings, i, later[i] as number);
    } else {
      // The holder's rows keep half their energy; the other half fills the empty later hour.
      holder.forEach((h, j) => {
        const reading = readings[h] as IntervalReading;
        reading.kWh /= 2;
        if (reading.cost !== undefined) reading.cost /= 2;
        reading.dst = 'folded';
        readings.push({ ...reading, start: later[window[j] as number] as number });
      });
      const label = (i: number) => wallClockLabel(rows.local[i] as number);
      const rowsWord = holder.length > 1 ? 'rows' : 'row';
      notes.push(
        `The repeated fall-back hour of ${label(window[0] as number).slice(0, 10)} is folded into the ${label(holder[0] as number).slice(11)} ${rowsWord} (about ${ratio.toFixed(1)} times the neighbouring energy), not the ${label(window[0] as number).slice(11)} ${rowsWord}: that energy was split over both hours.`,
      );
    }
    for (const i of holder) {
      const reading = readings[i] as IntervalReading;
      events.push(
        dstEvent('folded', rows.local[i] as number, reading.start, rows.line[i] as number),
      );
    }
  }
}

/** A fall-back row holding both hours: one longer reading when they touch, else two halves. */
function foldInPlace(readings: IntervalReading[], i: number, laterStart: number): void {
  const reading = readings[i] as IntervalReading;
  const ms = reading.duration * 1000;
  reading.dst = 'folded';
  if (laterStart === reading.start + ms) {
    reading.duration += (laterStart - reading.start) / 1000;
  } else {
    reading.kWh /= 2;
    if (reading.cost !== undefined) reading.cost /= 2;
    readings.push({ ...reading, start: laterStart });
  }
}

/** Runs of consecutive row indexes (one per fall-back day). */
function consecutiveRuns(indexes: number[]): number[][] {
  const runs: number[][] = [];
  for (const i of indexes) {
    const run = runs[runs.length - 1];
    if (run && run[run.length - 1] === i - 1) run.push(i);
    else runs.push([i]);
  }
  return runs;
}

/**
 * Which rows hold the fold: the fall-back rows (`window`), the same number of rows just after
 * them, or just before, whichever stands out from its neighbours by the most; the fall-back
 * rows unless another window is clearly (FOLD_RATIO) above its neighbours and above them.
 */
function foldHolder(
  readings: IntervalReading[],
  window: number[],
): { holder: number[]; ratio: number } {
  const k = window.length;
  const first = window[0] as number;
  const range = (from: number) => Array.from({ length: k }, (_, j) => from + j);
  let holder = window;
  let ratio = foldRatio(readings, first, k);
  for (const other of [range(first + k), range(first - k)]) {
    const r = foldRatio(readings, other[0] as number, k);
    if (r >= FOLD_RATIO && (Number.isNaN(ratio) || r > ratio * 1.3)) {
      holder = other;
      ratio = r;
    }
  }
  return { holder, ratio };
}

/** The energy of `k` rows from `first` against the mean of the `k` rows on either side. */
function foldRatio(readings: IntervalReading[], first: number, k: number): number {
  const sum = (from: number) => {
    if (from < 0 || from + k > readings.length) return Number.NaN;
    let total = 0;
    for (let j = from; j < from + k; j++) total += (readings[j] as IntervalReading).kWh;
    return total;
  };
  const own = sum(first);
  const sides = [sum(first - k), sum(first + k)].filter((v) => !Number.isNaN(v));
  if (Number.isNaN(own) || sides.length === 0) return Number.NaN;
  const neighbours = sides.reduce((a, b) => a + b, 0) / sides.length;
  return neighbours > 0 ? own / neighbours : Number.NaN;
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
