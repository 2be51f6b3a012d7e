import { type Reconciliation, zoneOfState } from '../intervals/index.ts';
import { addressesDiffer, statementGap } from './bills.ts';
import { figuresOf, type Headline } from './figures.ts';
import { isKnownZone } from './format.ts';
import { hasData, type IntervalView, viewOf } from './interval-view.ts';
import type { ReportFile, ReportInput } from './types.ts';

export interface ReportModel {
  input: ReportInput;
  /** Zone dates are shown in: the series', else the provider state's, else UTC. */
  timeZone: string;
  intervals: IntervalView | undefined;
  /** Why interval data was given but cannot be analysed. */
  intervalsUnusable: string | undefined;
  /** Bill summaries carried by the interval file (ESPI UsageSummary). */
  bills: Reconciliation[];
  headline: Headline;
  periodStart: string | null;
  periodEnd: string | null;
  statements: ReportFile[];
  intervalFiles: ReportFile[];
  missing: string[];
  /** What the statements say that disagrees with the account as given (a service address). */
  billNotes: string[];
}

export function buildModel(input: ReportInput): ReportModel {
  const given = input.intervals;
  const stateZone = input.account.providerTimeZone || zoneOfState(input.account.providerState);
  let intervalsUnusable: string | undefined;
  let intervals: IntervalView | undefined;
  if (given) {
    if (!isKnownZone(given.series.timeZone)) {
      intervalsUnusable = `The interval file “${given.fileName}” names a time zone this report cannot use (${given.series.timeZone})`;
    } else if (!hasData(given.series)) {
      intervalsUnusable = `The interval file “${given.fileName}” holds no readings`;
    } else {
      intervals = viewOf(given, input.batteryKw);
    }
  }
  const timeZone =
    intervals?.series.timeZone ?? (stateZone && isKnownZone(stateZone) ? stateZone : 'UTC');
  const bills = (given?.quality.reconciliation ?? []).filter((r) => r.source === 'bill');
  const headline = figuresOf(input, intervals, bills, timeZone);
  const statements = input.files.filter((f) => f.kind === 'statement');
  const intervalFiles = input.files.filter((f) => f.kind === 'interval');
  const model: ReportModel = {
    input,
    timeZone,
    intervals,
    intervalsUnusable,
    bills,
    headline,
    periodStart: input.account.startDate ?? headline.usage?.periodStart ?? null,
    periodEnd: input.account.endDate ?? headline.usage?.periodEnd ?? null,
    statements,
    intervalFiles,
    missing: [],
    billNotes: billNotesOf(input),
  };
  model.missing = missingOf(model);
  return model;
}

/**
 * A statement printed for another service address than the one given for the account may be
 * another customer's bill, or the customer typed a mailing address: either way, the reader is
 * told rather than left to notice.
 */
function billNotesOf(input: ReportInput): string[] {
  const given = input.account.serviceAddress?.trim();
  if (!given) return [];
  const notes: string[] = [];
  for (const bill of input.bills) {
    const printed = bill.serviceAddress?.trim();
    if (!printed || !addressesDiffer(given, printed)) continue;
    const which = bill.statementDate ? `of ${bill.statementDate}` : `“${bill.fileName}”`;
    notes.push(
      `The statement ${which} is printed for the service address “${printed}”, not the “${given}” given for this account. Check that it is this account’s bill.`,
    );
  }
  return notes;
}

function missingOf(model: ReportModel): string[] {
  const missing: string[] = [];
  const { input, headline } = model;
  const noAnalytics =
    'so load analytics, project hints and the data-quality scorecard are not included.';
  if (!input.intervals) {
    // Gas periods are reported in their own section; the analytics need electric intervals.
    missing.push(
      input.gas
        ? `No electric interval data was provided, ${noAnalytics} The gas is reported under Gas.`
        : `No interval data was provided, ${noAnalytics}`,
    );
  } else if (model.intervalsUnusable) missing.push(`${model.intervalsUnusable}, ${noAnalytics}`);
  for (const file of model.intervalFiles) {
    if (file.importStatus === 'failed') {
      const reason = file.importError ? `: ${file.importError}` : '.';
      missing.push(`The interval file “${file.name}” could not be imported${reason}`);
    } else if (file.importStatus === 'pending') {
      missing.push(
        `The interval file “${file.name}” had not been read when this report was built.`,
      );
    }
  }
  if (model.statements.length === 0) missing.push('No utility statements (PDF) were provided.');
  else if (model.statements.length === 1) {
    missing.push(
      'Only one utility statement (PDF) was provided; a report covers the two most recent.',
    );
  }
  if (model.intervals) {
    const { firstDate, lastDate } = model.intervals;
    const months = monthsBetween(firstDate, lastDate);
    if (months < 12) {
      const days = (Date.parse(lastDate) - Date.parse(firstDate)) / 86_400_000 + 1;
      const span =
        months === 0
          ? `${days} ${days === 1 ? 'day' : 'days'}`
          : `${months} ${months === 1 ? 'month' : 'months'}`;
      missing.push(
        `The interval data covers ${firstDate} to ${lastDate} (${span}), less than the 12 months a full year of load needs.`,
      );
    }
  }
  const plans = input.ratePlans;
  if (plans?.rateSchedule && !plans.plans.some((p) => p.current)) {
    const which = plans.statementDate ? `of ${plans.statementDate}` : 'provided';
    missing.push(
      `The statement ${which} names the rate schedule “${plans.rateSchedule}”, which is not among the rate plans this report prices, so its bills are not reproduced.`,
    );
  }
  const gap = statementGap(input.bills, model.intervals?.lastDate);
  if (gap) missing.push(gap);
  if (!headline.usage) {
    missing.push(
      'No usage (kWh) figures were found in the interval data, the bills or the connection’s records.',
    );
  }
  if (!headline.cost) {
    missing.push(
      'No cost figures were found in the interval data, the bills or the connection’s records.',
    );
  }
  if (model.periodStart === null && model.periodEnd === null) {
    missing.push('The billing period is not recorded.');
  }
  return missing;
}

/**
 * Whole months the days from `first` to `last` (both included) span: 2024-02-01 to 2025-01-31
 * is 12, 2024-02-15 to 2024-03-13 is 0.
 */
export function monthsBetween(first: string, last: string): number {
  const [y1, m1, d1] = first.split('-').map(Number) as [number, number, number];
  const [y2, m2, d2] = last.split('-').map(Number) as [number, number, number];
  // The day after the last one: the span ends at its start.
  const end = new Date(Date.UTC(y2, m2 - 1, d2 + 1));
  const months = (end.getUTCFullYear() - y1) * 12 + (end.getUTCMonth() + 1 - m1);
  return Math.max(0, end.getUTCDate() >= d1 ? months : months - 1);
}
