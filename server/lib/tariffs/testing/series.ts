import { ACTUAL, type CanonicalSeries, SLOT_MS } from '../../intervals/series.ts';
import { DAY_MS, daysFromCivil, isoWallClock } from '../../intervals/time/civil.ts';
import { zoneClock } from '../../intervals/time/zone-clock.ts';
import type { UrdbRate } from '../urdb.ts';

/** A slot's local time, as the tests' load shapes see it. */
export interface SlotTime {
  /** `YYYY-MM-DD`. */
  date: string;
  hour: number;
  minute: number;
  /** 0-based index of the slot in its local hour (the repeated fall-back hour counts on: 4-7). */
  quarter: number;
  utc: number;
}

const dayOf = (iso: string) =>
  daysFromCivil(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)), Number(iso.slice(8, 10)));

/**
 * A canonical series over the local days `from`..`to` (both included) in `timeZone`, each slot's
 * delivered and received kWh given by `shape` (a number is delivered only).
 */
export function buildSeries(
  timeZone: string,
  from: string,
  to: string,
  shape: (t: SlotTime) => number | readonly [number, number],
): CanonicalSeries {
  const clock = zoneClock(timeZone);
  const start = clock.resolve(dayOf(from) * DAY_MS);
  const end = clock.resolve((dayOf(to) + 1) * DAY_MS);
  const length = Math.round((end - start) / SLOT_MS);
  const delivered = new Float64Array(length);
  const received = new Float64Array(length);
  let lastHourKey = '';
  let quarter = 0;
  for (let i = 0; i < length; i++) {
    const utc = start + i * SLOT_MS;
    const local = isoWallClock(utc + clock.offsetAt(utc));
    const hourKey = local.slice(0, 13);
    quarter = hourKey === lastHourKey ? quarter + 1 : 0;
    lastHourKey = hourKey;
    const value = shape({
      date: local.slice(0, 10),
      hour: Number(local.slice(11, 13)),
      minute: Number(local.slice(14, 16)),
      quarter,
      utc,
    });
    if (typeof value === 'number') delivered[i] = value;
    else {
      delivered[i] = value[0];
      received[i] = value[1];
    }
  }
  return {
    timeZone,
    start,
    length,
    delivered,
    received,
    cost: new Float64Array(length),
    quality: new Uint8Array(length).fill(ACTUAL),
    split: new Uint8Array(length),
    hasReceived: received.some((v) => v > 0),
    hasCost: false,
    sourceIntervalSeconds: 900,
  };
}

/** A 12 × 24 schedule giving `period(month0, hour)`. */
export function schedule(period: (month0: number, hour: number) => number): number[][] {
  return Array.from({ length: 12 }, (_, m) => Array.from({ length: 24 }, (_, h) => period(m, h)));
}

/** A synthetic tariff (invented figures, for tests only) with one period of `rate` $/kWh. */
export function flatTariff(rate: number, extra: Partial<UrdbRate> = {}): UrdbRate {
  return {
    utility: 'Synthetic Test Utility',
    name: `Synthetic flat ${rate}`,
    energyratestructure: [[{ rate, unit: 'kWh' }]],
    energyweekdayschedule: schedule(() => 0),
    energyweekendschedule: schedule(() => 0),
    ...extra,
  };
}
