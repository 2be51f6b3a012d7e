import type { CanonicalSeries } from '../../intervals/index.ts';
import { MISSING } from '../../intervals/series.ts';

/** Share of the energy put into the battery that comes back out. */
export const ROUND_TRIP_EFFICIENCY = 0.9;
/** Battery durations the report shows, hours of storage at full power. */
export const STORAGE_HOURS = [1, 2, 4] as const;
/** Default battery power as a share of the peak, when the order names none. */
const DEFAULT_POWER_SHARE = 0.25;

const SLOT_HOURS = 0.25;
const EPSILON = 1e-9;

export interface PeakShavingResult {
  powerKw: number;
  hours: number;
  energyKWh: number;
  peakKw: number;
  /** The lowest grid demand the battery holds over the whole series. */
  newPeakKw: number;
  reductionKw: number;
  reductionPct: number;
  /** What stops a lower peak: the battery's power, or the energy it stores. */
  limitedBy: 'power' | 'energy';
}

/**
 * Demand of each slot in kW, NaN where the slot has no data (the battery idles there).
 * A hourly source gives four equal slots per hour, so its peaks are hourly averages.
 */
export function demandKw(series: CanonicalSeries): Float64Array {
  const kW = new Float64Array(series.length);
  for (let i = 0; i < series.length; i++) {
    kW[i] = series.quality[i] === MISSING ? Number.NaN : (series.delivered[i] as number) * 4;
  }
  return kW;
}

/**
 * Whether a battery of `powerKw` / `energyKWh`, starting full, keeps grid demand at or below
 * `threshold` in every slot: it discharges what the load exceeds the threshold by, and
 * recharges (up to its power, without lifting the load above the threshold) whenever the load
 * is below it; charging stores `ROUND_TRIP_EFFICIENCY` of the energy drawn.
 */
export function holdsThreshold(
  load: Float64Array,
  threshold: number,
  powerKw: number,
  energyKWh: number,
): boolean {
  let stored = energyKWh;
  for (let i = 0; i < load.length; i++) {
    const kW = load[i] as number;
    if (Number.isNaN(kW)) continue; // no data
    if (kW > threshold) {
      const need = kW - threshold;
      if (need > powerKw + EPSILON) return false;
      stored -= need * SLOT_HOURS;
      if (stored < -EPSILON) return false;
    } else if (stored < energyKWh) {
      const charge = Math.min(powerKw, threshold - kW);
      stored = Math.min(energyKWh, stored + charge * SLOT_HOURS * ROUND_TRIP_EFFICIENCY);
    }
  }
  return true;
}

/** The lowest threshold the battery holds, by bisection (holding is monotone in the threshold). */
export function shavePeak(
  load: Float64Array,
  powerKw: number,
  hours: number,
): PeakShavingResult | undefined {
  let peak = Number.NEGATIVE_INFINITY;
  for (const kW of load) if (kW > peak) peak = kW;
  if (!(peak > 0) || !(powerKw > 0) || !(hours > 0)) return undefined;
  const energyKWh = powerKw * hours;
  const floor = Math.max(0, peak - powerKw);
  let lo = floor;
  let hi = peak;
  if (holdsThreshold(load, floor, powerKw, energyKWh)) {
    hi = floor;
  } else {
    const tolerance = Math.max(1e-4, peak * 1e-6);
    for (let step = 0; step < 60 && hi - lo > tolerance; step++) {
      const mid = (lo + hi) / 2;
      if (holdsThreshold(load, mid, powerKw, energyKWh)) hi = mid;
      else lo = mid;
    }
  }
  const reductionKw = peak - hi;
  return {
    powerKw,
    hours,
    energyKWh,
    peakKw: peak,
    newPeakKw: hi,
    reductionKw,
    reductionPct: (reductionKw / peak) * 100,
    limitedBy: hi - floor <= Math.max(1e-3, peak * 1e-5) ? 'power' : 'energy',
  };
}

/** A quarter of the peak, rounded to 1, 2, 2.5 or 5 times a power of ten. */
export function defaultBatteryKw(peakKw: number): number | undefined {
  const target = peakKw * DEFAULT_POWER_SHARE;
  if (!(target > 0) || !Number.isFinite(target)) return undefined;
  const decade = 10 ** Math.floor(Math.log10(target));
  let best = decade;
  for (const step of [1, 2, 2.5, 5, 10]) {
    const candidate = step * decade;
    if (Math.abs(Math.log(candidate / target)) < Math.abs(Math.log(best / target))) {
      best = candidate;
    }
  }
  // Rounding in binary floating point: 0.1 * 2.5 must print as 0.25.
  return Number(best.toPrecision(3));
}

/**
 * The battery power the report models: the rating ordered, else a quarter of the peak rounded
 * (`chosen`); undefined when neither gives one.
 */
export function batteryPower(
  peakKw: number,
  orderedKw: number | undefined,
): { powerKw: number; chosen: boolean } | undefined {
  if (orderedKw !== undefined && orderedKw > 0 && Number.isFinite(orderedKw)) {
    return { powerKw: orderedKw, chosen: false };
  }
  const powerKw = defaultBatteryKw(peakKw);
  return powerKw === undefined ? undefined : { powerKw, chosen: true };
}
