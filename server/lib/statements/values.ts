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

/** The languages whose statements are read by their labels. */
export type Language = 'en' | 'fr' | 'es';

/**
 * How a statement writes its numbers: the order of a numeric date's day and month (11/08/2022 is
 * Nov 8 in the US, 11 Aug in France, Spain, the UK, Ireland and Australia) and the decimal mark.
 */
export interface NumberStyle {
  order: 'mdy' | 'dmy';
  decimal: '.' | ',';
}

const FOLDED: Record<string, string> = {
  '\u2018': "'",
  '\u2019': "'",
  '\u00a0': ' ',
  '\u2007': ' ',
  '\u2009': ' ',
  '\u202f': ' ',
  '\u2212': '-',
  '\u2013': '-',
  '\u2014': '-',
};

/**
 * The text with accents dropped, curly apostrophes and dashes made plain, and no-break and thin
 * spaces made spaces, character for character (the same length, so a match in the folded text
 * is at the same place in the printed one): labels are written once without accents.
 */
export function fold(text: string): string {
  return text.replace(
    /[\u00c0-\u017f\u2018\u2019\u00a0\u2007\u2009\u202f\u2212\u2013\u2014]/g,
    (c) => FOLDED[c] ?? (c.normalize('NFD')[0] as string),
  );
}

/** Month names and their usual short forms in English, French and Spanish (folded). */
const MONTH_WORDS: Array<[number, string[]]> = [
  [1, ['january', 'janvier', 'enero', 'janv', 'jan', 'ene']],
  [2, ['february', 'fevrier', 'febrero', 'fevr', 'feb', 'fev']],
  [3, ['march', 'mars', 'marzo', 'mar']],
  [4, ['april', 'avril', 'abril', 'apr', 'avr', 'abr']],
  [5, ['may', 'mai', 'mayo']],
  [6, ['june', 'juin', 'junio', 'jun']],
  [7, ['july', 'juillet', 'julio', 'juil', 'jul']],
  [8, ['august', 'aout', 'agosto', 'aug', 'ago']],
  [9, ['september', 'septembre', 'septiembre', 'setiembre', 'sept', 'sep', 'set']],
  [10, ['october', 'octobre', 'octubre', 'oct']],
  [11, ['november', 'novembre', 'noviembre', 'nov']],
  [12, ['december', 'decembre', 'diciembre', 'dec', 'dic']],
];
const MONTH_OF = new Map(MONTH_WORDS.flatMap(([n, words]) => words.map((w) => [w, n] as const)));
const MONTH = [...MONTH_OF.keys()].sort((a, b) => b.length - a.length).join('|');

/**
 * Dates as statements print them, in folded text: ISO (2022-12-09), numeric (09/12/2022,
 * 09.12.2022, 12/9/22), day first with the month named (9 décembre 2022, 9 de diciembre de 2022,
 * 9 Dec 2022, 9-dic-2022) and month first (Dec 9, 2022). A named date may lack its year (the
 * start of "du 8 novembre au 8 décembre 2022").
 */
const DATES = new RegExp(
  [
    String.raw`(?<!\d)(?<iy>\d{4})(?<is>[-/.])(?<im>\d{1,2})\k<is>(?<id>\d{1,2})(?!\d)`,
    String.raw`(?<![\d/.,])(?<na>\d{1,2})(?<ns>[/.-])(?<nb>\d{1,2})\k<ns>(?<ny>\d{4}|\d{2})(?!\d)(?![/.]\d)`,
    String.raw`(?<!\d)(?<dd>\d{1,2})(?:er|st|nd|rd|th|o|º)?[\s-]*(?:de\s+)?(?<dm>${MONTH})(?![a-z])\.?(?:[\s,-]*(?:de\s+|del\s+)?(?<dy>\d{4})(?!\d))?`,
    String.raw`(?<![a-z])(?<mm>${MONTH})\.?\s+(?<md>\d{1,2})(?!\d)(?:st|nd|rd|th)?(?:,?\s*(?<my>\d{4})(?!\d))?`,
  ].join('|'),
  'gi',
);

