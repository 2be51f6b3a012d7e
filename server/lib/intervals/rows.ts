import { qualityCode } from './series.ts';
import type { ReadingQuality } from './types.ts';

/**
 * Rows of one channel as a CSV wrote them, before their local labels are placed in time. Kept as
 * parallel typed arrays because the DST rules need to see the whole channel (its order, whether a
 * fall-back label came once or twice) before any row can be given its instant, and because a
 * year of 15-minute rows in plain arrays cost more than parsing the text.
 */
export class RowSink {
  length = 0;
  /** Wall-clock ms of the start (NaN when the file gave a UTC instant instead). */
  local: Float64Array;
  /** UTC ms of the start when the file wrote an offset, else NaN. */
  utc: Float64Array;
  /** Wall-clock ms of the exclusive end, NaN when the file gives none. */
  endLocal: Float64Array;
  /** Stated duration in seconds, NaN when unknown. */
  seconds: Float64Array;
  kWh: Float64Array;
  /** NaN when the row has no cost. */
  cost: Float64Array;
  /** ACTUAL, ESTIMATED or MISSING (series.ts codes). */
  quality: Uint8Array;
  line: Int32Array;

  constructor(capacity = 1024) {
    this.local = new Float64Array(capacity);
    this.utc = new Float64Array(capacity);
    this.endLocal = new Float64Array(capacity);
    this.seconds = new Float64Array(capacity);
    this.kWh = new Float64Array(capacity);
    this.cost = new Float64Array(capacity);
    this.quality = new Uint8Array(capacity);
    this.line = new Int32Array(capacity);
  }

  add(
    local: number,
    utc: number,
    endLocal: number,
    seconds: number,
    kWh: number,
    cost: number,
    quality: ReadingQuality,
    line: number,
  ): void {
    if (this.length === this.kWh.length) this.grow();
    const i = this.length++;
    this.local[i] = local;
    this.utc[i] = utc;
    this.endLocal[i] = endLocal;
    this.seconds[i] = seconds;
    this.kWh[i] = kWh;
    this.cost[i] = cost;
    this.quality[i] = quality === 'actual' ? 0 : qualityCode(quality);
    this.line[i] = line;
  }

  private grow(): void {
    const size = this.kWh.length * 2;
    const f64 = (old: Float64Array) => {
      const next = new Float64Array(size);
      next.set(old);
      return next;
    };
    this.local = f64(this.local);
    this.utc = f64(this.utc);
    this.endLocal = f64(this.endLocal);
    this.seconds = f64(this.seconds);
    this.kWh = f64(this.kWh);
    this.cost = f64(this.cost);
    const quality = new Uint8Array(size);
    quality.set(this.quality);
    this.quality = quality;
    const line = new Int32Array(size);
    line.set(this.line);
    this.line = line;
  }
}
