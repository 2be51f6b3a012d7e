import type { HistoryBill } from './formats/billing-history-csv.ts';
import { type CanonicalSeries, MISSING, SLOT_MS } from './series.ts';
import { DAY_MS, daysFromCivil } from './time/civil.ts';
import { zoneClock } from './time/zone-clock.ts';
import type { Channel, ImportResult } from './types.ts';

/** Half a watt-hour: utilities state totals to the Wh, so anything above is a real difference. */
const TOLERANCE_KWH = 0.0005;
/**
 * Below this share of a bill's period with interval data there is no verdict: the missing part
 * could hold any amount of energy. At or above it, the bill is compared over the covered part.
 */
export const VERDICT_MIN_COVERAGE_PCT = 95;

export interface Reconciliation {
  /**
   * A bill in the interval file, the file's own total, a statement PDF's printed figures, or a
   * bill of an uploaded billing history (one row per bill).
   */
  source: 'bill' | 'file total' | 'statement' | 'billing history';
  /** For a statement: the PDF's file name; for a billing history's bill: the file and line. */
  label?: string;
  /** UTC ms of the billing period (undefined for a whole-file total). */
  periodStart: number | undefined;
  periodEnd: number | undefined;
  statedKWh: number | undefined;
  /** Interval kWh inside the period (readings crossing its edges count pro rata). */
  intervalKWh: number;
  /**
   * What the intervals were compared with: the stated kWh, scaled to the covered share of the
   * period when the intervals cover only part of it; undefined when no comparison was made.
   */
  comparedKWh: number | undefined;
  /** Intervals less `comparedKWh`; undefined when no comparison was made. */
  differenceKWh: number | undefined;
  /** Undefined when there is no verdict (nothing stated, or coverage below the minimum). */
  matches: boolean | undefined;
  /** Why there is no verdict, or on what it rests, in words. */
  verdictNote: string | undefined;
  /** What the stated figure was compared with: delivered energy, or delivered minus received. */
  basis: 'delivered' | 'net';
  /** Share of the period the readings cover, percent. */
  coveragePct: number;
  statedCost: number | undefined;
  intervalCost: number | undefined;
}

/** Checks interval sums against the bill summaries and totals the file states about itself. */
export function reconcile(
  imported: ImportResult,
  delivered: Channel | undefined,
): Reconciliation[] {
  const received = imported.channels.find((c) => c.direction === 'received');
  const results: Reconciliation[] = [];
  for (const bill of imported.metadata.bills) {
    const end = bill.periodStart + bill.periodSeconds * 1000;
    const inside = sumWithin(delivered, bill.periodStart, end);
    results.push(
      compare(
        'bill',
        bill.periodStart,
        end,
        bill.consumptionKWh,
        inside,
        undefined,
        bill.billAmount,
      ),
    );
  }
  const stated = imported.metadata.statedTotals;
  if (stated.kWh !== undefined || stated.cost !== undefined) {
    const all = sumWithin(delivered, Number.NEGATIVE_INFINITY, Number.POSITIVE_INFINITY);
    const exported = sumWithin(received, Number.NEGATIVE_INFINITY, Number.POSITIVE_INFINITY);
    results.push(
      compare('file total', undefined, undefined, stated.kWh, all, exported, stated.cost),
    );
  }
  return results;
}

interface Sum {
  kWh: number;
  cost: number | undefined;
  coveredMs: number;
}

function compare(
  source: Reconciliation['source'],
  periodStart: number | undefined,
  periodEnd: number | undefined,
  statedKWh: number | undefined,
  delivered: Sum,
  received: Sum | undefined,
  statedCost: number | undefined,
): Reconciliation {
  const span =
    periodStart !== undefined && periodEnd !== undefined
      ? periodEnd - periodStart
      : delivered.coveredMs;
  const share = span > 0 ? Math.min(1, delivered.coveredMs / span) : 0;
  const coveragePct = share * 100;
  const base = {
    source,
    periodStart,
    periodEnd,
    statedKWh,
    coveragePct,
    statedCost,
    intervalCost: delivered.cost,
  };
  const none = (verdictNote: string | undefined): Reconciliation => ({
    ...base,
    intervalKWh: delivered.kWh,
    comparedKWh: undefined,
    differenceKWh: undefined,
    matches: undefined,
    verdictNote,
    basis: 'delivered',
  });
  if (statedKWh === undefined) return none(undefined);
  if (delivered.coveredMs === 0) return none('no interval data in this period');
  if (coveragePct < VERDICT_MIN_COVERAGE_PCT) {
    return none(
      `intervals cover ${coveragePct.toFixed(1)}% of the period; no verdict below ${VERDICT_MIN_COVERAGE_PCT}%`,
    );
  }
  // Over the covered part only: the stated figure scaled to it. The uncovered rest could hold
  // up to its share of the energy either way, so that is the tolerance until coverage is whole.
  const whole = share === 1;
  const compared = whole ? statedKWh : statedKWh * share;
  const tolerance = whole
    ? TOLERANCE_KWH
    : Math.max(TOLERANCE_KWH, Math.abs(statedKWh) * (1 - share));
  const net = received && received.kWh !== 0 ? delivered.kWh - received.kWh : undefined;
  const useNet = net !== undefined && Math.abs(net - compared) < Math.abs(delivered.kWh - compared);
  const intervalKWh = useNet && net !== undefined ? net : delivered.kWh;
  const difference = intervalKWh - compared;
  return {
    ...base,
    intervalKWh,
    comparedKWh: compared,
    differenceKWh: difference,
    matches: Math.abs(difference) < tolerance,
    verdictNote: whole
      ? undefined
      : `compared over the covered ${coveragePct.toFixed(1)}% of the period (stated kWh scaled to it)`,
    basis: useNet ? 'net' : 'delivered',
  };
}

