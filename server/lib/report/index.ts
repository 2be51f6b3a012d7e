// Public API of the report engine: ReportInput in, a self-contained HTML document and its
// headline figures out. A library: no HTTP, no database, no file reads.

export { type DstDay, dstDays } from './analysis/dst-days.ts';
export {
  type DaytimeShare,
  daytimeShare,
  type ExportShare,
  exportShare,
  SOLAR_HOURS,
} from './analysis/hints.ts';
export {
  defaultBatteryKw,
  demandKw,
  holdsThreshold,
  type PeakShavingResult,
  ROUND_TRIP_EFFICIENCY,
  STORAGE_HOURS,
  shavePeak,
} from './analysis/peak-shaving.ts';
export { type PeakInterval, topPeaks } from './analysis/top-peaks.ts';
export { escapeHtml, html, SafeHtml } from './html.ts';
export { REPORT_CSP, renderReport } from './render-report.ts';
export type { RenderedReport, ReportFile, ReportInput, ReportSummary } from './types.ts';
