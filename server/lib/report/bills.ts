import type { ReportBill } from './types.ts';

/**
 * A statement this far from the end of the interval data (in days) does not describe the same
 * months: a year of load beside a bill from another year is read as one picture, so the report
 * says the recent statement is missing instead.
 */
const STATEMENT_RECENT_DAYS = 45;

const DAY_MS = 86_400_000;

/** Days between two ISO dates, `to` minus `from`. */
const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS);

/** Days a billing period covers as utilities count them: both ends included. */
export const periodDays = (start: string, end: string) => daysBetween(start, end) + 1;

/** The last day a statement speaks for: its period's end, else the date it was issued. */
const billEnd = (bill: ReportBill) => bill.periodEnd ?? bill.statementDate;

/**
 * Why the newest statement does not sit beside the interval data, in words; undefined when a
 * statement ends within STATEMENT_RECENT_DAYS of the data's last day, or nothing can be compared.
 */
export function statementGap(
  bills: ReportBill[],
  intervalEnd: string | undefined,
): string | undefined {
  if (!intervalEnd) return undefined;
  const dated = bills.filter((b) => billEnd(b) !== undefined);
  if (dated.length === 0) return undefined;
  const ends = dated.map((b) => billEnd(b) as string).sort();
  const nearest = ends.reduce((best, end) =>
    Math.abs(daysBetween(end, intervalEnd)) < Math.abs(daysBetween(best, intervalEnd)) ? end : best,
  );
  const gap = daysBetween(nearest, intervalEnd);
  if (Math.abs(gap) <= STATEMENT_RECENT_DAYS) return undefined;
  const newest = ends[ends.length - 1] as string;
  const distance = spanWords(Math.abs(daysBetween(newest, intervalEnd)));
  const when = daysBetween(newest, intervalEnd) > 0 ? 'before' : 'after';
  return `No statement covers the end of the interval data (${intervalEnd}): the newest statement ends ${newest}, ${distance} ${when} it. A statement within ${STATEMENT_RECENT_DAYS} days of the interval data’s end is needed to read the two side by side.`;
}

/** `14 months`, `3 weeks`, `20 days`: how far apart two dates are, roughly, in words. */
function spanWords(days: number): string {
  if (days >= 60) {
    const months = Math.round(days / 30.44);
    return `${months} months`;
  }
  if (days >= 14) return `${Math.round(days / 7)} weeks`;
  return `${days} ${days === 1 ? 'day' : 'days'}`;
}

/** Words an address is written with in more than one way, in their short form. */
const ADDRESS_WORDS: Record<string, string> = {
  street: 'st',
  avenue: 'ave',
  road: 'rd',
  boulevard: 'blvd',
  drive: 'dr',
  lane: 'ln',
  court: 'ct',
  place: 'pl',
  highway: 'hwy',
  parkway: 'pkwy',
  suite: 'ste',
  apartment: 'apt',
  unit: 'unit',
  north: 'n',
  south: 's',
  east: 'e',
  west: 'w',
  california: 'ca',
};

/** An address reduced to what identifies it: lower case, no punctuation, short street words. */
function addressKey(address: string): string[] {
  return address
    .toLowerCase()
    .replace(/[#.,]/g, ' ')
    .split(/\s+/)
    .filter((w) => w !== '')
    .map((w) => ADDRESS_WORDS[w] ?? w);
}

/**
 * Whether the address printed on a statement and the one given for the account name different
 * places. A bill often adds the city, state or ZIP the customer left out, so one that starts
 * with the other (by its words) is the same address.
 */
export function addressesDiffer(given: string, printed: string): boolean {
  const a = addressKey(given);
  const b = addressKey(printed);
  if (a.length === 0 || b.length === 0) return false;
  const [shorter, longer] = a.length <= b.length ? [a, b] : [b, a];
  return !shorter.every((word, i) => longer[i] === word);
}
