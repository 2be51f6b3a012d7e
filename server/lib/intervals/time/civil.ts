// Calendar arithmetic on "wall clock" milliseconds: a local date and time written as if it were
// UTC. Plain integer maths (Howard Hinnant's days-from-civil) because the importers call it for
// every row and Date objects would dominate the cost.

export const MINUTE_MS = 60_000;
export const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;

/**
 * `value` modulo `divisor`, never negative for a positive divisor. Instants in ms are beyond
 * V8's small integers, where `%` becomes a call to the C library's fmod; this is a division and
 * a floor, several times faster on the importers' per-row paths, and exact for whole ms.
 */
export function modulo(value: number, divisor: number): number {
  return value - Math.floor(value / divisor) * divisor;
}

/** Days since 1970-01-01 of a proleptic Gregorian date (month 1-12). */
export function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const mp = (month + 9) % 12;
  const doy = Math.floor((153 * mp + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146_097 + doe - 719_468;
}

export interface CivilDate {
  year: number;
  month: number;
  day: number;
}

export function civilFromDays(days: number): CivilDate {
  const z = days + 719_468;
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097;
  const yoe = Math.floor(
    (doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365,
  );
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  return { year: yoe + era * 400 + (month <= 2 ? 1 : 0), month, day };
}

/** Whether a year/month/day names a real date (rejects 2023-02-30). */
export function isValidDate(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  if (day <= 28) return true;
  const next = civilFromDays(daysFromCivil(year, month, day));
  return next.month === month;
}

/** 0 = Sunday ... 6 = Saturday, of a day number. */
export function weekdayOfDays(days: number): number {
  return (((days + 4) % 7) + 7) % 7;
}

const pad2 = (n: number) => (n < 10 ? `0${n}` : `${n}`);

/** `YYYY-MM-DD` of a day number. */
export function isoDate(days: number): string {
  const { year, month, day } = civilFromDays(days);
  return `${year}-${pad2(month)}-${pad2(day)}`;
}

/** `YYYY-MM-DDTHH:MM:SS` of wall-clock milliseconds. */
export function isoWallClock(ms: number): string {
  const days = Math.floor(ms / DAY_MS);
  const rest = ms - days * DAY_MS;
  const h = Math.floor(rest / HOUR_MS);
  const m = Math.floor((rest % HOUR_MS) / MINUTE_MS);
  const s = Math.floor((rest % MINUTE_MS) / 1000);
  return `${isoDate(days)}T${pad2(h)}:${pad2(m)}:${pad2(s)}`;
}

/** `+HH:MM` / `-HH:MM` of an offset in milliseconds. */
export function isoOffset(offsetMs: number): string {
  const sign = offsetMs < 0 ? '-' : '+';
  const minutes = Math.abs(offsetMs) / MINUTE_MS;
  return `${sign}${pad2(Math.floor(minutes / 60))}:${pad2(minutes % 60)}`;
}

/** `YYYY-MM-DD HH:MM` label of wall-clock milliseconds, for messages. */
export function wallClockLabel(ms: number): string {
  return isoWallClock(ms).slice(0, 16).replace('T', ' ');
}
