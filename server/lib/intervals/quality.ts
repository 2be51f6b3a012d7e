import { columnsOf, type ReadingColumns, readingCount } from './reading-columns.ts';
import { type Reconciliation, reconcile } from './reconcile.ts';
import { type CanonicalSeries, ESTIMATED, MISSING, SLOT_MS } from './series.ts';
import type { BillSummary, Channel, DstEvent, ImportResult, IntervalReading } from './types.ts';

/** A run of identical readings must last this long to be reported (a meter stuck or a fill). */
const RUN_HOURS = 6;

export interface RunStats {
  count: number;
  longestHours: number;
  /** UTC ms where the longest run starts. */
  longestStart: number | undefined;
}

export interface QualityReport {
  slots: number;
  /** Share of 15-minute slots with data, percent. */
  coveragePct: number;
  gaps: {
    count: number;
    longestMinutes: number;
    longestStart: number | undefined;
    missingMinutes: number;
  };
  /** Share of slots with data that the utility estimated, percent. */
  estimatedPct: number;
  /** Share of slots with data that are an even share of a longer (e.g. hourly) reading, percent. */
  splitPct: number;
  /** Runs of zero readings, and of identical non-zero readings, lasting at least 6 hours. */
  zeroRuns: RunStats;
  flatRuns: RunStats;
  duplicatesRemoved: number;
  conflictingDuplicates: number;
  dst: { repeated: number; folded: number; nonexistent: number; events: DstEvent[] };
  reconciliation: Reconciliation[];
  /** The bills the file carries, line items and all (ESPI UsageSummary). */
  bills: BillSummary[];
  /** How the file was read where it had to be inferred (see ImportMetadata.notes). */
  notes: string[];
}

export function assessQuality(imported: ImportResult, series: CanonicalSeries): QualityReport {
  let present = 0;
  let estimated = 0;
  let split = 0;
  const gaps = {
    count: 0,
    longestMinutes: 0,
    longestStart: undefined as number | undefined,
    missingMinutes: 0,
  };
  let runStart = -1;
  for (let i = 0; i <= series.length; i++) {
    const missing = i < series.length && series.quality[i] === MISSING;
    if (missing) {
      if (runStart < 0) runStart = i;
      continue;
    }
    if (runStart >= 0) {
      const minutes = ((i - runStart) * SLOT_MS) / 60_000;
      gaps.count++;
      gaps.missingMinutes += minutes;
      if (minutes > gaps.longestMinutes) {
        gaps.longestMinutes = minutes;
        gaps.longestStart = series.start + runStart * SLOT_MS;
      }
      runStart = -1;
    }
    if (i === series.length) break;
    present++;
    if (series.quality[i] === ESTIMATED) estimated++;
    if (series.split[i]) split++;
  }
  const events = imported.metadata.dstEvents;
  const count = (kind: DstEvent['kind']) => events.filter((e) => e.kind === kind).length;
  const source = primary(imported.channels);
  return {
    slots: series.length,
    coveragePct: series.length ? (present / series.length) * 100 : 0,
    gaps,
    estimatedPct: present ? (estimated / present) * 100 : 0,
    splitPct: present ? (split / present) * 100 : 0,
    ...readingRuns(source, series),
    duplicatesRemoved: imported.metadata.duplicatesRemoved,
    conflictingDuplicates: imported.metadata.conflictingDuplicates,
    dst: {
      repeated: count('repeated'),
      folded: count('folded'),
      nonexistent: count('nonexistent'),
      events,
    },
    reconciliation: reconcile(imported, source),
    bills: imported.metadata.bills,
    notes: imported.metadata.notes,
  };
}

/** Whether the series records export (received energy) in the slot holding `utc`. */
function exportingAt(series: CanonicalSeries, utc: number): boolean {
  if (!series.hasReceived) return false;
  const slot = Math.floor((utc - series.start) / SLOT_MS);
  return slot >= 0 && slot < series.length && (series.received[slot] as number) > 0;
}

/** The delivered channel the canonical series is built from (the finest one). */
function primary(channels: readonly Channel[]): Channel | undefined {
  const delivered = channels.filter((c) => c.direction === 'delivered' && readingCount(c) > 0);
  const pool = delivered.length > 0 ? delivered : channels;
  return pool.reduce<Channel | undefined>(
    (best, c) => (!best || c.intervalSeconds < best.intervalSeconds ? c : best),
    undefined,
  );
}

/** Zero runs and flat runs of the channel's readings, or of its columns when it is kept so. */
function readingRuns(
  source: Channel | undefined,
  series: CanonicalSeries,
): { zeroRuns: RunStats; flatRuns: RunStats } {
  // A zero import while the meter records export is the building living on its own
  // generation (solar at midday), not a stuck meter or a fill.
  const columns = source && columnsOf(source);
  if (columns) {
    const { kWh, start } = columns;
    return {
      zeroRuns: columnRuns(
        columns,
        (i) => kWh[i] === 0 && !exportingAt(series, start[i] as number),
      ),
      flatRuns: columnRuns(columns, (i, first) => kWh[i] !== 0 && kWh[i] === kWh[first]),
    };
  }
  return {
    zeroRuns: runs(source, (a) => a.kWh === 0 && !exportingAt(series, a.start)),
    flatRuns: runs(source, (a, b) => a.kWh !== 0 && b !== undefined && a.kWh === b.kWh),
  };
}

/**
 * runs over columns: `same(i, runFirst)` with reading indexes. The run's first index and end are
 * plain locals (no closure shares them), so a year of readings is walked without allocating.
 */
function columnRuns(
  columns: ReadingColumns,
  same: (i: number, first: number) => boolean,
): RunStats {
  const stats: RunStats = { count: 0, longestHours: 0, longestStart: undefined };
  const { start, duration } = columns;
  let first = -1;
  let end = 0;
  for (let i = 0; i <= columns.length; i++) {
    const at = i < columns.length ? (start[i] as number) : Number.NaN;
    if (first >= 0 && at === end && same(i, first)) {
      end = at + (duration[i] as number) * 1000;
      continue;
    }
    if (first >= 0) {
      closeRun(stats, start[first] as number, end);
      first = -1;
    }
    if (i < columns.length && same(i, i)) {
      first = i;
      end = at + (duration[i] as number) * 1000;
    }
  }
  return stats;
}

function closeRun(stats: RunStats, runStart: number, end: number): void {
  const hours = (end - runStart) / 3_600_000;
  if (hours >= RUN_HOURS) {
    stats.count++;
    if (hours > stats.longestHours) {
      stats.longestHours = hours;
      stats.longestStart = runStart;
    }
  }
}

/** Runs of consecutive, touching readings where `same(reading, runFirst)` holds. */
function runs(
  channel: Channel | undefined,
  same: (reading: IntervalReading, first: IntervalReading | undefined) => boolean,
): RunStats {
  const stats: RunStats = { count: 0, longestHours: 0, longestStart: undefined };
  const readings = channel?.readings ?? [];
  let first: IntervalReading | undefined;
  let end = 0;
  const close = () => {
    if (!first) return;
    const hours = (end - first.start) / 3_600_000;
    if (hours >= RUN_HOURS) {
      stats.count++;
      if (hours > stats.longestHours) {
        stats.longestHours = hours;
        stats.longestStart = first.start;
      }
    }
    first = undefined;
  };
  for (const r of readings) {
    if (first && r.start === end && same(r, first)) {
      end = r.start + r.duration * 1000;
      continue;
    }
    close();
    if (same(r, r)) {
      first = r;
      end = r.start + r.duration * 1000;
    }
  }
  close();
  return stats;
}
