// Public API of the report engine: ReportInput in, a self-contained HTML document and its
// headline figures out. A library: no HTTP, no database, no file reads.

export { REPORT_CSP, renderReport } from './render-report.ts';
export type {
  ReportBill,
  ReportFile,
  ReportHistoryBill,
  ReportInput,
  ReportRatePlans,
  ReportSummary,
} from './types.ts';
