import { slotCalendar } from '../intervals/calendar.ts';
import { type CanonicalSeries, MISSING, SLOT_MS } from '../intervals/series.ts';
import { civilFromDays, DAY_MS, daysFromCivil, isoDate } from '../intervals/time/civil.ts';
import { zoneClock } from '../intervals/time/zone-clock.ts';
import { scheduleIndex } from './compile.ts';
import { type HolidayRule, holidaysOf, US_FEDERAL } from './holidays.ts';

/** A billing period as a statement prints it: local dates `YYYY-MM-DD`, both days included. */
interface BillingPeriod {
  start: string;
  end: string;
}

export interface BillingOptions {
  /**
   * Billing periods to price (in order, not overlapping), e.g. from statements. Without them the
   * series is billed by calendar months in its own zone.
   */
  periods?: readonly BillingPeriod[];
  /**
   * Days that follow the weekend schedules besides Saturdays and Sundays: a utility's rule (the
   * tariff's utility's from the catalogue by default), the observed US federal holidays (the
   * default for a utility the catalogue has no list for), none, or a list of local dates.
   */
  holidays?: 'us-federal' | 'none' | readonly string[] | HolidayRule;
}

export interface BillSpan {
  start: string;
  end: string;
  /** Local days in the period, both ends included. */
  days: number;
  /**
   * The share of a month this bill stands for: days / days in the month for a calendar month the
   * series covers only in part, 1 for a whole month or a given billing period.
   */
  monthFraction: number;
  /** A calendar month the series covers only in part. */
  partial: boolean;
  /** Month (0-11) whose flat demand charge applies: the month of the period's middle day. */
  month0: number;
  /** Quarter hours in the period that the series lacks or marks missing (DST-aware). */
  missingSlots: number;
}

/**
 * What pricing needs from a series, computed once and shared by every tariff priced on it: per
 * slot its schedule index (day type, month, hour), its bill, and where a clock hour starts.
 */
export interface SeriesContext {
  series: CanonicalSeries;
  schedule: Uint16Array;
  bill: Int32Array;
  /** 1 where a slot opens a clock hour (the repeated fall-back hour is an hour of its own). */
  hourStart: Uint8Array;
  bills: BillSpan[];
}

function parseDate(iso: string, field: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  const day = m ? daysFromCivil(Number(m[1]), Number(m[2]), Number(m[3])) : Number.NaN;
  if (!m || isoDate(day) !== iso)
    throw new RangeError(`${field} "${iso}" is not a date YYYY-MM-DD`);
  return day;
}

const isDateList = (option: BillingOptions['holidays']): option is readonly string[] =>
  Array.isArray(option);

function holidayDays(option: BillingOptions['holidays'], firstYear: number, lastYear: number) {
  const days = new Set<number>();
  if (option === 'none') return days;
  if (isDateList(option)) {
    for (const iso of option) days.add(parseDate(iso, 'holiday'));
    return days;
  }
  const rule = option === undefined || option === 'us-federal' ? US_FEDERAL : option;
  // The year after the last too: its New Year's Day may be observed on 31 December.
  for (let y = firstYear; y <= lastYear + 1; y++) for (const d of holidaysOf(rule, y)) days.add(d);
  return days;
}

/** Slots [from, to) of the series inside the local days first..last, and how many it should hold. */
function slotRange(series: CanonicalSeries, first: number, last: number) {
  const clock = zoneClock(series.timeZone);
  const from = clock.resolve(first * DAY_MS);
  const to = clock.resolve((last + 1) * DAY_MS);
  return {
    firstSlot: Math.max(0, Math.ceil((from - series.start) / SLOT_MS)),
    endSlot: Math.min(series.length, Math.floor((to - series.start) / SLOT_MS)),
    expected: Math.round((to - from) / SLOT_MS),
  };
}

function daysInMonth(year: number, month: number): number {
  return (
    (month === 12 ? daysFromCivil(year + 1, 1, 1) : daysFromCivil(year, month + 1, 1)) -
    daysFromCivil(year, month, 1)
  );
}

export function seriesContext(
  series: CanonicalSeries,
  options: BillingOptions = {},
): SeriesContext {
  const n = series.length;
  const calendar = slotCalendar(series);
  const firstYear = n > 0 ? (calendar.year[0] as number) : 1970;
  const lastYear = n > 0 ? (calendar.year[n - 1] as number) : 1970;
  const holidays = holidayDays(options.holidays, firstYear, lastYear);

  // Imported bindings read once: a module's live binding can cost a getter call per read in the
  // loop under a CommonJS-style loader (tsx), which would be most of this loop's time.
  const indexOf = scheduleIndex;
  const missing = MISSING;
  const schedule = new Uint16Array(n);
  const hourStart = new Uint8Array(n);
  let cachedDay = Number.NaN;
  let weekend = 0;
  for (let i = 0; i < n; i++) {
    const day = calendar.day[i] as number;
    if (day !== cachedDay) {
      const weekday = calendar.weekday[i] as number;
      weekend = weekday === 0 || weekday === 6 || holidays.has(day) ? 1 : 0;
      cachedDay = day;
    }
    const hour = calendar.hour[i] as number;
    schedule[i] = indexOf(weekend, (calendar.month[i] as number) - 1, hour);
    hourStart[i] =
      i === 0 ||
      hour !== calendar.hour[i - 1] ||
      day !== calendar.day[i - 1] ||
      calendar.offsetMinutes[i] !== calendar.offsetMinutes[i - 1]
        ? 1
        : 0;
  }

  const bill = new Int32Array(n).fill(-1);
  const bills: BillSpan[] = [];
  const missingIn = (b: number, firstSlot: number, endSlot: number, expected: number) => {
    let present = 0;
    for (let i = firstSlot; i < endSlot; i++) {
      bill[i] = b;
      if (series.quality[i] !== missing) present++;
    }
    return Math.max(0, expected - present);
  };

  if (options.periods) {
    let previousEnd = Number.NEGATIVE_INFINITY;
    options.periods.forEach((period, b) => {
      const first = parseDate(period.start, `periods[${b}].start`);
      const last = parseDate(period.end, `periods[${b}].end`);
      if (last < first) throw new RangeError(`periods[${b}] ends before it starts`);
      if (first <= previousEnd) {
        throw new RangeError(`periods[${b}] starts before the period before it ends`);
      }
      previousEnd = last;
      const { firstSlot, endSlot, expected } = slotRange(series, first, last);
      bills.push({
        start: period.start,
        end: period.end,
        days: last - first + 1,
        monthFraction: 1,
        partial: false,
        month0: civilFromDays(Math.floor((first + last) / 2)).month - 1,
        missingSlots: missingIn(b, firstSlot, endSlot, expected),
      });
    });
    return { series, schedule, bill, hourStart, bills };
  }

  // Calendar months in the series' zone, each from the first to the last local day the series has
  // in it.
  let i = 0;
  while (i < n) {
    const year = calendar.year[i] as number;
    const month = calendar.month[i] as number;
    let j = i;
    while (j < n && calendar.month[j] === month && calendar.year[j] === year) j++;
    const first = calendar.day[i] as number;
    const last = calendar.day[j - 1] as number;
    const days = last - first + 1;
    const inMonth = daysInMonth(year, month);
    const { expected } = slotRange(series, first, last);
    bills.push({
      start: isoDate(first),
      end: isoDate(last),
      days,
      monthFraction: days / inMonth,
      partial: days < inMonth,
      month0: month - 1,
      missingSlots: missingIn(bills.length, i, j, expected),
    });
    i = j;
  }
  return { series, schedule, bill, hourStart, bills };
}
