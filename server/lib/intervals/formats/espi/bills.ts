import type { BillSummary } from '../../types.ts';
import type { MeasurementFields, SummaryFields } from './entries.ts';

/** ESPI cost and bill amounts are in hundred-thousandths of the currency. */
export const COST_UNIT = 100_000;
/** Amounts closer than half a cent (in ESPI units) are the same amount. */
const HALF_CENT = 500;
/** ESPI unit of measure for watt-hours. */
const WATT_HOURS = 72;
const CURRENCIES: Record<number, string> = { 840: 'USD', 124: 'CAD', 978: 'EUR', 826: 'GBP' };

/** A bill as read, with its total in ESPI units and how many line items it was derived from. */
interface ReadBill {
  bill: BillSummary;
  total: number | undefined;
  /** 0 when the summary stated its total (billLastPeriod). */
  derivedFrom: number;
  /** What the bill's note says, sentence by sentence. */
  notes: string[];
}

/**
 * The bills of a feed's UsageSummary entries, one per bill:
 * - a summary that gives its line items (costAdditionalDetailLastPeriod) but no total
 *   (billLastPeriod) gets the items' sum as its total, and a note saying so: the bill's amount
 *   is what the report and the reconciliation show, and the items are the bill;
 * - two summaries for the same period and the same amount are one bill (some feeds give a bill
 *   once with its total and once as items): the one with a stated total is kept, completed by
 *   the other, and the note says what the other said differently.
 */
export function billsOf(summaries: SummaryFields[]): BillSummary[] {
  const byPeriod = new Map<string, ReadBill[]>();
  const kept: ReadBill[] = [];
  for (const summary of summaries) {
    const read = readBill(summary);
    const key = `${read.bill.periodStart}/${read.bill.periodSeconds}`;
    const samePeriod = byPeriod.get(key) ?? [];
    const total = read.total;
    const same =
      total === undefined
        ? undefined
        : samePeriod.find((k) => k.total !== undefined && Math.abs(k.total - total) < HALF_CENT);
    if (same) {
      merge(same, read);
      continue;
    }
    samePeriod.push(read);
    byPeriod.set(key, samePeriod);
    kept.push(read);
  }
  return kept.map(({ bill, notes }) =>
    notes.length > 0 ? { ...bill, note: notes.join('; ') } : bill,
  );
}

function readBill(s: SummaryFields): ReadBill {
  const money = (v: number | undefined) => (v === undefined ? undefined : v / COST_UNIT);
  const notes: string[] = [];
  let total = s.billLastPeriod;
  let derivedFrom = 0;
  if (total === undefined) {
    // Summed in ESPI units (whole hundred-thousandths) so that the total has no float noise.
    const priced = s.lineItems.filter((item) => item.amount !== undefined);
    if (priced.length > 0) {
      total = priced.reduce((sum, item) => sum + (item.amount as number), 0);
      derivedFrom = priced.length;
      const unpriced = s.lineItems.length - priced.length;
      notes.push(
        `total derived from ${itemsWord(priced.length)}${unpriced > 0 ? ` (${itemsWord(unpriced)} without an amount left out)` : ''}`,
      );
    }
  }
  const bill: BillSummary = {
    periodStart: (s.periodStart ?? 0) * 1000,
    periodSeconds: s.periodDuration ?? 0,
    billAmount: money(total),
    consumptionKWh: kWhOf({
      value: s.consumptionValue,
      multiplier: s.consumptionMultiplier,
      uom: s.consumptionUom,
    }),
    currency: s.currency === undefined ? undefined : (CURRENCIES[s.currency] ?? String(s.currency)),
    lineItems: s.lineItems.map((item) => ({
      note: item.note,
      amount: money(item.amount),
      quantity: item.measurement && quantityOf(item.measurement),
    })),
  };
  if (s.billToDate !== undefined) bill.billToDate = money(s.billToDate);
  if (s.costAdditionalLastPeriod !== undefined)
    bill.additionalCost = money(s.costAdditionalLastPeriod);
  const current = s.currentPeriodConsumption && kWhOf(s.currentPeriodConsumption);
  if (current !== undefined) bill.currentPeriodKWh = current;
  if (s.tariffProfile !== undefined) bill.tariffProfile = s.tariffProfile;
  return { bill, total, derivedFrom, notes };
}

