import type { CanonicalSeries, SlotCalendar } from '../../intervals/index.ts';
import { MISSING } from '../../intervals/series.ts';

export interface DstDay {
  /** Local date `YYYY-MM-DD`. */
  date: string;
  kind: 'spring forward' | 'fall back';
  /** Hours in the local day (23 or 25). */
  hours: number;
  /** 15-minute intervals the local day has, those inside the series, and those with data. */
  expectedSlots: number;
  slotsInSeries: number;
  slotsWithData: number;
}

const DAY_MS = 86_400_000;

/** The local days of the series on which the clock changed, with their interval counts. */
export function dstDays(series: CanonicalSeries, calendar: SlotCalendar): DstDay[] {
  const days: DstDay[] = [];
  const { offsetMinutes, day } = calendar;
  for (let i = 1; i < series.length; i++) {
    const before = offsetMinutes[i - 1] as number;
    const after = offsetMinutes[i] as number;
    if (before === after) continue;
    const dayNumber = day[i] as number;
    let inSeries = 0;
    let withData = 0;
    for (let j = i; j >= 0 && day[j] === dayNumber; j--) {
      inSeries++;
      if (series.quality[j] !== MISSING) withData++;
    }
    for (let j = i + 1; j < series.length && day[j] === dayNumber; j++) {
      inSeries++;
      if (series.quality[j] !== MISSING) withData++;
    }
    const shiftSlots = (after - before) / 15;
    days.push({
      date: new Date(dayNumber * DAY_MS).toISOString().slice(0, 10),
      kind: after > before ? 'spring forward' : 'fall back',
      hours: 24 - (after - before) / 60,
      expectedSlots: 96 - shiftSlots,
      slotsInSeries: inSeries,
      slotsWithData: withData,
    });
  }
  return days;
}
