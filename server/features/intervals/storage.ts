import type { intervalSeries } from '../../db/schema.ts';
import type { CanonicalSeries } from '../../lib/intervals/index.ts';

type SeriesRow = typeof intervalSeries.$inferSelect;

/** Typed arrays as little-endian bytes (every platform Node runs on is little-endian). */
const bytesOf = (array: Float64Array | Uint8Array) =>
  Buffer.from(array.buffer, array.byteOffset, array.byteLength);

function float64s(buffer: Buffer): Float64Array {
  // A copy: the driver's buffer may not be 8-byte aligned.
  const copy = new Uint8Array(buffer.byteLength);
  copy.set(buffer);
  return new Float64Array(copy.buffer);
}

/** The columns that store a canonical series. */
export function packSeries(series: CanonicalSeries) {
  return {
    timeZone: series.timeZone,
    startAt: new Date(series.start),
    slots: series.length,
    sourceIntervalSeconds: series.sourceIntervalSeconds,
    delivered: bytesOf(series.delivered),
    received: series.hasReceived ? bytesOf(series.received) : null,
    cost: series.hasCost ? bytesOf(series.cost) : null,
    quality: bytesOf(series.quality),
    split: bytesOf(series.split),
  };
}

export function unpackSeries(row: SeriesRow): CanonicalSeries {
  const length = row.slots;
  return {
    timeZone: row.timeZone,
    start: row.startAt.getTime(),
    length,
    delivered: float64s(row.delivered),
    received: row.received ? float64s(row.received) : new Float64Array(length),
    cost: row.cost ? float64s(row.cost) : new Float64Array(length),
    quality: new Uint8Array(row.quality),
    split: new Uint8Array(row.split),
    hasReceived: row.received !== null,
    hasCost: row.cost !== null,
    sourceIntervalSeconds: row.sourceIntervalSeconds,
  };
}
