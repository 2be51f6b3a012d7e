import type { RowSink } from './rows.ts';
import { MINUTE_MS, modulo } from './time/civil.ts';

/** The largest offset from the whole minute that is taken as a writing quirk, not a time. */
const MAX_SNAP_MS = 10_000;

/**
 * Labels that all sit the same few seconds off the whole minute (`00:00:01`, `00:15:01`, or
 * `00:14:59` ends) are put on it: intervals start on whole minutes, and read as written they
 * would become 899-second readings with a one-second gap before each. Starts and ends are
 * checked apart (starts at :01 with ends on the minute is the usual case). Says so in `notes`.
 */
export function snapLabels(rows: RowSink, notes: string[]): void {
  const n = rows.length;
  const moved =
    snapColumn(rows.local, n, 'start', notes) !== 0 ||
    snapColumn(rows.utc, n, 'start', notes) !== 0 ||
    snapColumn(rows.endLocal, n, 'end', notes) !== 0;
  if (!moved) return;
  // Lengths taken from instants (start and end with offsets) carry the same quirk: the ends'
  // seconds and the starts' both. They go back on whole minutes when all sit one offset off.
  const seconds = rows.seconds;
  for (let i = 0; i < n; i++) seconds[i] = (seconds[i] as number) * 1000;
  snapColumn(seconds, n, '', []);
  for (let i = 0; i < n; i++) seconds[i] = (seconds[i] as number) / 1000;
}

/** Moves every value of a column onto the minute when all sit the same offset off it. */
function snapColumn(values: Float64Array, n: number, what: string, notes: string[]): number {
  let offset = Number.NaN;
  for (let i = 0; i < n; i++) {
    const v = values[i] as number;
    if (Number.isNaN(v)) continue;
    const r = modulo(v, MINUTE_MS);
    if (Number.isNaN(offset)) offset = r;
    else if (r !== offset) return 0;
  }
  if (Number.isNaN(offset) || offset === 0) return 0;
  let shift = 0;
  if (offset <= MAX_SNAP_MS) shift = -offset;
  else if (MINUTE_MS - offset <= MAX_SNAP_MS) shift = MINUTE_MS - offset;
  if (shift === 0) return 0;
  for (let i = 0; i < n; i++) values[i] = (values[i] as number) + shift;
  const seconds = Math.abs(shift) / 1000;
  const note = `Every ${what} time is ${seconds} s ${shift < 0 ? 'past' : 'short of'} the whole minute: each was read as that minute.`;
  if (!notes.includes(note)) notes.push(note);
  return shift;
}