function sumWithin(channel: Channel | undefined, from: number, to: number): Sum {
  const sum: Sum = { kWh: 0, cost: undefined, coveredMs: 0 };
  for (const r of channel?.readings ?? []) {
    const end = r.start + r.duration * 1000;
    const overlap = Math.min(end, to) - Math.max(r.start, from);
    if (overlap <= 0) continue;
    const share = overlap / (end - r.start);
    sum.kWh += share === 1 ? r.kWh : r.kWh * share;
    if (r.cost !== undefined) sum.cost = (sum.cost ?? 0) + (share === 1 ? r.cost : r.cost * share);
    sum.coveredMs += overlap;
  }
  return sum;
}

/** A statement's printed figures: its service period (local dates, both days included). */
export interface StatementFigures {
  label: string;
  /** `YYYY-MM-DD`, the first and last day of service. */
  periodStart: string;
  periodEnd: string;
  kWh: number | undefined;
  /** The period's charges in the currency, where printed. */
  cost: number | undefined;
}

/**
 * Checks a statement PDF's usage against the canonical series over its service period (local
 * days in the series' zone, the last day included), on the same terms as a bill in the file.
 */
export function reconcileStatement(
  series: CanonicalSeries,
  statement: StatementFigures,
): Reconciliation | undefined {
  const day = (iso: string) => {
    const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
    return m ? daysFromCivil(Number(m[1]), Number(m[2]), Number(m[3])) : Number.NaN;
  };
  const first = day(statement.periodStart);
  const last = day(statement.periodEnd);
  if (Number.isNaN(first) || Number.isNaN(last) || last < first) return undefined;
  const clock = zoneClock(series.timeZone);
  const from = clock.resolve(first * DAY_MS);
  const to = clock.resolve((last + 1) * DAY_MS);
  const delivered: Sum = { kWh: 0, cost: undefined, coveredMs: 0 };
  const received: Sum = { kWh: 0, cost: undefined, coveredMs: 0 };
  const firstSlot = Math.max(0, Math.ceil((from - series.start) / SLOT_MS));
  const endSlot = Math.min(series.length, Math.floor((to - series.start) / SLOT_MS));
  for (let i = firstSlot; i < endSlot; i++) {
    if (series.quality[i] === MISSING) continue;
    delivered.kWh += series.delivered[i] as number;
    received.kWh += series.received[i] as number;
    if (series.hasCost) delivered.cost = (delivered.cost ?? 0) + (series.cost[i] as number);
    delivered.coveredMs += SLOT_MS;
  }
  return {
    ...compare(
      'statement',
      from,
      to,
      statement.kWh,
      delivered,
      series.hasReceived ? received : undefined,
      statement.cost,
    ),
    label: statement.label,
  };
}

/** Units of gas usage: a gas bill has nothing to say about an electric meter's kWh. */
const GAS_UNITS = new Set(['therms', 'ccf', 'hcf', 'mcf', 'dekatherms', 'm³', 'GJ']);

/**
 * Checks one bill of a billing history against the series over its service period, like a
 * statement. Only usage in kWh is compared: a gas bill in therms or ccf, or usage in a unit the
 * file does not name, is listed with its period and amount and a note saying why it has no
 * verdict (no unit is converted).
 */
export function reconcileHistoryBill(
  series: CanonicalSeries,
  bill: HistoryBill,
  fileName: string,
): Reconciliation | undefined {
  const inKWh = bill.unit === 'kWh' && bill.usage !== null;
  const check = reconcileStatement(series, {
    label: fileName,
    periodStart: bill.periodStart,
    periodEnd: bill.periodEnd,
    kWh: inKWh ? (bill.usage as number) : undefined,
    cost: bill.costCents === null ? undefined : bill.costCents / 100,
  });
  if (!check) return undefined;
  let verdictNote = check.verdictNote;
  if (!inKWh && bill.usage !== null) {
    verdictNote =
      bill.unit === null
        ? 'the file does not say the usage unit, so it is not compared with the interval kWh'
        : GAS_UNITS.has(bill.unit)
          ? `gas usage in ${bill.unit}, not compared with the electric interval kWh`
          : `usage in ${bill.unit}, not kWh, so it is not compared with the interval kWh`;
  }
  return {
    ...check,
    source: 'billing history',
    label: `${fileName}, line ${bill.line}`,
    verdictNote,
  };
}
