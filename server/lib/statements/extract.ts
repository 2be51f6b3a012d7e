import type { Cell, PageLine } from './text.ts';
import {
  amountsIn,
  blankDates,
  centsOf,
  DATE,
  dateOrderVotes,
  datesIn,
  type FoundAmount,
  type FoundDate,
  fold,
  isoDateOf,
  isoOf,
  type Language,
  type NumberStyle,
  numberOf,
  quantityOf,
} from './values.ts';

/** Facts printed on a statement (amounts in cents or the currency's minor units, dates ISO). */
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
  /** ISO 4217 code of the amounts, when the statement prints it (not for "$" alone). */
  currency?: string;
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

/** One fact: the label that introduces it (in folded text), and how to read the value after it. */
interface Rule {
  fact: BillFact;
  label: RegExp;
  value: 'date' | 'amount' | 'kWh' | 'text' | 'account';
  /** Take the last amount after the label (the label and the value with columns between). */
  last?: boolean;
  /** A label whose cell also says this is about something else ("Amount Due on Previous Statement"). */
  unless?: RegExp;
  /** kWh: the unit must be printed, with the figure or in its heading ("Consommation" alone labels other things too). */
  unit?: boolean;
  /** Text: the label is common in sentences, so its value needs a colon or a cell of its own. */
  colon?: boolean;
}

const PREVIOUS = /\bprevious\b|\blast\s+(?:bill|statement|payment)\b/i;
const PRECEDENT = /\b(?:precedent|anterieur|dernier|derniere|deja\s+paye|paiement\s+recu)\b/i;
const ANTERIOR = /\b(?:anterior|ultimo\s+pago|pago\s+recibido)\b/i;

