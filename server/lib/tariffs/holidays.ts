import { daysFromCivil, weekdayOfDays } from '../intervals/time/civil.ts';

// US federal holidays as the Office of Personnel Management observes them (5 U.S.C. 6103): a
// holiday that falls on a Saturday is observed on the Friday before, one on a Sunday on the
// Monday after. Juneteenth is counted from 2021, the year it became a federal holiday.

/** Day number of the `n`th (1-based) `weekday` (0 = Sunday) of a month; n = -1 for the last. */
function nthWeekday(year: number, month: number, weekday: number, n: number): number {
  if (n < 0) {
    const nextMonth =
      month === 12 ? daysFromCivil(year + 1, 1, 1) : daysFromCivil(year, month + 1, 1);
    const last = nextMonth - 1;
    return last - ((weekdayOfDays(last) - weekday + 7) % 7);
  }
  const first = daysFromCivil(year, month, 1);
  return first + ((weekday - weekdayOfDays(first) + 7) % 7) + (n - 1) * 7;
}

function observed(day: number): number {
  const weekday = weekdayOfDays(day);
  return weekday === 6 ? day - 1 : weekday === 0 ? day + 1 : day;
}

/** The observed federal holidays of one year's dates (New Year's Day of `year` may fall on 31 December before it). */
export function federalHolidays(year: number): number[] {
  const days = [
    observed(daysFromCivil(year, 1, 1)),
    nthWeekday(year, 1, 1, 3), // Birthday of Martin Luther King, Jr.
    nthWeekday(year, 2, 1, 3), // Washington's Birthday
    nthWeekday(year, 5, 1, -1), // Memorial Day
    observed(daysFromCivil(year, 7, 4)),
    nthWeekday(year, 9, 1, 1), // Labor Day
    nthWeekday(year, 10, 1, 2), // Columbus Day
    observed(daysFromCivil(year, 11, 11)),
    nthWeekday(year, 11, 4, 4), // Thanksgiving Day
    observed(daysFromCivil(year, 12, 25)),
  ];
  if (year >= 2021) days.push(observed(daysFromCivil(year, 6, 19)));
  return days.sort((a, b) => a - b);
}
