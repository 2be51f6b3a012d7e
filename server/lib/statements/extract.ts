import type { PageLine } from './text.ts';
import { AMOUNT, centsOf, DATE, isoDateOf, numberOf } from './values.ts';

/** Facts printed on a statement (amounts in cents, dates ISO). */
export interface BillFacts {
  statementDate?: string;
  periodStart?: string;
  periodEnd?: string;
  totalKWh?: number;
  amountDueCents?: number;
  dueDate?: string;
  rateSchedule?: string;
  accountNumber?: string;
  accountName?: string;
  serviceAddress?: string;
  deliveryChargesCents?: number;
  generationChargesCents?: number;
  currentChargesCents?: number;
  previousBalanceCents?: number;
}
export type BillFact = keyof BillFacts;

/** The facts every statement should give; those not found are listed, never guessed. */
export const CORE_FACTS: BillFact[] = [
  'statementDate',
  'periodStart',
  'periodEnd',
  'totalKWh',
  'amountDueCents',
  'dueDate',
  'rateSchedule',
  'accountNumber',
];

/** One fact: the label that introduces it on a line, and how to read the value after it. */
interface Rule {
  fact: BillFact;
  label: RegExp;
  value: 'date' | 'amount' | 'kWh' | 'text' | 'account';
  /** Take the last amount on the line (the label and the value with columns between). */
  last?: boolean;
  /** A line that also matches this is about something else ("Amount Due on Previous Statement"). */
  unless?: RegExp;
}