/** A date found in a line: where it is, and its parts (no year when none was printed). */
export interface FoundDate {
  index: number;
  end: number;
  year?: number;
  month: number;
  day: number;
  /** Printed as numbers with the day and month both 12 or less (their order is the style's). */
  ambiguous: boolean;
}

/** The dates in a folded line, read with the statement's order of day and month. */
export function datesIn(folded: string, style: NumberStyle): FoundDate[] {
  const found: FoundDate[] = [];
  if (!/\d/.test(folded)) return found;
  for (const m of folded.matchAll(DATES)) {
    const g = m.groups ?? {};
    let year: number | undefined;
    let month: number;
    let day: number;
    let ambiguous = false;
    if (g.iy) {
      year = Number(g.iy);
      month = Number(g.im);
      day = Number(g.id);
    } else if (g.na) {
      // Two-digit years only with slashes (11/08/22); 08.11.22 is too often something else.
      if ((g.ny ?? '').length === 2 && g.ns !== '/') continue;
      const a = Number(g.na);
      const b = Number(g.nb);
      [month, day] = style.order === 'mdy' ? [a, b] : [b, a];
      ambiguous = a <= 12 && b <= 12 && a !== b;
      year = Number(g.ny);
      if (year < 100) year += 2000;
    } else if (g.dm) {
      month = MONTH_OF.get((g.dm ?? '').toLowerCase()) ?? 0;
      day = Number(g.dd);
      year = g.dy ? Number(g.dy) : undefined;
    } else {
      month = MONTH_OF.get((g.mm ?? '').toLowerCase()) ?? 0;
      day = Number(g.md);
      year = g.my ? Number(g.my) : undefined;
    }
    if (!isValidDate(year ?? 2000, month, day)) continue;
    const index = m.index ?? 0;
    found.push({ index, end: index + m[0].length, year, month, day, ambiguous });
  }
  return found;
}

/** The date as ISO, or undefined without a year. */
export function isoOf(date: FoundDate): string | undefined {
  if (date.year === undefined || !isValidDate(date.year, date.month, date.day)) return undefined;
  return isoDate(daysFromCivil(date.year, date.month, date.day));
}

/**
 * What numeric dates say of their own order: a first number over 12 (25/12/2022) is a day, a
 * second one (12/25/2022) too.
 */
export function dateOrderVotes(folded: string): { dmy: number; mdy: number; numeric: number } {
  const votes = { dmy: 0, mdy: 0, numeric: 0 };
  for (const m of folded.matchAll(DATES)) {
    const g = m.groups ?? {};
    if (!g.na) continue;
    const a = Number(g.na);
    const b = Number(g.nb);
    votes.numeric++;
    if (a > 12 && b <= 12) votes.dmy++;
    else if (b > 12 && a <= 12) votes.mdy++;
  }
  return votes;
}

/** Currency marks before or after an amount; "$" alone does not say which dollar. */
const CURRENCY_MARKS: Record<string, string | undefined> = {
  $: undefined,
  us$: 'USD',
  usd: 'USD',
  ca$: 'CAD',
  c$: 'CAD',
  cad: 'CAD',
  a$: 'AUD',
  au$: 'AUD',
  aud: 'AUD',
  nz$: 'NZD',
  nzd: 'NZD',
  mxn: 'MXN',
  '€': 'EUR',
  eur: 'EUR',
  '£': 'GBP',
  gbp: 'GBP',
};
const CUR = String.raw`(?:US\$|CA\$|AU\$|NZ\$|C\$|A\$|\$|€|£|USD|CAD|AUD|NZD|MXN|EUR|GBP)`;
/** A number with thousands grouped by commas, points, spaces or apostrophes, or not grouped. */
const NUM = String.raw`\d{1,3}(?:[., ']\d{3})+(?:[.,]\d{1,2})?|\d+(?:[.,]\d{1,2})?`;
const AMOUNTS = new RegExp(
  String.raw`(?<open>\()?(?<minus>-)?(?<pre>${CUR})?\s?(?<minus2>-)?(?<![\d.,])(?<num>${NUM})(?![\d])(?:\s?(?<post>${CUR})(?![a-z]))?\)?(?<cr>\s?CR\b)?`,
  'gi',
);

