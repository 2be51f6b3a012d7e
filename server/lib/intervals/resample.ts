import { columnsOf, type ReadingColumns, readingCount } from './reading-columns.ts';
import { type CanonicalSeries, MISSING, qualityCode, SLOT_MS } from './series.ts';
import type { Channel, Direction, ImportResult } from './types.ts';

const NO_DATA = 255;

/**
 * Puts an import on the 15-minute grid. Per direction the finest channel is used (an ESPI feed
 * may carry the same meter hourly and every 15 minutes; adding them would count it twice).
 * A reading longer than a slot is shared evenly over the slots it covers and those slots are
 * marked split; shorter readings add up within their slot. Slots no reading touches are missing.
 */
export function toCanonicalSeries(imported: ImportResult): CanonicalSeries {
  const delivered = finest(imported.channels, 'delivered');
  const received = finest(imported.channels, 'received');
  const used = [delivered, received].filter((c): c is Channel => c !== undefined);
  let first = Number.POSITIVE_INFINITY;
  let last = Number.NEGATIVE_INFINITY;
  for (const channel of used) {
    const columns = columnsOf(channel);
    if (columns) {
      if (columns.length === 0) continue;
      first = Math.min(first, columns.start[0] as number);
      for (let i = columns.length - 1; i >= Math.max(0, columns.length - 4); i--) {
        last = Math.max(
          last,
          (columns.start[i] as number) + (columns.duration[i] as number) * 1000,
        );
      }
      continue;
    }
    const readings = channel.readings;
    if (readings.length === 0) continue;
    first = Math.min(first, (readings[0] as (typeof readings)[0]).start);
    for (let i = readings.length - 1; i >= Math.max(0, readings.length - 4); i--) {
      const r = readings[i] as (typeof readings)[0];
      last = Math.max(last, r.start + r.duration * 1000);
    }
  }
  const start = Number.isFinite(first) ? Math.floor(first / SLOT_MS) * SLOT_MS : 0;
  const length = Number.isFinite(last) ? Math.ceil((last - start) / SLOT_MS) : 0;
  const series: CanonicalSeries = {
    timeZone: imported.metadata.timeZone,
    start,
    length,
    delivered: new Float64Array(length),
    received: new Float64Array(length),
    cost: new Float64Array(length),
    quality: new Uint8Array(length).fill(NO_DATA),
    split: new Uint8Array(length),
    hasReceived: received !== undefined,
    hasCost: false,
    sourceIntervalSeconds: (delivered ?? received)?.intervalSeconds ?? 0,
  };
  // Quality follows the delivered channel; a received channel only sets it when it is alone.
  if (delivered) spread(delivered, series, series.delivered, series.quality);
  if (received) spread(received, series, series.received, delivered ? undefined : series.quality);
  const quality = series.quality;
  for (let i = 0; i < length; i++) if (quality[i] === NO_DATA) quality[i] = MISSING;
  return series;
}

function finest(channels: readonly Channel[], direction: Direction): Channel | undefined {
  let best: Channel | undefined;
  for (const c of channels) {
    if (c.direction !== direction || readingCount(c) === 0) continue;
    if (
      !best ||
      c.intervalSeconds < best.intervalSeconds ||
      (c.intervalSeconds === best.intervalSeconds && readingCount(c) > readingCount(best))
    ) {
      best = c;
    }
  }
  return best;
}

function spread(
  channel: Channel,
  series: CanonicalSeries,
  values: Float64Array,
  quality: Uint8Array | undefined,
): void {
  const columns = columnsOf(channel);
  if (columns) {
    spreadColumns(columns, series, values, quality);
    return;
  }
  const base = series.start;
  const cost = series.cost;
  const split = series.split;
  const n = values.length;
  for (const r of channel.readings) {
    const q = qualityCode(r.quality);
    const offset = r.start - base;
    const ms = r.duration * 1000;
    if (r.cost !== undefined) series.hasCost = true;
    // Whole slots checked by division: `%` on instants in ms is a slow floating-point modulo.
    const slot = offset / SLOT_MS;
    if (ms === SLOT_MS && Number.isInteger(slot)) {
      const i = slot;
      values[i] = (values[i] as number) + r.kWh;
      if (r.cost !== undefined) cost[i] = (cost[i] as number) + r.cost;
      if (quality && (quality[i] === NO_DATA || q > (quality[i] as number))) quality[i] = q;
      continue;
    }
    if (ms <= 0) continue;
    const end = r.start + ms;
    const isSplit = ms > SLOT_MS ? 1 : 0;
    for (let i = Math.floor(offset / SLOT_MS); i < n; i++) {
      const slotStart = base + i * SLOT_MS;
      if (slotStart >= end) break;
      const share = (Math.min(end, slotStart + SLOT_MS) - Math.max(r.start, slotStart)) / ms;
      values[i] = (values[i] as number) + r.kWh * share;
      if (r.cost !== undefined) cost[i] = (cost[i] as number) + r.cost * share;
      if (quality && (quality[i] === NO_DATA || q > (quality[i] as number))) quality[i] = q;
      if (isSplit) split[i] = 1;
    }
  }
}

/** spread for a channel kept as columns: the same slots and costs (NaN in a column: none). */
function spreadColumns(
  columns: ReadingColumns,
  series: CanonicalSeries,
  values: Float64Array,
  quality: Uint8Array | undefined,
): void {
  const base = series.start;
  const split = series.split;
  const cost = series.cost;
  const n = values.length;
  for (let r = 0; r < columns.length; r++) {
    const start = columns.start[r] as number;
    const kWh = columns.kWh[r] as number;
    const rowCost = columns.withCosts ? (columns.cost[r] as number) : Number.NaN;
    const hasCost = !Number.isNaN(rowCost);
    const q = columns.quality[r] as number;
    const offset = start - base;
    const ms = (columns.duration[r] as number) * 1000;
    if (hasCost) series.hasCost = true;
    const slot = offset / SLOT_MS;
    if (ms === SLOT_MS && Number.isInteger(slot)) {
      const i = slot;
      values[i] = (values[i] as number) + kWh;
      if (hasCost) cost[i] = (cost[i] as number) + rowCost;
      if (quality && (quality[i] === NO_DATA || q > (quality[i] as number))) quality[i] = q;
      continue;
    }
    if (ms <= 0) continue;
    const end = start + ms;
    const isSplit = ms > SLOT_MS ? 1 : 0;
    for (let i = Math.floor(offset / SLOT_MS); i < n; i++) {
      const slotStart = base + i * SLOT_MS;
      if (slotStart >= end) break;
      const share = (Math.min(end, slotStart + SLOT_MS) - Math.max(start, slotStart)) / ms;
      values[i] = (values[i] as number) + kWh * share;
      if (hasCost) cost[i] = (cost[i] as number) + rowCost * share;
      if (quality && (quality[i] === NO_DATA || q > (quality[i] as number))) quality[i] = q;
      if (isSplit) split[i] = 1;
    }
  }
}
