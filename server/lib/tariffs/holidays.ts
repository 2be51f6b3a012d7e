import { daysFromCivil, weekdayOfDays } from '../intervals/time/civil.ts';

/** The holidays a time-of-use tariff can price on its weekend schedule. */
export const HOLIDAY_NAMES = [
  'new-years-day',
  'martin-luther-king-day',
  'presidents-day',
  'memorial-day',
  'juneteenth',
  'independence-day',
  'labor-day',
  'columbus-day',
  'veterans-day',
  'thanksgiving-day',
  'day-after-thanksgiving',
  'christmas-day',
] as const;
export type HolidayName = (typeof HOLIDAY_NAMES)[number];

/**
 * Where a fixed-date holiday that falls on a weekend is kept: `federal` as the Office of Personnel
 * Management observes it (5 U.S.C. 6103: a Saturday holiday on the Friday before, a Sunday one on
 * the Monday after); `sunday-to-monday` as California's utilities write it (a Sunday holiday on
 * the Monday after, a Saturday one not moved).
 */
export const OBSERVANCES = ['federal', 'sunday-to-monday'] as const;
export type Observance = (typeof OBSERVANCES)[number];

/** A list of holidays and how their dates move off a weekend. */
export interface HolidayRule {
  holidays: readonly HolidayName[];
  observance: Observance;
}

/** The US federal holidays; Juneteenth is counted from 2021, the year it became one. */
export const US_FEDERAL: HolidayRule = {
  holidays: [
    'new-years-day',
    'martin-luther-king-day',
    'presidents-day',
    'memorial-day',
    'juneteenth',
    'independence-day',
    'labor-day',
    'columbus-day',
    'veterans-day',
    'thanksgiving-day',
    'christmas-day',
  ],
  observance: 'federal',
};

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

function observed(day: number, observance: Observance): number {
  const weekday = weekdayOfDays(day);
  if (weekday === 0) return day + 1;
  return weekday === 6 && observance === 'federal' ? day - 1 : day;
}

/** The day a holiday is kept in `year`, or undefined when it was none that year. */
function dayOf(name: HolidayName, year: number, observance: Observance): number | undefined {
  const fixed = (month: number, day: number) =>
    observed(daysFromCivil(year, month, day), observance);
  switch (name) {
    case 'new-years-day':
      return fixed(1, 1);
    case 'martin-luther-king-day':
      return nthWeekday(year, 1, 1, 3);
    case 'presidents-day':
      return nthWeekday(year, 2, 1, 3);
    case 'memorial-day':
      return nthWeekday(year, 5, 1, -1);
    case 'juneteenth':
      return year >= 2021 ? fixed(6, 19) : undefined;
    case 'independence-day':
      return fixed(7, 4);
    case 'labor-day':
      return nthWeekday(year, 9, 1, 1);
    case 'columbus-day':
      return nthWeekday(year, 10, 1, 2);
    case 'veterans-day':
      return fixed(11, 11);
    case 'thanksgiving-day':
      return nthWeekday(year, 11, 4, 4);
    case 'day-after-thanksgiving':
      return nthWeekday(year, 11, 4, 4) + 1;
    case 'christmas-day':
      return fixed(12, 25);
  }
}

/**
 * The days a rule keeps as holidays for one year's holidays, sorted (under `federal`, New Year's
 * Day of `year` may fall on 31 December before it).
 */
export function holidaysOf(rule: HolidayRule, year: number): number[] {
  const days = new Set<number>();
  for (const name of rule.holidays) {
    const day = dayOf(name, year, rule.observance);
    if (day !== undefined) days.add(day);
  }
  return [...days].sort((a, b) => a - b);
}

/** The observed federal holidays of one year's dates (New Year's Day of `year` may fall on 31 December before it). */
export function federalHolidays(year: number): number[] {
  return holidaysOf(US_FEDERAL, year);
}
