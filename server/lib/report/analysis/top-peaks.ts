import { type CanonicalSeries, SLOT_MS } from '../../intervals/index.ts';
import { MISSING } from '../../intervals/series.ts';

export interface PeakInterval {
  /** UTC ms. */
  start: number;
  minutes: number;
  kW: number;
  kWh: number;
}

/**
 * The highest-demand intervals at the source's resolution: an hourly file spread over four
 * 15-minute slots is ranked by hour, not as four equal quarter hours. Intervals with a missing
 * slot are left out; ties keep the earlier interval first.
 */
export function topPeaks(series: CanonicalSeries, count = 10): PeakInterval[] {
  const seconds = series.sourceIntervalSeconds;
  const width = seconds > 900 && seconds % 900 === 0 ? seconds / 900 : 1;
  const top: PeakInterval[] = [];
  for (let first = 0; first + width <= series.length; first += width) {
    let kWh = 0;
    let complete = true;
    for (let i = first; i < first + width; i++) {
      if (series.quality[i] === MISSING) {
        complete = false;
        break;
      }
      kWh += series.delivered[i] as number;
    }
    if (!complete) continue;
    const last = top[top.length - 1];
    if (top.length === count && last && kWh <= last.kWh) continue;
    const minutes = width * 15;
    const entry = { start: series.start + first * SLOT_MS, minutes, kW: kWh / (minutes / 60), kWh };
    let at = top.length;
    while (at > 0 && (top[at - 1] as PeakInterval).kWh < kWh) at--;
    top.splice(at, 0, entry);
    if (top.length > count) top.pop();
  }
  return top;
}