/** An amount found in a line: minor units, whether a currency was printed, and which. */
export interface FoundAmount {
  cents: number;
  /** A currency sign or code was printed with it. */
  marked: boolean;
  /** The ISO code when the mark names one ("€", "£", "CAD"; not "$" alone). */
  currency?: string;
  /** The decimal mark it was printed with, if it has decimals. */
  decimal?: '.' | ',';
}

/**
 * The amounts in a folded line: "$1,234.56", "1 234,56 $", "1.234,56 €", "CAD 96.24",
 * "£96.24", "-$0.20", "($12.34)", "12.34 CR" (credits negative). The decimal mark is the one
 * before the last two digits; a whole number counts only with a currency beside it (a bare "31"
 * is a count of days, not money).
 */
export function amountsIn(folded: string): FoundAmount[] {
  const found: FoundAmount[] = [];
  for (const m of folded.matchAll(AMOUNTS)) {
    const g = m.groups ?? {};
    const num = g.num ?? '';
    const parts = /^(.*?)(?:([.,])(\d{2}))?$/.exec(num);
    if (!parts) continue;
    const whole = parts[1] ?? '';
    const decimal = parts[2] as '.' | ',' | undefined;
    if (/[.,]\d$/.test(whole)) continue;
    const groups = whole.match(/[., ']/g) ?? [];
    const grouping = new Set(groups.map((s) => (s === ' ' ? ' ' : s)));
    if (grouping.size > 1 || (decimal && grouping.has(decimal))) continue;
    const mark = (g.post ?? g.pre)?.toLowerCase();
    if (!decimal && mark === undefined) continue;
    const cents = Number(whole.replace(/[., ']/g, '')) * 100 + Number(parts[3] ?? 0);
    const negative = Boolean(g.minus || g.minus2 || g.cr || (g.open && /\)/.test(m[0])));
    found.push({
      cents: negative ? -cents : cents,
      marked: mark !== undefined,
      currency: mark === undefined ? undefined : CURRENCY_MARKS[mark],
      decimal,
    });
  }
  return found;
}

/**
 * A quantity as printed, with the statement's decimal mark: "1,327.5", "1 327,5", "1.327,5";
 * "327,119" is 327.119 where the comma is the decimal mark, 327119 where it groups thousands.
 */
export function quantityOf(text: string, decimal: '.' | ','): number | undefined {
  const t = text.replace(/[\s']/g, '');
  const commas = (t.match(/,/g) ?? []).length;
  const points = (t.match(/\./g) ?? []).length;
  let mark: string | undefined;
  if (commas > 0 && points > 0) mark = t.lastIndexOf(',') > t.lastIndexOf('.') ? ',' : '.';
  else if (commas + points === 1) {
    const sep = commas ? ',' : '.';
    // A thousands separator is followed by three digits; otherwise it can only be a decimal.
    mark = sep === decimal || !/[.,]\d{3}$/.test(t) ? sep : undefined;
  }
  const digits = mark
    ? `${t.slice(0, t.lastIndexOf(mark)).replace(/[.,]/g, '')}.${t.slice(t.lastIndexOf(mark) + 1)}`
    : t.replace(/[.,]/g, '');
  const value = Number(digits);
  return digits !== '' && Number.isFinite(value) ? value : undefined;
}

/** The line with its dates blanked out (so 08.12.2022 is not read as an amount). */
export function blankDates(folded: string): string {
  return folded.replace(DATES, (m) => ' '.repeat(m.length));
}