/** The usual labels of statements, by language (in folded text: no accents, straight quotes). */
const RULES: Record<Language, Rule[]> = {
  en: [
    {
      fact: 'statementDate',
      label:
        /\b(?:statement|bill(?:ing)?|invoice)\s+date\b|\bdate\s+of\s+(?:bill|statement|invoice)\b|\bissue(?:d)?\s+date\b|\bdate\s+issued\b/i,
      value: 'date',
    },
    {
      fact: 'dueDate',
      label: /\b(?:payment\s+)?due\s+(?:date|by|on)\b|\b(?:please\s+)?pay\s+(?:by|before)\b/i,
      value: 'date',
    },
    {
      fact: 'amountDueCents',
      label:
        /\b(?:total\s+)?amount\s+(?:due|payable|to\s+pay)\b|\bplease\s+pay\b(?!\s+(?:by|before))|\bbalance\s+due\b|\btotal\s+(?:due|payable|to\s+pay)\b/i,
      value: 'amount',
      last: true,
      unless: PREVIOUS,
    },
    {
      fact: 'totalKWh',
      label:
        /\b(?:total\s+(?:usage|kwh|energy(?:\s+used)?|consumption)|kwh\s+used|energy\s+used|electricity\s+used|usage\s+this\s+period)\b/i,
      value: 'kWh',
    },
    { fact: 'totalKWh', label: /\b(?:consumption|units\s+used)\b/i, value: 'kWh', unit: true },
    {
      fact: 'rateSchedule',
      label: /\b(?:rate\s+(?:schedule|plan|code)|tariff(?:\s+name)?)\b/i,
      value: 'text',
    },
    {
      fact: 'rateSchedule',
      label: /\brate\b/i,
      value: 'text',
      colon: true,
      unless: /\b(?:interest|late|exchange|tax|vat|gst|discount|unit)\s+rate\b/i,
    },
    {
      fact: 'accountNumber',
      label: /\baccount\s*(?:number|no\.?|#)|\bcustomer\s+(?:number|no\.?|#)|\baccount\s*(?=:)/i,
      value: 'account',
    },
    { fact: 'accountName', label: /\b(?:customer|account)\s+name\b/i, value: 'text', colon: true },
    {
      fact: 'serviceAddress',
      label: /\b(?:service|supply|premises|property)\s+(?:address|location)\b/i,
      value: 'text',
      colon: true,
    },
    {
      fact: 'periodStart',
      label: /\b(?:service|period|billing)\s+start(?:\s+date)?\b/i,
      value: 'date',
    },
    {
      fact: 'periodEnd',
      label: /\b(?:service|period|billing)\s+end(?:\s+date)?\b/i,
      value: 'date',
    },
    {
      fact: 'deliveryChargesCents',
      label: /\bdelivery\s+charges?\b/i,
      value: 'amount',
      last: true,
    },
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
  ],
  fr: [
    {
      fact: 'statementDate',
      label:
        /\bdate\s+(?:de\s+(?:la\s+)?facture|de\s+facturation|d'emission|du\s+releve)\b|\bfacture\s+(?:du|emise\s+le)\b(?!\s+mois)|\bemise\s+le\b/i,
      value: 'date',
    },
    {
      fact: 'dueDate',
      label:
        /\bdate\s+(?:d'echeance|limite(?:\s+de\s+(?:paiement|reglement))?)\b|\becheance\b|\ba\s+(?:payer|regler)\s+(?:avant|au\s+plus\s+tard)\s+le\b|\bpayable\s+avant\s+le\b/i,
      value: 'date',
    },
    {
      fact: 'amountDueCents',
      label:
        /\b(?:montant\s+)?total\s+a\s+payer\b|\bmontant\s+(?:du|a\s+payer|total\s+du)\b|\bnet\s+a\s+payer\b|\b(?:solde|reste)\s+a\s+payer\b/i,
      value: 'amount',
      last: true,
      unless: PRECEDENT,
    },
    {
      fact: 'totalKWh',
      label: /\bconsommation\s+(?:totale|facturee|de\s+la\s+periode)\b|\benergie\s+consommee\b/i,
      value: 'kWh',
    },
    {
      fact: 'totalKWh',
      label: /\bconsommation\b/i,
      value: 'kWh',
      unit: true,
      unless: /\b(?:periode|lieu|adresse|point)\s+de\s+consommation\b/i,
    },
    {
      fact: 'rateSchedule',
      label: /\b(?:option|formule)\s+tarifaire\b|\btarif(?:\s+applique)?(?![a-z])/i,
      value: 'text',
    },
    {
      fact: 'accountNumber',
      label:
        /\b(?:numero|n°|no\.?)\s*(?:de\s+)?(?:compte|client)(?:\s+client)?\b|\bcompte\s+(?:client\s+)?(?:n°|no\b)|\breference\s+client\b/i,
      value: 'account',
    },
    {
      fact: 'accountName',
      label: /\bnom\s+du\s+(?:client|titulaire)\b|\btitulaire(?:\s+du\s+(?:contrat|compte))?\b/i,
      value: 'text',
      colon: true,
    },
    {
      fact: 'serviceAddress',
      label:
        /\badresse\s+(?:de\s+(?:service|consommation|fourniture|livraison)|du\s+(?:service|lieu\s+de\s+consommation|point\s+de\s+livraison)|desservie)\b|\blieu\s+de\s+consommation\b/i,
      value: 'text',
      colon: true,
    },
    {
      fact: 'periodStart',
      label: /\bdate\s+de\s+debut\b|\bdebut\s+de\s+(?:la\s+)?periode\b/i,
      value: 'date',
    },
    {
      fact: 'periodEnd',
      label: /\bdate\s+de\s+fin\b|\bfin\s+de\s+(?:la\s+)?periode\b/i,
      value: 'date',
    },
    {
      fact: 'previousBalanceCents',
      label: /\bsolde\s+(?:precedent|anterieur)\b/i,
      value: 'amount',
      last: true,
    },
  ],
  es: [
    {
      fact: 'statementDate',
      label: /\bfecha\s+de\s+(?:(?:la\s+)?factura|emision|expedicion|facturacion)\b/i,
      value: 'date',
    },
    {
      fact: 'dueDate',
      label:
        /\bfecha\s+(?:de\s+)?(?:vencimiento|limite(?:\s+de\s+pago)?)\b|\bvencimiento\b|\bpag(?:ar|ue)\s+(?:antes\s+del?|hasta\s+el)\b/i,
      value: 'date',
    },
    {
      fact: 'amountDueCents',
      label:
        /\btotal\s+a\s+pagar\b|\bimporte\s+(?:total|a\s+pagar)\b|\bmonto\s+(?:total\s+)?a\s+pagar\b|\btotal\s+(?:de\s+la\s+)?factura\b|\bsaldo\s+a\s+pagar\b/i,
      value: 'amount',
      last: true,
      unless: ANTERIOR,
    },
    {
      fact: 'totalKWh',
      label: /\bconsumo\s+(?:total|facturado|del\s+periodo)\b|\benergia\s+consumida\b/i,
      value: 'kWh',
    },
    {
      fact: 'totalKWh',
      label: /\bconsumo\b/i,
      value: 'kWh',
      unit: true,
      unless: /\b(?:periodo|punto|direccion|lugar)\s+de\s+consumo\b/i,
    },
    {
      fact: 'rateSchedule',
      label: /\btarifa(?:\s+(?:contratada|de\s+acceso|aplicada))?(?![a-z])/i,
      value: 'text',
    },
    {
      fact: 'accountNumber',
      label:
        /\b(?:numero|n[°º]|no\.?)\s*(?:de\s+)?(?:cuenta|contrato|cliente|servicio)\b|\bcuenta\s+(?:n[°º]|no\b)/i,
      value: 'account',
    },
    {
      fact: 'accountName',
      label: /\bnombre\s+del\s+(?:titular|cliente)\b|\btitular(?:\s+del\s+contrato)?\b/i,
      value: 'text',
      colon: true,
    },
    {
      fact: 'serviceAddress',
      label: /\b(?:direccion|domicilio)\s+(?:de(?:l)?\s+)?(?:servicio|suministro|consumo)\b/i,
      value: 'text',
      colon: true,
    },
    {
      fact: 'periodStart',
      label: /\bfecha\s+(?:de\s+)?inicio\b|\binicio\s+del\s+periodo\b/i,
      value: 'date',
    },
    {
      fact: 'periodEnd',
      label: /\bfecha\s+(?:de\s+)?fin(?:al)?\b|\bfin\s+del\s+periodo\b/i,
      value: 'date',
    },
    { fact: 'previousBalanceCents', label: /\bsaldo\s+anterior\b/i, value: 'amount', last: true },
  ],
};

const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', fr: 'French', es: 'Spanish' };

/** Common words of each language, to tell which one a statement is written in. */
const WORDS: Record<Language, RegExp> = {
  en: /\b(?:the|your|and|of|for|amount|account|bill|statement|due|usage|service|charges?|payment|energy|electric(?:ity)?|period)\b/gi,
  fr: /\b(?:le|les|des|du|au|et|votre|vos|pour|facture|montant|payer|consommation|periode|echeance|compte|adresse|electricite|energie|abonnement|releve|prelevement|ttc|tva)\b/gi,
  es: /\b(?:el|los|las|del|al|y|su|sus|para|por|con|factura|importe|pagar|consumo|periodo|vencimiento|cuenta|direccion|electricidad|energia|suministro|contrato|potencia|iva)\b/gi,
};

/** Signs of an English statement from the UK, Ireland, Australia or New Zealand (dates day first). */
const DAY_FIRST_ENGLISH =
  /£|€|\b(?:GBP|EUR|AUD|NZD|VAT|ABN|ACN|MPRN|MPAN|NMI|ICP|Eircode|Ireland|Australia|New Zealand|United Kingdom|England|Scotland|Wales|Pty|Ltd)\b|\b(?:NSW|VIC|QLD|TAS|ACT)\s+\d{4}(?!\d)/;

/** How a statement is read: its language and how it writes numbers. */
export interface Reading extends NumberStyle {
  language: Language;
}

/** PG&E's statements: US English. */
const US_ENGLISH: Reading = { language: 'en', order: 'mdy', decimal: '.' };

/**
 * The statement's language by its words, the order of its numeric dates (what its dates say of
 * themselves; else the language's: month first in US English, day first in French, Spanish and
 * the English of the UK, Ireland and Australia), and its decimal mark (its amounts'; else the
 * language's).
 */
function readingOf(folded: string[], notes: string[]): Reading {
  const text = folded.join('\n');
  const score = (language: Language) => text.match(WORDS[language])?.length ?? 0;
  const scores = { en: score('en'), fr: score('fr'), es: score('es') };
  const language = (['fr', 'es'] as const).reduce<Language>(
    (best, l) => (scores[l] > scores[best] ? l : best),
    'en',
  );
  const how: string[] = [`Language: ${LANGUAGE_NAMES[language]} (by its wording)`];
  const votes = dateOrderVotes(text);
  let order: NumberStyle['order'];
  if (votes.dmy > 0 && votes.mdy === 0) {
    order = 'dmy';
    how.push('numeric dates day first (a day over 12 is printed first)');
  } else if (votes.mdy > 0 && votes.dmy === 0) {
    order = 'mdy';
    how.push('numeric dates month first (a day over 12 is printed second)');
  } else {
    const sign = language === 'en' ? DAY_FIRST_ENGLISH.exec(text)?.[0] : undefined;
    order = language !== 'en' || sign ? 'dmy' : 'mdy';
    const usual =
      language !== 'en'
        ? `as usual in ${LANGUAGE_NAMES[language]}`
        : sign
          ? `as usual in the English of the UK, Ireland and Australia (the statement prints "${sign}")`
          : 'as usual in US English';
    const first = order === 'dmy' ? 'day first (DD/MM/YYYY)' : 'month first (MM/DD/YYYY)';
    how.push(
      votes.numeric > 0
        ? `numeric dates ${first} ${usual}: none of them tells day from month by itself`
        : `numeric dates ${first} ${usual}`,
    );
  }
  let commas = 0;
  let points = 0;
  for (const amount of amountsIn(blankDates(text))) {
    if (amount.decimal === ',') commas++;
    else if (amount.decimal === '.') points++;
  }
  const decimal = commas > points ? ',' : points > commas ? '.' : language === 'en' ? '.' : ',';
  how.push(decimal === ',' ? 'decimal comma' : 'decimal point');
  notes.push(`${how.join('; ')}.`);
  return { language, order, decimal };
}

const PERIOD_LABEL =
  /\b(?:service|billing|bill|supply|meter\s+reading)\s+(?:period|dates)\b|\bservice\s+from\b|\bperiod\b|\bperiode\b|\bperiodo\b|\b(?:billing\s+)?days\)|\bjours\)|\bdias\)/i;
