// Public API of the report engine: ReportInput in, a self-contained HTML document and its
// headline figures out. A library: no HTTP, no database, no file reads.

export {
  batteryPower,
  ROUND_TRIP_EFFICIENCY,
  STORAGE_HOURS,
} from './analysis/peak-shaving.ts';
export { REPORT_CSP, renderReport } from './render-report.ts';
export type {
  ReportBill,
  ReportFile,
  ReportHistoryBill,
  ReportInput,
  ReportRatePlans,
  ReportReconciliation,
  ReportStorageAndSolar,
  ReportSummary,
} from './types.ts';
