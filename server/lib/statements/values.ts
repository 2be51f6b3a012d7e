import { daysFromCivil, isoDate, isValidDate } from '../intervals/time/civil.ts';

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/** A date as printed on bills, as an ISO date: M/D/YYYY, M/D/YY, "Dec 9, 2022", ISO. */
export const DATE =
  /(\d{1,2}\/\d{1,2}\/(?:\d{4}|\d{2})\b|\d{4}-\d{2}-\d{2}\b|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?\s+\d{1,2},?\s+\d{4}\b)/i;

export function isoDateOf(text: string): string | undefined {
  const t = text.trim();
  const slashed = /^(\d{1,2})\/(\d{1,2})\/(\d{2}|\d{4})$/.exec(t);
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(t);
  const named = /^([a-z]+)\.?\s+(\d{1,2}),?\s+(\d{4})$/i.exec(t);
  let ymd: [number, number, number];
  if (slashed) {
    const year = Number(slashed[3]);
    ymd = [year < 100 ? year + 2000 : year, Number(slashed[1]), Number(slashed[2])];
  } else if (iso) ymd = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  else if (named) {
    const month = MONTHS.indexOf((named[1] ?? '').slice(0, 3).toLowerCase()) + 1;
    ymd = [Number(named[3]), month, Number(named[2])];
  } else return undefined;
  const [year, month, day] = ymd;
  if (!isValidDate(year, month, day)) return undefined;
  return isoDate(daysFromCivil(year, month, day));
}

/** An amount as printed: "$1,234.56", "-$0.20", "($12.34)", "12.34 CR" (credits negative). */
export const AMOUNT = /(\(?-?\$?\s?-?\d{1,3}(?:,\d{3})*\.\d{2}\)?(?:\s?CR\b)?)/i;

export function centsOf(text: string): number | undefined {
  const t = text.trim();
  const m = /^(\()?(-)?\$?\s?(-)?(\d{1,3}(?:,\d{3})*|\d+)\.(\d{2})\)?(\s?CR)?$/i.exec(t);
  if (!m) return undefined;
  const cents = Number((m[4] ?? '').replace(/,/g, '')) * 100 + Number(m[5]);
  const negative = Boolean(m[1] || m[2] || m[3] || m[6]);
  return negative ? -cents : cents;
}

/** A quantity such as "327.119000" or "1,204" as a number. */
export function numberOf(text: string): number | undefined {
  const value = Number(text.replace(/,/g, ''));
  return Number.isFinite(value) ? value : undefined;
}
