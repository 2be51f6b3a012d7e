import { type SlotCalendar, slotCalendar } from './calendar.ts';
import { loadShape } from './load-shape.ts';
import { type CanonicalSeries, MISSING, SLOT_MS } from './series.ts';
import { isoDate, isoOffset, isoWallClock } from './time/civil.ts';

const SLOTS_PER_HOUR = 4;

interface UsageTotals {
  deliveredKWh: number;
  receivedKWh: number;
  netKWh: number;
  /** Sum of interval costs, when the file gave costs. */
  cost: number | undefined;
}

export interface MonthlyUsage extends UsageTotals {
  /** Local calendar month, `YYYY-MM`. */
  month: string;
  peakKw: number;
  /** Slots with data, and slots the local month has inside the series. */
  slots: number;
  missingSlots: number;
}

interface DailyUsage extends UsageTotals {
  /** Local date `YYYY-MM-DD`. */
  date: string;
  /** Slots with data (92 on a spring-forward day of complete 15-minute data, 100 at fall-back). */
  slots: number;
}

export interface Analytics extends UsageTotals {
  timeZone: string;
  /** UTC ms of the first slot and the end of the last one. */
  start: number;
  end: number;
  monthly: MonthlyUsage[];
  daily: DailyUsage[];
  /** Highest 15-minute average demand delivered (an hourly average for hourly sources). */
  peak: { kW: number; start: number; local: string } | undefined;
  averageKw: number;
  /** Median over days of the lowest hourly average demand of the day. */
  baseLoadKw: number;
  /** Average demand over peak demand. */
  loadFactor: number;
  /** Average kW for each local hour 0-23 of weekdays and weekend days (null: no data). */
  loadProfile: { weekday: Array<number | null>; weekend: Array<number | null> };
  /** Average kW by local month (row 0 = January) and hour (column 0 = midnight). */
  heatmap: Array<Array<number | null>>;
  costPerKWh: number | undefined;
}

/** Totals, monthly and daily use, peak, base load, load factor, load profile and heatmap. */
export function analyze(
  series: CanonicalSeries,
  calendar: SlotCalendar = slotCalendar(series),
): Analytics {
  const monthly = new Map<number, MonthlyUsage>();
  const daily = new Map<number, DailyUsage>();
  const totals = emptyTotals(series.hasCost);
  let peak = -1;
  let peakSlot = -1;
  let present = 0;
  let month: MonthlyUsage | undefined;
  let monthKey = -1;
  let day: DailyUsage | undefined;
  let dayKey = Number.NaN;
  for (let i = 0; i < series.length; i++) {
    const year = calendar.year[i] as number;
    const key = year * 12 + (calendar.month[i] as number);
    if (key !== monthKey || !month) {
      monthKey = key;
      month = monthly.get(key);
      if (!month) {
        const name = `${year}-${String(calendar.month[i]).padStart(2, '0')}`;
        month = {
          month: name,
          ...emptyTotals(series.hasCost),
          peakKw: 0,
          slots: 0,
          missingSlots: 0,
        };
        monthly.set(key, month);
      }
    }
    if (series.quality[i] === MISSING) {
      month.missingSlots++;
      continue;
    }
    const dayNumber = calendar.day[i] as number;
    if (dayNumber !== dayKey || !day) {
      dayKey = dayNumber;
      day = daily.get(dayNumber);
      if (!day) {
        day = { date: isoDate(dayNumber), ...emptyTotals(series.hasCost), slots: 0 };
        daily.set(dayNumber, day);
      }
    }
    const kWh = series.delivered[i] as number;
    const cost = series.cost[i] as number;
    add(totals, kWh, series.received[i] as number, cost);
    add(month, kWh, series.received[i] as number, cost);
    add(day, kWh, series.received[i] as number, cost);
    month.slots++;
    day.slots++;
    present++;
    const kW = kWh * SLOTS_PER_HOUR;
    if (kW > month.peakKw) month.peakKw = kW;
    if (kW > peak) {
      peak = kW;
      peakSlot = i;
    }
  }
  const averageKw = present > 0 ? (totals.deliveredKWh / present) * SLOTS_PER_HOUR : 0;
  const peakStart = series.start + peakSlot * SLOT_MS;
  const shape = loadShape(series, calendar);
  return {
    timeZone: series.timeZone,
    start: series.start,
    end: series.start + series.length * SLOT_MS,
    ...totals,
    monthly: [...monthly.values()],
    daily: [...daily.values()],
    peak:
      peakSlot < 0
        ? undefined
        : {
            kW: peak,
            start: peakStart,
            local:
              isoWallClock(peakStart + (calendar.offsetMinutes[peakSlot] as number) * 60_000) +
              isoOffset((calendar.offsetMinutes[peakSlot] as number) * 60_000),
          },
    averageKw,
    baseLoadKw: shape.baseLoadKw,
    loadFactor: peak > 0 ? averageKw / peak : 0,
    loadProfile: shape.loadProfile,
    heatmap: shape.heatmap,
    costPerKWh:
      totals.cost !== undefined && totals.deliveredKWh > 0
        ? totals.cost / totals.deliveredKWh
        : undefined,
  };
}

function emptyTotals(hasCost: boolean): UsageTotals {
  return { deliveredKWh: 0, receivedKWh: 0, netKWh: 0, cost: hasCost ? 0 : undefined };
}

function add(t: UsageTotals, delivered: number, received: number, cost: number): void {
  t.deliveredKWh += delivered;
  t.receivedKWh += received;
  t.netKWh += delivered - received;
  if (t.cost !== undefined) t.cost += cost;
}