/** Words between the two dates of a period: 11/08 - 12/08, du … au …, del … al …, from … to …. */
const PERIOD_BETWEEN = /^\s*(?:-|to|through|thru|until|till|au|a|al|hasta|et|y)\s*(?:le|el)?\s*$/i;
const DAY_ONLY =
  /\b(?:du|del|from)\s+(\d{1,2})(?:er|st|nd|rd|th|o)?\s*(?:au|al|to|-)\s*(?:le|el)?\s*$/i;
const PERIOD_WORD = /\b(?:du|del|from|desde|entre)\b/i;
const PERIOD_BEFORE = /(?:\b(?:du|del|from|desde(?:\s+el)?|entre\s+le)\s*)$/i;

/** Table headings that label no fact of their own (a header row has them beside the labels). */
const HEADINGS =
  /^(?:description|details?|concept[oe]?|designation|libelle|quantity|qty|rate|price|unit(?:\s+price)?|amount|total|date|period|meter|reading|usage|montant|quantite|prix(?:\s+unitaire)?|puissance(?:\s+souscrite)?|periode|index|compteur|releve|consommation|importe|cantidad|precio|unidad|potencia(?:\s+contratada)?|contador|lectura|consumo|kwh)\b\s*(?:\((?:kwh|€|\$|£|eur|usd|cad)\))?[\s:]*$/i;

