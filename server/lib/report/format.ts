// Numbers and times as the report prints them (en-US). Each formatter takes a value that is
// known; callers decide what to print when a figure is missing. Energy, power, money and
// percentages follow the product's one rule for each (common/quantities.ts).
import { dollarsText, kwhText, kwText, pctText } from '../../../common/quantities.ts';

const intFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const oneDecimal = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

/** `1,391.67` (to the hundredth; a whole figure without decimals). */
export const formatKWh = kwhText;
/** `6.64` */
export const formatKw = kwText;
/** `100.0%`, `under 0.1%` */
export const formatPct = pctText;
/** `$1,234.56` for an amount in dollars. */
export const formatMoney = dollarsText;
export const formatInt = (n: number) => intFormat.format(n);

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${formatInt(bytes)} bytes`;
  const kb = bytes / 1024;
  const short = kb < 1024 ? `${oneDecimal.format(kb)} KB` : `${oneDecimal.format(kb / 1024)} MB`;
  return `${short} (${formatInt(bytes)} bytes)`;
}

export function formatHours(minutes: number): string {
  if (minutes < 60) return `${formatInt(minutes)} min`;
  const hours = minutes / 60;
  return hours < 48
    ? `${oneDecimal.format(hours)} h`
    : `${oneDecimal.format(hours / 24)} days (${formatInt(hours)} h)`;
}

const zoneFormats = new Map<string, Intl.DateTimeFormat>();

function zoneFormat(timeZone: string): Intl.DateTimeFormat {
  let format = zoneFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZoneName: 'short',
    });
    zoneFormats.set(timeZone, format);
  }
  return format;
}

/** Whether Intl knows the zone. */
export function isKnownZone(timeZone: string): boolean {
  try {
    zoneFormat(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** Local date, time and zone of a UTC instant: `2012-03-09 08:45 EST`. */
export function formatLocal(utc: number, timeZone: string, withZone = true): string {
  const p: Record<string, string> = {};
  for (const part of zoneFormat(timeZone).formatToParts(utc)) p[part.type] = part.value;
  const stamp = `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}`;
  return withZone ? `${stamp} ${p.timeZoneName}` : stamp;
}

/** Local calendar date `YYYY-MM-DD` of a UTC instant. */
export const formatLocalDate = (utc: number, timeZone: string) =>
  formatLocal(utc, timeZone, false).slice(0, 10);

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** `2024-03` -> `Mar 2024`. */
export function formatMonth(isoMonth: string): string {
  const month = MONTHS[Number(isoMonth.slice(5, 7)) - 1];
  return month ? `${month} ${isoMonth.slice(0, 4)}` : isoMonth;
}

export const monthName = (index: number) => MONTHS[index] ?? '';
