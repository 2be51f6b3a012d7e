// Public API of the interval data engine: import a utility export, put it on the canonical
// 15-minute grid, assess its quality, analyse it, and export it. A library: no HTTP, no database.

export {
  type Analytics,
  analyze,
  type MonthlyUsage,
} from './analytics.ts';
export { type SlotCalendar, slotCalendar } from './calendar.ts';
export { IntervalImportError } from './errors.ts';
export { exportIntervalCsv } from './export/csv.ts';
export { exportEspiXml } from './export/espi.ts';
export {
  type BillingHistory,
  isBillingHistory,
  readBillingHistory,
} from './formats/billing-history-csv.ts';
export { importIntervals } from './import-intervals.ts';
export { assessQuality, type QualityReport, type RunStats } from './quality.ts';
export {
  type Reconciliation,
  reconcileHistoryBill,
  reconcileStatement,
  VERDICT_MIN_COVERAGE_PCT,
} from './reconcile.ts';
export { toCanonicalSeries } from './resample.ts';
export { type CanonicalSeries, qualityName, SLOT_MS } from './series.ts';
export { localDateOf } from './time/local-date.ts';
export { zoneOfState } from './time/zones.ts';
export type * from './types.ts';
