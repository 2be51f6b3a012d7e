import { DAY_MS } from './civil.ts';

/**
 * Converts between UTC and an IANA zone's wall clock quickly. Intl is the source of truth but
 * costs ~5 µs a call, too slow for every row of a year of 15-minute data, so the zone's offset
 * changes are found once per span of years (weekly samples, then bisection) and every later
 * conversion is arithmetic on that table, usually answered from the last segment used.
 */
export class ZoneClock {
  private readonly format: Intl.DateTimeFormat;
  private lo = Number.POSITIVE_INFINITY;
  private hi = Number.NEGATIVE_INFINITY;
  /** UTC instants where the offset changes, ascending; offsets[i] holds before bounds[i]. */
  private bounds: number[] = [];
  private offsets: number[] = [];
  private curStart = 0;
  private curEnd = -1;
  private curOffset = 0;
  /** Wall-clock range known to have a single offset within a day either side. */
  private safeLo = 0;
  private safeHi = -1;
  private safeOffset = 0;
  /** Set by `resolve`: how the last label met the zone's rules, and the later instant. */
  kind: 'exact' | 'ambiguous' | 'nonexistent' = 'exact';
  later = 0;

  constructor(readonly timeZone: string) {
    this.format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
  }

  /** Offset (local minus UTC) in ms at a UTC instant. */
  offsetAt(utc: number): number {
    if (utc >= this.curStart && utc < this.curEnd) return this.curOffset;
    if (utc < this.lo || utc >= this.hi) this.cover(utc);
    const b = this.bounds;
    let low = 0;
    let high = b.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if ((b[mid] as number) <= utc) low = mid + 1;
      else high = mid;
    }
    this.curStart = low === 0 ? this.lo : (b[low - 1] as number);
    this.curEnd = low === b.length ? this.hi : (b[low] as number);
    this.curOffset = this.offsets[low] as number;
    return this.curOffset;
  }

  /**
   * UTC instant of a wall-clock time. A repeated (fall-back) label returns the earlier instant
   * and leaves the later one in `later`; a label skipped by spring-forward returns the instant
   * the clock would have shown it under the old offset (02:30 PST is 03:30 PDT).
   */
  resolve(local: number): number {
    if (local >= this.safeLo && local < this.safeHi) {
      this.kind = 'exact';
      return local - this.safeOffset;
    }
    const before = this.offsetAt(local - DAY_MS);
    const segmentStart = this.curStart;
    const after = this.offsetAt(local + DAY_MS);
    if (before === after) {
      if (segmentStart === this.curStart) {
        this.safeLo = this.curStart + DAY_MS;
        this.safeHi = this.curEnd - DAY_MS;
        this.safeOffset = after;
      }
      this.kind = 'exact';
      return local - after;
    }
    const early = local - before;
    const late = local - after;
    const earlyValid = this.offsetAt(early) === before;
    const lateValid = this.offsetAt(late) === after;
    if (earlyValid && lateValid) {
      this.kind = 'ambiguous';
      this.later = Math.max(early, late);
      return Math.min(early, late);
    }
    this.kind = earlyValid || lateValid ? 'exact' : 'nonexistent';
    return lateValid ? late : early;
  }

  /** Whether a wall-clock time lies in the stretch last found free of offset changes, where
   * wall-clock differences are real durations. */
  isSteady(local: number): boolean {
    return local >= this.safeLo && local < this.safeHi;
  }

  /** Recomputes the transition table over whole years around `utc`. */
  private cover(utc: number): void {
    const year = new Date(utc).getUTCFullYear();
    const from = Math.min(this.lo, Date.UTC(year - 1, 0, 1));
    const to = Math.max(this.hi, Date.UTC(year + 2, 0, 1));
    const step = 7 * DAY_MS;
    const bounds: number[] = [];
    const offsets: number[] = [this.rawOffset(from)];
    for (let t = from; t < to; t += step) {
      const next = Math.min(t + step, to);
      const previous = offsets[offsets.length - 1] as number;
      const offset = this.rawOffset(next);
      if (offset === previous) continue;
      let low = t;
      let high = next;
      while (high - low > 1000) {
        const mid = Math.floor((low + high) / 2000) * 1000;
        if (mid <= low) break;
        if (this.rawOffset(mid) === previous) low = mid;
        else high = mid;
      }
      bounds.push(high);
      offsets.push(offset);
    }
    this.lo = from;
    this.hi = to;
    this.bounds = bounds;
    this.offsets = offsets;
    this.curEnd = -1;
    this.curStart = 0;
  }

  private rawOffset(utc: number): number {
    let y = 0;
    let mo = 0;
    let d = 0;
    let h = 0;
    let mi = 0;
    let s = 0;
    for (const part of this.format.formatToParts(utc)) {
      if (part.type === 'year') y = Number(part.value);
      else if (part.type === 'month') mo = Number(part.value);
      else if (part.type === 'day') d = Number(part.value);
      else if (part.type === 'hour') h = Number(part.value);
      else if (part.type === 'minute') mi = Number(part.value);
      else if (part.type === 'second') s = Number(part.value);
    }
    return Date.UTC(y, mo - 1, d, h, mi, s) - Math.floor(utc / 1000) * 1000;
  }
}

const clocks = new Map<string, ZoneClock>();

/** A shared clock per zone, so repeated imports reuse the transition table. Throws RangeError
 * for a zone Intl does not know. */
export function zoneClock(timeZone: string): ZoneClock {
  let clock = clocks.get(timeZone);
  if (!clock) {
    clock = new ZoneClock(timeZone);
    clocks.set(timeZone, clock);
  }
  return clock;
}