/** Any language's label, to tell a label (or a heading) from a value. */
const ANY_LABEL = new RegExp(
  [...RULES.en, ...RULES.fr, ...RULES.es].map((r) => `(?:${r.label.source})`).join('|'),
  'i',
);

/** Whether a cell is a label or a heading: a label with at most a unit or a colon after it. */
function isLabel(text: string): boolean {
  if (HEADINGS.test(text.trim())) return true;
  const m = ANY_LABEL.exec(text);
  if (!m || m.index > 2) return false;
  const rest = text.slice(m.index + m[0].length);
  return /^[\s:#.()/a-z]*$/i.test(rest) && !/[a-z]{3}/i.test(rest.replace(/kwh/gi, ''));
}

interface Hit {
  rule: Rule;
  start: number;
  end: number;
  cell: Cell;
}

/** Cells of a line: as the PDF placed them, else split at runs of spaces (by character). */
function cellsOf(line: PageLine): Cell[] {
  if (line.cells) return line.cells;
  const cells: Cell[] = [];
  for (const m of line.text.matchAll(/\S+(?: \S+)*/g)) {
    const start = m.index ?? 0;
    cells.push({ start, end: start + m[0].length, x: start, right: start + m[0].length });
  }
  return cells;
}

/**
 * Reads the facts by their usual labels in the statement's language (English, French or
 * Spanish): on the label's line, under the label in a table, or on the next line when the line
 * holds only the label. The first page's first value wins (the summary); a later different value
 * of a fact is noted, not taken. A fact still missing is looked for by the other languages'
 * labels (a bilingual statement).
 */
export function readByLabels(lines: PageLine[], notes: string[], known?: Reading): BillFacts {
  const folded = lines.map((l) => fold(l.text));
  const reading = known ?? readingOf(folded, notes);
  const facts: BillFacts = {};
  const conflicting = new Set<BillFact>();
  let dueAmount: FoundAmount | undefined;
  /** The last amount read, for the amount due's currency. */
  let read: FoundAmount | undefined;
  const set = <K extends BillFact>(fact: K, value: BillFacts[K] | undefined, page: number) => {
    if (value === undefined) return false;
    if (facts[fact] === undefined) facts[fact] = value;
    else if (facts[fact] !== value && !conflicting.has(fact)) {
      conflicting.add(fact);
      notes.push(
        `Page ${page} gives another ${fact} (${value}); the first one (${facts[fact]}) was kept.`,
      );
    }
    return true;
  };
  readPeriod(lines, folded, reading, facts, notes);

  const cells = lines.map(cellsOf);
  const cellText = (i: number, c: Cell) => (folded[i] as string).slice(c.start, c.end);
  const likeLabels = new Map<string, boolean>();
  const labelLike = (text: string) => {
    let known = likeLabels.get(text);
    if (known === undefined) {
      known = isLabel(text);
      likeLabels.set(text, known);
    }
    return known;
  };
  const headerRows = new Map<number, boolean>();
  /** A line of table headings: two or more label cells, at most one other. */
  const isHeaderRow = (i: number) => {
    let known = headerRows.get(i);
    if (known === undefined) {
      const row = cells[i] as Cell[];
      const labels = row.filter((c) => labelLike(cellText(i, c))).length;
      known = row.length >= 2 && labels >= 2 && row.length - labels <= 1;
      headerRows.set(i, known);
    }
    return known;
  };
  /** The cell of the next line under a heading (the heading it overlaps most is this one). */
  const under = (i: number, heading: Cell): [number, Cell] | undefined => {
    const next = lines[i + 1];
    if (!next || next.page !== lines[i]?.page) return undefined;
    const overlap = (a: Cell, b: Cell) => Math.min(a.right, b.right) - Math.max(a.x, b.x);
    let best: Cell | undefined;
    for (const c of cells[i + 1] as Cell[]) {
      const mine = overlap(c, heading);
      if (mine <= 0) continue;
      if ((cells[i] as Cell[]).some((h) => h !== heading && overlap(c, h) > mine)) continue;
      if (!best || mine > overlap(best, heading)) best = c;
    }
    return best ? [i + 1, best] : undefined;
  };

  const valueIn = (rule: Rule, i: number, from: number, to: number, heading: string) => {
    const text = (lines[i] as PageLine).text.slice(from, to);
    const flat = (folded[i] as string).slice(from, to);
    switch (rule.value) {
      case 'date': {
        for (const d of datesIn(flat, reading)) {
          const iso = isoOf(d);
          if (iso) return iso;
        }
        return undefined;
      }
      case 'amount': {
        const all = amountsIn(blankDates(flat));
        const pick = rule.last ? all[all.length - 1] : all[0];
        read = pick;
        return pick?.cents;
      }
      case 'kWh': {
        const rest = blankDates(flat);
        const m =
          /(?<![\d.,])(-?\d{1,3}(?:[., ']\d{3})+(?:[.,]\d+)?|-?\d+(?:[.,]\d+)?)\s*kwh\b/i.exec(
            rest,
          ) ??
          (!rule.unit || /kwh/i.test(heading)
            ? /^[\s:#.()]*(?:kwh)?[\s:#.()]*(-?\d{1,3}(?:[,. ']\d{3})+(?:[.,]\d+)?|-?\d+(?:[.,]\d+)?)(?![\d.,]|\s*(?:[a-z%$€£/]|\d))/i.exec(
                rest,
              )
            : null);
        return m ? quantityOf(m[1] ?? '', reading.decimal) : undefined;
      }
      case 'account': {
        const m = /^([A-Z0-9][A-Z0-9-]*(?: [0-9-]+)*)/i.exec(text.replace(/^[\s:#.°º]+/, ''));
        return m && /\d/.test(m[1] ?? '') ? m[1] : undefined;
      }
      case 'text': {
        // Up to a column gap (two spaces) on the same visual line.
        const value = text
          .replace(/^[\s:#.]+/, '')
          .split(/\s{2,}/)[0]
          ?.trim();
        if (!value || labelLike(fold(value))) return undefined;
        if (rule.fact === 'rateSchedule' && !/[a-z]/i.test(value.replace(/kwh/gi, ''))) {
          return undefined;
        }
        return value;
      }
    }
  };

  const scan = (rules: Rule[]) => {
    for (let i = 0; i < lines.length; i++) {
      const flat = folded[i] as string;
      const row = cells[i] as Cell[];
      const hits: Hit[] = [];
      for (const rule of rules) {
        const m = rule.label.exec(flat);
        if (!m) continue;
        const start = m.index;
        const cell = row.find((c) => c.start <= start && start < c.end) ?? {
          start: 0,
          end: flat.length,
          x: 0,
          right: flat.length,
        };
        if (rule.unless?.test(flat.slice(cell.start, cell.end))) continue;
        hits.push({ rule, start, end: start + m[0].length, cell });
      }
      if (hits.length === 0) continue;
      hits.sort((a, b) => a.start - b.start);
      for (const hit of hits) {
        const { rule, cell } = hit;
        // Only the first value is kept; a later one is read once, for a note if it differs.
        if (conflicting.has(rule.fact)) continue;
        const bound = hits.find((h) => h.start >= hit.end)?.start ?? flat.length;
        const inCell = flat.slice(hit.end, Math.min(cell.end, bound));
        const colon = /^\s*:/.test(inCell);
        const heading = flat.slice(cell.start, cell.end);
        const places: Array<[number, number, number]> = [];
        // "Consommation (kWh)" is a heading: the unit is not a value.
        if (!/^[\s:#.()]*(?:kwh)?[\s:#.()]*$/i.test(inCell)) {
          // A text label in a sentence ("Your rate changed…") is not a label: it starts its
          // cell, and a common word needs a colon too.
          if (rule.value === 'text' && (hit.start - cell.start > 1 || (rule.colon && !colon))) {
            continue;
          }
          places.push([i, hit.end, bound]);
        } else {
          const below = under(i, cell);
          if (!isHeaderRow(i)) {
            if (flat.slice(hit.end, bound).trim() !== '') places.push([i, hit.end, bound]);
            if (below) places.push([below[0], below[1].start, below[1].end]);
            const next = lines[i + 1];
            if (row.length === 1 && next?.page === lines[i]?.page) {
              places.push([i + 1, 0, next?.text.length ?? 0]);
            }
          } else if (below) places.push([below[0], below[1].start, below[1].end]);
        }
        for (const [at, from, to] of places) {
          const first = facts[rule.fact] === undefined;
          read = undefined;
          if (set(rule.fact, valueIn(rule, at, from, to, heading) as never, lines[i]?.page ?? 0)) {
            if (first && rule.fact === 'amountDueCents') dueAmount = read;
            break;
          }
        }
      }
    }
  };
  scan(RULES[reading.language]);
  if (!known) {
    const missing = new Set(CORE_FACTS.filter((f) => facts[f] === undefined));
    if (missing.size > 0) {
      const others = (Object.keys(RULES) as Language[])
        .filter((l) => l !== reading.language)
        .flatMap((l) => RULES[l].filter((r) => missing.has(r.fact)));
      scan(others);
      const found = [...missing].filter((f) => facts[f] !== undefined);
      if (found.length > 0) {
        notes.push(`Found by another language's labels: ${found.join(', ')}.`);
      }
    }
  }
  const currency = currencyOf(folded, dueAmount, notes);
  if (currency) facts.currency = currency;
  return facts;
}

/**
 * The service period: two dates with "-", "to", "au", "al" between them on a line labelled as
 * the period (or under such a label), or after "du", "del", "from" (taken only when no labelled
 * period is found). A start printed without its year takes the end's ("du 8 novembre au 8
 * décembre 2022").
 */
function readPeriod(
  lines: PageLine[],
  folded: string[],
  reading: Reading,
  facts: BillFacts,
  notes: string[],
) {
  let fallback: [string, string] | undefined;
  for (let i = 0; i < lines.length; i++) {
    const flat = folded[i] as string;
    const here = PERIOD_LABEL.test(flat);
    const above =
      i > 0 && lines[i - 1]?.page === lines[i]?.page && PERIOD_LABEL.test(folded[i - 1] ?? '');
    // Only a labelled line, or one with "du", "del" or "from", can hold the period.
    if (!here && !above && !PERIOD_WORD.test(flat)) continue;
    const dates = datesIn(flat, reading);
    // "du 8 au 30 novembre 2022", "del 1 al 31 de enero de 2024": the start is a day of the
    // end's month.
    const last = dates[dates.length - 1];
    const day = last && DAY_ONLY.exec(flat.slice(0, last.index));
    if (day && last.year !== undefined) {
      dates.splice(dates.length - 1, 0, {
        ...last,
        index: (day.index ?? 0) + (day[0].indexOf(day[1] ?? '') ?? 0),
        end: (day.index ?? 0) + day[0].search(/\s*(?:au|al|to|-)\s*(?:le|el)?\s*$/),
        day: Number(day[1]),
      });
    }
    if (dates.length < 2) continue;
    for (let k = 0; k + 1 < dates.length; k++) {
      const a = dates[k] as FoundDate;
      const b = dates[k + 1] as FoundDate;
      if (b.year === undefined) continue;
      const between = flat.slice(a.end, b.index);
      const worded = PERIOD_BETWEEN.test(between);
      const prefixed = worded && PERIOD_BEFORE.test(flat.slice(0, a.index));
      const labelled =
        (worded && (here || above)) || (here && dates.length === 2 && /^\s+$/.test(between));
      if (!labelled && !prefixed) continue;
      const start = isoOf({
        ...a,
        year: a.year ?? (a.month > b.month ? b.year - 1 : b.year),
      });
      const end = isoOf(b);
      if (!start || !end || start > end) continue;
      if (labelled) {
        facts.periodStart = start;
        facts.periodEnd = end;
        return;
      }
      fallback ??= [start, end];
    }
  }
  if (fallback) {
    [facts.periodStart, facts.periodEnd] = fallback;
    notes.push('Service period read from a range of dates without a period label.');
  }
}

const CURRENCY_CODES =
  /\b(USD|CAD|AUD|NZD|MXN|EUR|GBP)\b|\b(US|CA|AU|NZ|C|A)\$|(€)|(£)|\b(dollars?\s+(?:canadiens?|americains?|US)|canadian\s+dollars?|pesos?\s+mexicanos?|euros?)\b/gi;
const DOLLARS = new Set(['USD', 'CAD', 'AUD', 'NZD', 'MXN']);
const CURRENCY_WORDS: Record<string, string> = {
  us: 'USD',
  ca: 'CAD',
  au: 'AUD',
  nz: 'NZD',
  c: 'CAD',
  a: 'AUD',
  '€': 'EUR',
  '£': 'GBP',
};

/**
 * The currency of the statement's amounts when it is printed: the amount due's own sign or code
 * ("€", "£", "CAD"), else the one currency the statement names. "$" alone does not say which
 * dollar, so it is not recorded.
 */
function currencyOf(
  folded: string[],
  due: FoundAmount | undefined,
  notes: string[],
): string | undefined {
  if (due?.currency) return due.currency;
  const named = new Set<string>();
  for (const m of folded.join('\n').matchAll(CURRENCY_CODES)) {
    const word = (m[5] ?? '').toLowerCase();
    const code = m[1]
      ? m[1].toUpperCase()
      : m[2]
        ? CURRENCY_WORDS[m[2].toLowerCase()]
        : m[3] || m[4]
          ? CURRENCY_WORDS[m[3] ?? m[4] ?? '']
          : /canad/.test(word)
            ? 'CAD'
            : /americ|us/.test(word)
              ? 'USD'
              : /peso/.test(word)
                ? 'MXN'
                : 'EUR';
    if (code) named.add(code);
  }
  // A "$" amount is in one of the dollars (or pesos) the statement names, not in its euros.
  if (due?.marked) for (const code of named) if (!DOLLARS.has(code)) named.delete(code);
  if (named.size === 1) return [...named][0];
  if (due?.marked && named.size === 0) {
    notes.push('Amounts in $ without saying which dollar: the currency is not recorded.');
  }
  return undefined;
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
  notes.push('Language: English (US); numeric dates month first (MM/DD/YYYY); decimal point.');
  const facts = readByLabels(lines, notes, US_ENGLISH);
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
