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
/** How much more energy than the fall-back rows another run must hold to be taken instead. */
const FOLD_MARGIN = 0.05;

/**
 * Rows whose fall-back label came once: folded when the later hour is empty but data goes on.
 * The labels say a fold happened, not which rows hold it: some exports put the repeated hour's
 * energy into the rows after it (02:00), before it (00:00), or a row or two off (00:45 to
 * 01:30). The run of rows whose values are about twice their neighbours' holds the fold;
 * without such a sign, the fall-back rows themselves. Each holder row is two intervals of
 * energy, never one interval's demand: it keeps half, and the other half fills the repeated
 * hour (one longer reading instead when the two touch).
 */
export function unfold(
  readings: IntervalReading[],
  candidates: number[],
  later: Float64Array,
  rows: RowSink,
  events: DstEvent[],
  notes: string[] = [],
): void {
  // One pass over the readings for every candidate: the last start, and the starts that fall
  // inside the span of the candidates' later hours (a year of rows is read once, not per row of
  // the fall-back hour).
  let low = Number.POSITIVE_INFINITY;
  let high = Number.NEGATIVE_INFINITY;
  for (const i of candidates) {
    const laterStart = later[i] as number;
    low = Math.min(low, laterStart);
    high = Math.max(high, laterStart + (readings[i] as IntervalReading).duration * 1000);
  }
  let lastStart = Number.NEGATIVE_INFINITY;
  const inLaterHours: number[] = [];
  for (const r of readings) {
    if (r.start > lastStart) lastStart = r.start;
    if (r.start >= low && r.start < high) inLaterHours.push(r.start);
  }
  const foldable = candidates.filter((i) => {
    const reading = readings[i] as IntervalReading;
    const laterStart = later[i] as number;
    const ms = reading.duration * 1000;
    if (laterStart === reading.start || lastStart < laterStart + ms) return false;
    return !inLaterHours.some((start) => start >= laterStart && start < laterStart + ms);
  });
  const original = readings.length;
  for (const window of consecutiveRuns(foldable)) {
    const { holder, ratio } = foldHolder(readings, original, window);
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
      notes.push(foldNote(readings, rows, window, holder, ratio));
    }
    for (const i of holder) {
      const reading = readings[i] as IntervalReading;
      events.push(
        dstEvent('folded', rows.local[i] as number, reading.start, rows.line[i] as number),
      );
    }
  }
}

/** Says which rows were taken as the fold, instead of which, and what became of their energy. */
function foldNote(
  readings: IntervalReading[],
  rows: RowSink,
  window: number[],
  holder: number[],
  ratio: number,
): string {
  const label = (i: number) => wallClockLabel(rows.local[i] as number);
  const time = (i: number) => label(i).slice(11);
  const span = (run: number[]) => {
    const first = run[0] as number;
    const last = run[run.length - 1] as number;
    return first === last ? `${time(first)} row` : `${time(first)} to ${time(last)} rows`;
  };
  const first = holder[0] as number;
  const last = holder[holder.length - 1] as number;
  const lines =
    first === last ? `line ${rows.line[first]}` : `lines ${rows.line[first]} to ${rows.line[last]}`;
  const seconds = (readings[first] as IntervalReading).duration;
  const own = intervalWords(seconds);
  const why =
    holder.length > 1
      ? `Each holds ${lengthWords(2 * seconds)} of energy: half stays at its own ${own}, half fills one ${own} of the repeated hour.`
      : `It holds ${lengthWords(2 * seconds)} of energy: half stays at its own ${own}, half fills the repeated hour.`;
  return `The repeated fall-back hour of ${label(window[0] as number).slice(0, 10)} is folded into the ${span(holder)} (${lines}; about ${ratio.toFixed(1)} times the neighbouring energy), not the ${span(window)}. ${why}`;
}

function intervalWords(seconds: number): string {
  if (seconds === 900) return 'quarter hour';
  if (seconds === 1800) return 'half hour';
  if (seconds === 3600) return 'hour';
  return `${lengthWords(seconds)} interval`;
}

function lengthWords(seconds: number): string {
  const minutes = seconds / 60;
  if (minutes % 60 !== 0) return `${minutes} minutes`;
  return minutes === 60 ? '1 hour' : `${minutes / 60} hours`;
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
 * Which rows hold the fold: the fall-back rows (`window`) or the same number of rows shifted by
 * up to their count either way (a row early, an hour late), whichever holds the most energy:
 * the run of double rows is the one with the largest sum, a run partly off it holds less. Another
 * run is taken only when it holds FOLD_MARGIN more than the fall-back rows and FOLD_RATIO times
 * the rows beyond every candidate (a run's own neighbours would hold part of the fold).
 */
function foldHolder(
  readings: IntervalReading[],
  rowCount: number,
  window: number[],
): { holder: number[]; ratio: number } {
  const k = window.length;
  const first = window[0] as number;
  const energyOf = (from: number, count: number) => rowEnergy(readings, rowCount, from, count);
  const own = energyOf(first, k);
  let best = own;
  let shift = 0;
  for (let s = -k; s <= k; s++) {
    const energy = energyOf(first + s, k);
    if (!Number.isNaN(energy) && (Number.isNaN(best) || energy > best)) {
      best = energy;
      shift = s;
    }
  }
  const sides = [energyOf(first - 2 * k, k), energyOf(first + 2 * k, k)];
  const known = sides.filter((v) => !Number.isNaN(v));
  const baseline = known.reduce((a, b) => a + b, 0) / known.length;
  const ratio = (energy: number) => (baseline > 0 ? energy / baseline : Number.NaN);
  if (
    shift !== 0 &&
    ratio(best) >= FOLD_RATIO &&
    (Number.isNaN(own) || best > own * (1 + FOLD_MARGIN))
  ) {
    return { holder: Array.from({ length: k }, (_, j) => first + shift + j), ratio: ratio(best) };
  }
  return { holder: window, ratio: ratio(own) };
}

/** The energy of `k` of the file's `rowCount` rows from `first`; NaN when they run off the file
 * (readings past `rowCount` are later hours already filled, not rows). */
function rowEnergy(
  readings: IntervalReading[],
  rowCount: number,
  first: number,
  k: number,
): number {
  if (first < 0 || first + k > rowCount) return Number.NaN;
  let total = 0;
  for (let j = first; j < first + k; j++) total += (readings[j] as IntervalReading).kWh;
  return total;
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
