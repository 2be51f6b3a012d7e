import type { ReadingQuality } from './types.ts';

/** The canonical series has one slot every 15 minutes, aligned on the quarter hour. */
export const SLOT_MS = 900_000;

export const ACTUAL = 0;
export const ESTIMATED = 1;
export const MISSING = 2;
const QUALITY_NAMES: readonly ReadingQuality[] = ['actual', 'estimated', 'missing'];

/**
 * One meter's energy on a regular 15-minute grid, in typed arrays so a year (35,040 slots) is
 * cheap to analyse, store and export. Slot i covers [start + i·15 min, start + (i+1)·15 min).
 */
export interface CanonicalSeries {
  timeZone: string;
  /** UTC ms of the first slot. */
  start: number;
  length: number;
  /** kWh per slot; 0 where missing. */
  delivered: Float64Array;
  received: Float64Array;
  /** Cost per slot in the file's currency; meaningful only when `hasCost`. */
  cost: Float64Array;
  /** ACTUAL, ESTIMATED or MISSING per slot (of the delivered channel when there is one). */
  quality: Uint8Array;
  /** 1 where the value is an even share of a longer reading (hourly data split in four). */
  split: Uint8Array;
  hasReceived: boolean;
  hasCost: boolean;
  /** Most common reading length in the source, seconds. */
  sourceIntervalSeconds: number;
}

export function qualityName(code: number): ReadingQuality {
  return QUALITY_NAMES[code] ?? 'missing';
}

export function qualityCode(quality: ReadingQuality): number {
  return quality === 'actual' ? ACTUAL : quality === 'estimated' ? ESTIMATED : MISSING;
}
