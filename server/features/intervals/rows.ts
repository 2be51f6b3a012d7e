import type { ReadingQuality } from './types.ts';

/**
 * Rows of one channel as a CSV wrote them, before their local labels are placed in time. Kept as
 * parallel arrays because the DST rules need to see the whole channel (its order, whether a
 * fall-back label came once or twice) before any row can be given its instant.
 */
export class RowSink {
  /** Wall-clock ms of the start (NaN when the file gave a UTC instant instead). */
  readonly local: number[] = [];
  /** UTC ms of the start when the file wrote an offset, else NaN. */
  readonly utc: number[] = [];
  /** Wall-clock ms of the exclusive end, NaN when the file gives none. */
  readonly endLocal: number[] = [];
  /** Stated duration in seconds, NaN when unknown. */
  readonly seconds: number[] = [];
  readonly kWh: number[] = [];
  /** NaN when the row has no cost. */
  readonly cost: number[] = [];
  readonly quality: ReadingQuality[] = [];
  readonly line: number[] = [];

  get length(): number {
    return this.kWh.length;
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
    this.local.push(local);
    this.utc.push(utc);
    this.endLocal.push(endLocal);
    this.seconds.push(seconds);
    this.kWh.push(kWh);
    this.cost.push(cost);
    this.quality.push(quality);
    this.line.push(line);
  }
}
