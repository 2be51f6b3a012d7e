import { type Reconciliation, zoneOfState } from '../intervals/index.ts';
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
}

export function buildModel(input: ReportInput): ReportModel {
  const given = input.intervals;
  const stateZone = zoneOfState(input.account.providerState);
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
  };
  model.missing = missingOf(model);
  return model;
}

function missingOf(model: ReportModel): string[] {
  const missing: string[] = [];
  const { input, headline } = model;
  const noAnalytics =
    'so load analytics, project hints and the data-quality scorecard are not included.';
  if (!input.intervals) missing.push(`No interval data was provided, ${noAnalytics}`);
  else if (model.intervalsUnusable) missing.push(`${model.intervalsUnusable}, ${noAnalytics}`);
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
