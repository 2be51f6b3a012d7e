import type { Channel, ImportResult } from './types.ts';

/** Half a watt-hour: utilities state totals to the Wh, so anything above is a real difference. */
const TOLERANCE_KWH = 0.0005;

export interface Reconciliation {
  source: 'bill' | 'file total';
  /** UTC ms of the billing period (undefined for a whole-file total). */
  periodStart: number | undefined;
  periodEnd: number | undefined;
  statedKWh: number | undefined;
  /** Interval kWh inside the period (readings crossing its edges count pro rata). */
  intervalKWh: number;
  differenceKWh: number | undefined;
  matches: boolean | undefined;
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
  const net = received && received.kWh !== 0 ? delivered.kWh - received.kWh : undefined;
  const useNet =
    statedKWh !== undefined &&
    net !== undefined &&
    Math.abs(net - statedKWh) < Math.abs(delivered.kWh - statedKWh);
  const intervalKWh = useNet && net !== undefined ? net : delivered.kWh;
  const difference = statedKWh === undefined ? undefined : intervalKWh - statedKWh;
  const span =
    periodStart !== undefined && periodEnd !== undefined
      ? periodEnd - periodStart
      : delivered.coveredMs;
  return {
    source,
    periodStart,
    periodEnd,
    statedKWh,
    intervalKWh,
    differenceKWh: difference,
    matches: difference === undefined ? undefined : Math.abs(difference) < TOLERANCE_KWH,
    basis: useNet ? 'net' : 'delivered',
    coveragePct: span > 0 ? (delivered.coveredMs / span) * 100 : 0,
    statedCost,
    intervalCost: delivered.cost,
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
