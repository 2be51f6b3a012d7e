import { DAY_MS, isoDate } from './civil.ts';
import { zoneClock } from './zone-clock.ts';

/** The local calendar date (`YYYY-MM-DD`) of a UTC instant in an IANA zone. */
export function localDateOf(utc: number, timeZone: string): string {
  const local = utc + zoneClock(timeZone).offsetAt(utc);
  return isoDate(Math.floor(local / DAY_MS));
}
