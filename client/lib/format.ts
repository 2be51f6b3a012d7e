import { kwhText, moneyText } from '@common/quantities.ts';

const longDate = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  timeZone: 'UTC',
});
const weekdayDate = new Intl.DateTimeFormat('en-US', {
  weekday: 'long',
  year: 'numeric',
  month: 'long',
  day: 'numeric',
});

/** "$8,247.50": an amount in cents, with thousands separators and always two decimals. */
export function formatUsd(cents: number): string {
  return moneyText(cents);
}

/** "1,668.51 kWh", "45,720 kWh": to the hundredth, as everywhere on screen. */
export function formatKwh(kwh: number): string {
  return `${kwhText(kwh)} kWh`;
}

/** "September 30, 2024" for a calendar date "2024-09-30", whatever the viewer's time zone. */
export function formatCalendarDate(isoDate: string): string {
  return longDate.format(new Date(`${isoDate}T00:00:00Z`));
}

/** "Friday, November 22, 2024": today's date in the viewer's time zone. */
export function formatToday(now: Date = new Date()): string {
  return weekdayDate.format(now);
}

/** "1.2 MB" / "245 KB" for a size in bytes. */
export function formatFileSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}