const itemsWord = (n: number) => `${n} line ${n === 1 ? 'item' : 'items'}`;

/** Figures a bill may lack that a second summary of it can give. */
const FILLABLE = [
  'consumptionKWh',
  'currency',
  'billToDate',
  'additionalCost',
  'currentPeriodKWh',
  'tariffProfile',
] as const;

/** Folds a second summary of the same bill into the one kept, saying how it differed. */
function merge(kept: ReadBill, other: ReadBill): void {
  // A stated total is the bill's own figure: it is kept over one derived from line items.
  if (kept.derivedFrom > 0 && other.derivedFrom === 0) {
    const stated = { ...other };
    Object.assign(other, kept);
    Object.assign(kept, stated);
  }
  const { bill } = kept;
  const differences: string[] = [];
  if (other.derivedFrom > 0)
    differences.push(`its total derived from ${itemsWord(other.derivedFrom)}`);
  if (bill.lineItems.length === 0 && other.bill.lineItems.length > 0) {
    bill.lineItems = other.bill.lineItems;
    differences.push(`its ${itemsWord(other.bill.lineItems.length)} kept here`);
  } else if (other.bill.lineItems.length > 0 && !sameItems(bill, other.bill)) {
    differences.push(`${itemsWord(other.bill.lineItems.length)} that differ from these`);
  }
  for (const field of FILLABLE) {
    const mine = bill[field];
    const theirs = other.bill[field];
    if (theirs === undefined || theirs === mine) continue;
    if (mine === undefined) {
      Object.assign(bill, { [field]: theirs });
      differences.push(`${FIELD_WORDS[field]} ${shown(field, theirs)} taken from it`);
    } else {
      differences.push(`${FIELD_WORDS[field]} ${shown(field, theirs)}, not ${shown(field, mine)}`);
    }
  }
  kept.notes.push(
    `a second UsageSummary for the same period and amount was read as this bill${
      differences.length > 0 ? ` (${differences.join(', ')})` : ' (the same figures)'
    }`,
  );
}

const FIELD_WORDS: Record<(typeof FILLABLE)[number], string> = {
  consumptionKWh: 'consumption',
  currency: 'currency',
  billToDate: 'charges to date',
  additionalCost: 'additional charges',
  currentPeriodKWh: 'current-period consumption',
  tariffProfile: 'tariff',
};

function shown(field: (typeof FILLABLE)[number], value: string | number): string {
  if (typeof value === 'string') return field === 'tariffProfile' ? `"${value}"` : value;
  return field === 'consumptionKWh' || field === 'currentPeriodKWh'
    ? `${value} kWh`
    : value.toFixed(2);
}

function sameItems(a: BillSummary, b: BillSummary): boolean {
  return JSON.stringify(a.lineItems) === JSON.stringify(b.lineItems);
}

/** kWh of a Wh measurement (uom 72, or no uom as ESPI's default for energy); else undefined. */
function kWhOf(m: MeasurementFields): number | undefined {
  if (m.value === undefined || (m.uom !== undefined && m.uom !== WATT_HOURS)) return undefined;
  const scale = m.multiplier - 3;
  return scale < 0 ? m.value / 10 ** -scale : m.value * 10 ** scale;
}

/** A line item's quantity: kWh for energy, else the value with its ESPI unit code. */
function quantityOf(m: MeasurementFields): { value: number; unit: string } | undefined {
  if (m.value === undefined) return undefined;
  const kWh = kWhOf(m);
  if (kWh !== undefined) return { value: kWh, unit: 'kWh' };
  const value = m.multiplier < 0 ? m.value / 10 ** -m.multiplier : m.value * 10 ** m.multiplier;
  return { value, unit: m.uom === undefined ? '' : `ESPI uom ${m.uom}` };
}
