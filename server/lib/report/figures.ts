import type { Reconciliation } from '../intervals/index.ts';
import { formatLocalDate } from './format.ts';
import type { IntervalView } from './interval-view.ts';
import type { ReportInput } from './types.ts';

type FiguresSource = 'intervals' | 'bills' | 'connection';

interface UsageFigure {
  kWh: number;
  from: FiguresSource;
  periodStart: string | null;
  periodEnd: string | null;
  /** Where the figure comes from, as a sentence. */
  source: string;
}

interface CostFigure {
  dollars: number;
  from: FiguresSource;
  source: string;
}

export interface Headline {
  usage: UsageFigure | undefined;
  cost: CostFigure | undefined;
}

/**
 * The period's kWh and cost, each from the best source that has it: the interval data, then
 * the bill summaries in the interval file, then the figures recorded on the connection.
 */
export function figuresOf(
  input: ReportInput,
  intervals: IntervalView | undefined,
  bills: Reconciliation[],
  timeZone: string,
): Headline {
  const file = input.intervals?.fileName ?? '';
  const { account } = input;
  const recordedPeriod =
    account.startDate || account.endDate
      ? `, ${account.startDate ?? 'start not recorded'} to ${account.endDate ?? 'end not recorded'}`
      : '';
  const connectionSource = `Recorded on the connection${recordedPeriod}.`;

  const billsWithKWh = bills.filter((b) => isNumber(b.statedKWh));
  const billsWithCost = bills.filter((b) => isNumber(b.statedCost));
  const billSource = (n: number) =>
    `Sum of ${n} bill ${n === 1 ? 'summary' : 'summaries'} (ESPI UsageSummary) in “${file}”.`;

  let usage: UsageFigure | undefined;
  if (intervals) {
    usage = {
      kWh: intervals.analytics.deliveredKWh,
      from: 'intervals',
      periodStart: intervals.firstDate,
      periodEnd: intervals.lastDate,
      source: `Sum of the ${intervals.resolution} interval data in “${intervals.fileName}”, ${intervals.firstDate} to ${intervals.lastDate}.`,
    };
  } else if (billsWithKWh.length > 0) {
    const starts = billsWithKWh.map((b) => b.periodStart).filter(isNumber);
    const ends = billsWithKWh.map((b) => b.periodEnd).filter(isNumber);
    usage = {
      kWh: sum(billsWithKWh.map((b) => b.statedKWh as number)),
      from: 'bills',
      periodStart: starts.length ? formatLocalDate(Math.min(...starts), timeZone) : null,
      periodEnd: ends.length ? formatLocalDate(Math.max(...ends) - 1, timeZone) : null,
      source: billSource(billsWithKWh.length),
    };
  } else if (isNumber(account.usageKwh)) {
    usage = {
      kWh: account.usageKwh,
      from: 'connection',
      periodStart: account.startDate,
      periodEnd: account.endDate,
      source: connectionSource,
    };
  }

  let cost: CostFigure | undefined;
  const intervalCost = intervals?.series.hasCost ? intervals.analytics.cost : undefined;
  if (intervals && isNumber(intervalCost)) {
    cost = {
      dollars: intervalCost,
      from: 'intervals',
      source: `Sum of the per-interval costs in “${intervals.fileName}”, ${intervals.firstDate} to ${intervals.lastDate}.`,
    };
  } else if (billsWithCost.length > 0) {
    cost = {
      dollars: sum(billsWithCost.map((b) => b.statedCost as number)),
      from: 'bills',
      source: billSource(billsWithCost.length),
    };
  } else if (isNumber(account.costCents)) {
    cost = { dollars: account.costCents / 100, from: 'connection', source: connectionSource };
  }
  return { usage, cost };
}

export function isNumber(value: number | null | undefined): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
