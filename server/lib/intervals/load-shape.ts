import type { SlotCalendar } from './calendar.ts';
import { type CanonicalSeries, MISSING } from './series.ts';

const SLOTS_PER_HOUR = 4;
/** A day needs this many hours with data before its lowest hour counts towards base load. */
const HOURS_FOR_BASE_LOAD = 20;

export interface LoadShape {
  loadProfile: { weekday: Array<number | null>; weekend: Array<number | null> };
  heatmap: Array<Array<number | null>>;
  baseLoadKw: number;
}

/**
 * When in the day and year energy is used: average kW per local hour for weekdays and weekends,
 * a 12×24 month-by-hour matrix, and base load (the median over days of each day's lowest hourly
 * average demand: the always-on load, robust to a day away or a day of estimates).
 */
export function loadShape(series: CanonicalSeries, calendar: SlotCalendar): LoadShape {
  const profileSum = new Float64Array(48);
  const profileCount = new Uint32Array(48);
  const heatSum = new Float64Array(12 * 24);
  const heatCount = new Uint32Array(12 * 24);
  const { hour, weekday, month } = calendar;
  const { quality, delivered } = series;
  for (let i = 0; i < series.length; i++) {
    if (quality[i] === MISSING) continue;
    const kWh = delivered[i] as number;
    const h = hour[i] as number;
    const w = weekday[i] as number;
    const p = (w === 0 || w === 6 ? 24 : 0) + h;
    profileSum[p] = (profileSum[p] as number) + kWh;
    profileCount[p] = (profileCount[p] as number) + 1;
    const m = ((month[i] as number) - 1) * 24 + h;
    heatSum[m] = (heatSum[m] as number) + kWh;
    heatCount[m] = (heatCount[m] as number) + 1;
  }
  const average = (sum: Float64Array, count: Uint32Array, i: number) =>
    count[i] ? ((sum[i] as number) / (count[i] as number)) * SLOTS_PER_HOUR : null;
  const hours = (from: number, sum: Float64Array, count: Uint32Array) =>
    Array.from({ length: 24 }, (_, h) => average(sum, count, from + h));
  return {
    loadProfile: {
      weekday: hours(0, profileSum, profileCount),
      weekend: hours(24, profileSum, profileCount),
    },
    heatmap: Array.from({ length: 12 }, (_, m) => hours(m * 24, heatSum, heatCount)),
    baseLoadKw: median(dailyLowestHours(series, calendar)),
  };
}

/**
 * Each complete day's lowest hourly average demand (hours need all their slots). An hour with
 * export is left out of the minimum: behind a net meter, solar covering the load drives the
 * import to zero at midday, which is not what the building draws when nothing covers it.
 */
function dailyLowestHours(series: CanonicalSeries, calendar: SlotCalendar): number[] {
  const minimums: number[] = [];
  const { day, hour } = calendar;
  let currentDay = day[0] as number;
  let currentHour = hour[0] as number;
  let hourSum = 0;
  let hourSlots = 0;
  let hourExports = false;
  let dayMin = Number.POSITIVE_INFINITY;
  let dayHours = 0;
  for (let i = 0; i <= series.length; i++) {
    const last = i === series.length;
    const d = last ? Number.NaN : (day[i] as number);
    const h = last ? -1 : (hour[i] as number);
    if (last || d !== currentDay || h !== currentHour) {
      if (hourSlots >= SLOTS_PER_HOUR) {
        if (!hourExports) dayMin = Math.min(dayMin, (hourSum / hourSlots) * SLOTS_PER_HOUR);
        dayHours++;
      }
      hourSum = 0;
      hourSlots = 0;
      hourExports = false;
      currentHour = h;
      if (last || d !== currentDay) {
        if (dayHours >= HOURS_FOR_BASE_LOAD && Number.isFinite(dayMin)) minimums.push(dayMin);
        dayMin = Number.POSITIVE_INFINITY;
        dayHours = 0;
        currentDay = d;
      }
    }
    if (!last && series.quality[i] !== MISSING) {
      hourSum += series.delivered[i] as number;
      hourSlots++;
      if ((series.received[i] as number) > 0) hourExports = true;
    }
  }
  return minimums;
}

function median(values: number[]): number {
  if (values.length === 0) return 0;
  const sorted = values.slice().sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}
