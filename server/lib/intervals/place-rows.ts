import { dstCode, ReadingColumns } from './reading-columns.ts';
import { dstEvent, fillUnknownDurations, isDescending, unfold } from './row-order.ts';
import type { RowSink } from './rows.ts';
import { DAY_MS } from './time/civil.ts';
import type { ZoneClock } from './time/zone-clock.ts';
import type { Direction, DstEvent, DstMark, IntervalReading } from './types.ts';

const EXACT = 0;
const AMBIGUOUS = 1;
const NONEXISTENT = 2;

/**
 * Gives every CSV row its UTC instant and length under the zone's DST rules:
 * - a spring-forward label that does not exist stands for the instant the old offset gives
 *   (PG&E writes 02:00 for the hour that became 03:00);
 * - fall-back labels are the earlier instant until the labels go back (a label written twice,
 *   or 01:00 after 01:45), the later one from then on (reversed for descending files);
 * - a fall-back label written once, with data continuing after the repeated hour and nothing at
 *   the later instant, is a folded row holding both hours: it becomes one longer reading when
 *   the two hours touch, otherwise two half readings.
 * An end label, when given, sets the length across a change (01:45 to 03:00 is 15 minutes,
 * 01:45 to 01:00 at fall-back too).
 *
 * The readings come as columns when no row needs more than its own labels (no folded fall-back
 * row, no length to infer from its neighbours), which is nearly every file: a year of reading
 * objects costs more to make and collect than reading the file. Otherwise as reading objects.
 */
export function placeRows(
  rows: RowSink,
  direction: Direction,
  clock: ZoneClock,
  events: DstEvent[],
  notes: string[] = [],
): ReadingColumns | IntervalReading[] {
  const n = rows.length;
  if (n === 0) return [];
  const descending = isDescending(rows, clock);
  const starts = new Float64Array(n);
  const later = new Float64Array(n);
  const kinds = new Uint8Array(n);
  // Fall-back labels are placed by file order: the first pass through the repeated hour is the
  // earlier instant; once a label goes back (01:00 after 01:45, or 1:00 AM twice) the file has
  // wrapped into the second pass. Reversed for files in descending order.
  const wrappedDays = new Set<number>();
  let ambiguousDay = Number.NaN;
  let extreme = 0;
  let wrapped = false;

  for (let i = 0; i < n; i++) {
    const local = rows.local[i] as number;
    if (Number.isNaN(local)) {
      starts[i] = rows.utc[i] as number;
      continue;
    }
    starts[i] = clock.resolve(local);
    if (clock.kind === 'ambiguous') {
      kinds[i] = AMBIGUOUS;
      later[i] = clock.later;
      const day = Math.floor(local / DAY_MS);
      if (day !== ambiguousDay) {
        ambiguousDay = day;
        extreme = local;
        wrapped = false;
      } else if (!wrapped && (descending ? local >= extreme : local <= extreme)) {
        wrapped = true;
        wrappedDays.add(day);
      } else extreme = descending ? Math.min(extreme, local) : Math.max(extreme, local);
      if (wrapped !== descending) starts[i] = clock.later;
    } else if (clock.kind === 'nonexistent') kinds[i] = NONEXISTENT;
  }

  const columns = new ReadingColumns(n, true);
  const { local: locals, endLocal: ends, seconds, kWh, cost: costs, quality } = rows;
  let foldCandidates: number[] | undefined;
  let unknownLength = false;
  for (let i = 0; i < n; i++) {
    const local = locals[i] as number;
    const endLocal = ends[i] as number;
    const start = starts[i] as number;
    const kind = kinds[i] as number;
    let ms = (seconds[i] as number) * 1000;
    if (!Number.isNaN(endLocal) && !Number.isNaN(local)) {
      ms = endLocal - local;
      // A repeated or folded label's own span is right as written (the fold is handled below),
      // unless its end label is the repeat ("01:45 to 01:00"); a skipped label's span too.
      const steady = ms > 0 && ms < DAY_MS && clock.isSteady(endLocal);
      if ((kind === EXACT && !steady) || (kind === AMBIGUOUS && ms <= 0)) {
        let end = clock.resolve(endLocal);
        if (clock.kind === 'ambiguous' && end <= start) end = clock.later;
        if (end > start) ms = end - start;
      }
    }
    if (Number.isNaN(ms)) unknownLength = true;
    let dst: DstMark | undefined;
    if (kind === NONEXISTENT) dst = 'nonexistent';
    else if (kind === AMBIGUOUS) {
      if (wrappedDays.has(Math.floor(local / DAY_MS))) dst = 'repeated';
      else if (!descending) {
        foldCandidates ??= [];
        foldCandidates.push(i);
      }
    }
    columns.add(
      start,
      ms / 1000,
      kWh[i] as number,
      quality[i] as number,
      dstCode(dst),
      costs[i] as number,
    );
    if (dst) events.push(dstEvent(dst, local, start, rows.line[i] as number));
  }
  if (!foldCandidates && !unknownLength) return columns;
  const readings = columns.readings(direction);
  fillUnknownDurations(readings);
  if (foldCandidates) unfold(readings, foldCandidates, later, rows, events, notes);
  return readings;
}
