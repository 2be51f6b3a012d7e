import { type CanonicalSeries, SLOT_MS } from './series.ts';
import { civilFromDays, DAY_MS, HOUR_MS, weekdayOfDays } from './time/civil.ts';
import { zoneClock } from './time/zone-clock.ts';

/** Each slot's place on the local calendar, computed once for the analyses and exports. */
export interface SlotCalendar {
  /** Local day number (days since 1970-01-01). */
  day: Int32Array;
  /** Local hour 0-23. */
  hour: Uint8Array;
  /** Local month 1-12 and year. */
  month: Uint8Array;
  year: Uint16Array;
  /** 0 = Sunday ... 6 = Saturday. */
  weekday: Uint8Array;
  /** Local offset from UTC in minutes. */
  offsetMinutes: Int16Array;
}

export function slotCalendar(series: CanonicalSeries): SlotCalendar {
  const n = series.length;
  const calendar: SlotCalendar = {
    day: new Int32Array(n),
    hour: new Uint8Array(n),
    month: new Uint8Array(n),
    year: new Uint16Array(n),
    weekday: new Uint8Array(n),
    offsetMinutes: new Int16Array(n),
  };
  const clock = zoneClock(series.timeZone);
  let cachedDay = Number.NaN;
  let month = 0;
  let year = 0;
  let weekday = 0;
  for (let i = 0; i < n; i++) {
    const utc = series.start + i * SLOT_MS;
    const offset = clock.offsetAt(utc);
    const local = utc + offset;
    const day = Math.floor(local / DAY_MS);
    if (day !== cachedDay) {
      const civil = civilFromDays(day);
      month = civil.month;
      year = civil.year;
      weekday = weekdayOfDays(day);
      cachedDay = day;
    }
    calendar.day[i] = day;
    calendar.hour[i] = Math.floor((local - day * DAY_MS) / HOUR_MS);
    calendar.month[i] = month;
    calendar.year[i] = year;
    calendar.weekday[i] = weekday;
    calendar.offsetMinutes[i] = offset / 60_000;
  }
  return calendar;
}