const GENERAL: Rule[] = [
  { fact: 'statementDate', label: /\b(?:statement|bill(?:ing)?|invoice)\s+date\b/i, value: 'date' },
  {
    fact: 'dueDate',
    label: /\b(?:payment\s+)?due\s+(?:date|by)\b|\bplease\s+pay\s+by\b|\bpay\s+by\b/i,
    value: 'date',
  },
  {
    fact: 'amountDueCents',
    label: /\b(?:total\s+)?amount\s+due\b|\bplease\s+pay\b|\bbalance\s+due\b|\btotal\s+due\b/i,
    value: 'amount',
    last: true,
    unless: /\bprevious\b|\blast\s+(?:bill|statement)\b/i,
  },
  {
    fact: 'totalKWh',
    label:
      /\b(?:total\s+(?:usage|kwh|energy(?:\s+used)?|consumption)|kwh\s+used|energy\s+used|usage\s+this\s+period)\b/i,
    value: 'kWh',
  },
  {
    fact: 'rateSchedule',
    label: /\b(?:rate\s+schedule|rate\s+plan|rate|tariff)\s*:/i,
    value: 'text',
  },
  { fact: 'accountNumber', label: /\baccount\s*(?:number|no\.?|#)\s*:?/i, value: 'account' },
  { fact: 'accountName', label: /\b(?:customer|account)\s+name\s*:/i, value: 'text' },
  { fact: 'serviceAddress', label: /\bservice\s+(?:address|location)\s*:/i, value: 'text' },
  { fact: 'deliveryChargesCents', label: /\bdelivery\s+charges?\b/i, value: 'amount', last: true },
  {
    fact: 'generationChargesCents',
    label: /\b(?:generation|supply)\s+charges?\b/i,
    value: 'amount',
    last: true,
  },
  {
    fact: 'currentChargesCents',
    label: /\b(?:total\s+)?(?:current|new)\s+charges\b/i,
    value: 'amount',
    last: true,
  },
  {
    fact: 'previousBalanceCents',
    label: /\bprevious\s+(?:balance|statement)\b/i,
    value: 'amount',
    last: true,
  },
];

const PERIOD = new RegExp(`${DATE.source}\\s*(?:-|–|—|to|through|thru)\\s*${DATE.source}`, 'i');
const PERIOD_LABEL =
  /\b(?:service|billing)\s+(?:period|dates?|from)\b|\bbilling\s+days\b|\bdays\)/i;

/**
 * Reads the facts by their usual labels, on the label's line or, when the line holds only the
 * label, on the next line. The first page's first value wins (the summary); a later different
 * value of a fact is noted, not taken.
 */
export function readByLabels(
  lines: PageLine[],
  notes: string[],
  rules: Rule[] = GENERAL,
): BillFacts {
  const facts: BillFacts = {};
  const conflicting = new Set<BillFact>();
  const set = <K extends BillFact>(fact: K, value: BillFacts[K] | undefined, page: number) => {
    if (value === undefined) return;
    if (facts[fact] === undefined) facts[fact] = value;
    else if (facts[fact] !== value && !conflicting.has(fact)) {
      conflicting.add(fact);
      notes.push(
        `Page ${page} gives another ${fact} (${value}); the first one (${facts[fact]}) was kept.`,
      );
    }
  };
  for (let i = 0; i < lines.length; i++) {
    const { text, page } = lines[i] as PageLine;
    for (const rule of rules) {
      const m = rule.label.exec(text);
      if (!m || rule.unless?.test(text)) continue;
      let rest = text.slice(m.index + m[0].length).replace(/^[\s:#.]+/, '');
      if (rest.trim() === '' && i + 1 < lines.length) rest = (lines[i + 1] as PageLine).text;
      set(rule.fact, valueAfter(rule, rest) as never, page);
    }
    if (facts.periodStart === undefined) {
      const m = PERIOD.exec(text);
      if (m && (PERIOD_LABEL.test(text) || PERIOD_LABEL.test(lines[i - 1]?.text ?? ''))) {
        const start = isoDateOf(m[1] ?? '');
        const end = isoDateOf(m[2] ?? '');
        if (start && end && start <= end) {
          facts.periodStart = start;
          facts.periodEnd = end;
        }
      }
    }
  }
  return facts;
}

function valueAfter(rule: Rule, rest: string): string | number | undefined {
  switch (rule.value) {
    case 'date': {
      const m = DATE.exec(rest);
      return m ? isoDateOf(m[1] ?? '') : undefined;
    }
    case 'amount': {
      const all = [...rest.matchAll(new RegExp(AMOUNT.source, 'gi'))].map((m) => m[1] ?? '');
      const pick = rule.last ? all[all.length - 1] : all[0];
      return pick === undefined ? undefined : centsOf(pick);
    }
    case 'kWh': {
      const m =
        /(-?\d[\d,]*(?:\.\d+)?)\s*kwh\b/i.exec(rest) ?? /^(-?\d[\d,]*(?:\.\d+)?)\b/.exec(rest);
      return m ? numberOf(m[1] ?? '') : undefined;
    }
    case 'account': {
      const m = /^([A-Z0-9][A-Z0-9-]*(?: [0-9-]+)*)/i.exec(rest.trim());
      return m && /\d/.test(m[1] ?? '') ? m[1] : undefined;
    }
    case 'text': {
      // Up to a column gap (two spaces) on the same visual line.
      const value = rest
        .trim()
        .split(/\s{2,}/)[0]
        ?.trim();
      return value ? value : undefined;
    }
  }
}

/** PG&E's rate names to its schedule codes (its statements print the name, not the code). */
const PGE_RATES: Array<[RegExp, string]> = [
  [/time-of-use \(peak pricing 4\s*-\s*9 p\.m\. every day\)/i, 'E-TOU-C'],
  [/time-of-use \(peak pricing 5\s*-\s*8 p\.m\. weekdays\)/i, 'E-TOU-D'],
  [/time-of-use \(peak pricing 4\s*-\s*9 p\.m\. weekdays\)/i, 'E-TOU-B'],
  [/electric home/i, 'E-ELEC'],
  [/\bEV2-?A\b|home charging/i, 'EV2-A'],
  [/residential (?:service|tiered)|tiered rate plan/i, 'E-1'],
];

/** The heading of PG&E's page with the service period, usage and rate of its delivery. */
export const PGE_DETAILS = /Details of PG&E Electric Delivery Charges/i;

/** Whether the text is a PG&E statement. */
export function isPge(lines: PageLine[]): boolean {
  const head = lines
    .filter((l) => l.page === 1)
    .map((l) => l.text)
    .join('\n');
  return /\bPG&E\b|Pacific Gas and Electric/i.test(head) && /Statement Date/i.test(head);
}

/**
 * PG&E's ENERGY STATEMENT: the summary on page 1 (account, dates, amounts), the service period
 * and usage on the "Details of PG&E Electric Delivery Charges" page, the rate by its name.
 */
export function readPge(lines: PageLine[], notes: string[]): BillFacts {
  const facts = readByLabels(lines, notes);
  const texts = lines.map((l) => l.text);
  const find = (re: RegExp) => {
    for (const t of texts) {
      const m = re.exec(t);
      if (m) return m;
    }
    return undefined;
  };
  // The service period, usage and rate of PG&E's own page (a CCA's page follows with its own).
  const detailsPage = lines.find((l) => PGE_DETAILS.test(l.text))?.page;
  const onDetails = (re: RegExp) => {
    for (const l of lines) {
      if (detailsPage !== undefined && l.page !== detailsPage) continue;
      const m = re.exec(l.text);
      if (m) return m;
    }
    return find(re);
  };
  const period = onDetails(
    new RegExp(`${DATE.source}\\s*[-–]\\s*${DATE.source}\\s*\\((\\d+) billing days\\)`, 'i'),
  );
  if (period) {
    facts.periodStart = isoDateOf(period[1] ?? '');
    facts.periodEnd = isoDateOf(period[2] ?? '');
  }
  const usage = onDetails(/Total Usage\s+([\d,]+(?:\.\d+)?)\s*kWh/i);
  if (usage) facts.totalKWh = numberOf(usage[1] ?? '');
  const delivery = find(/(?:Current|Total) PG&E Electric Delivery Charges\s+(\S+)/i);
  if (delivery)
    facts.deliveryChargesCents = centsOf(delivery[1] ?? '') ?? facts.deliveryChargesCents;
  const generation = find(/Electric Generation Charges\s+(\$?-?[\d,]+\.\d{2})/i);
  if (generation) facts.generationChargesCents = centsOf(generation[1] ?? '');
  const previous = find(/Amount Due on Previous Statement\s+(\S+)/i);
  if (previous) facts.previousBalanceCents = centsOf(previous[1] ?? '');
  const address = onDetails(/^Service For:\s+(\d.+)$/i);
  if (address) facts.serviceAddress = address[1]?.split(/\s{2,}/)[0];
  const rate = onDetails(/Rate Schedule:\s+(.+)$/i);
  if (rate) {
    const written = (rate[1] ?? '').split(/\s{2,}/)[0]?.trim() ?? '';
    const code = /^([A-Z]{1,3}-?[A-Z0-9]+(?:-[A-Z0-9]+)*)\b/.exec(written)?.[1];
    const named = PGE_RATES.find(([re]) => re.test(written))?.[1];
    if (named) {
      facts.rateSchedule = named;
      notes.push(`Rate schedule ${named} read from PG&E's name for it: "${written}".`);
    } else if (code && /\d|-/.test(code)) facts.rateSchedule = code;
    else if (written) {
      facts.rateSchedule = written;
      notes.push(`The rate "${written}" is not one of PG&E's known names: kept as printed.`);
    }
  }
  if (
    facts.currentChargesCents === undefined &&
    facts.deliveryChargesCents !== undefined &&
    facts.generationChargesCents !== undefined
  ) {
    facts.currentChargesCents = facts.deliveryChargesCents + facts.generationChargesCents;
    notes.push("Current charges: PG&E's delivery charges plus the generation charges.");
  }
  return facts;
}
