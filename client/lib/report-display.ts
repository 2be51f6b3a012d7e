import { kwText, pctText } from '@common/quantities.ts';
import {
  REPORT_FORMATS,
  type ReportFormat,
  type ReportStatus,
  type ReportSummary,
  type ReportVersion,
  reportFileName,
} from '@common/reports.ts';
import { formatCost, formatDate, formatPeriod } from './connection-display.ts';
import { formatKwh } from './format.ts';

/**
 * What the admin's Utility Reports view and the owner's connection cards say about a report
 * through its life: queued, building, ready or failed, and rebuilt as a new version.
 */

/** A version the worker has not finished with: the lists are re-read until it settles. */
export function isInFlight(version: Pick<ReportVersion, 'status'> | null | undefined): boolean {
  return version?.status === 'queued' || version?.status === 'building';
}

/** True while any of these versions is queued or building. */
export function anyInFlight(versions: readonly (Pick<ReportVersion, 'status'> | null)[]): boolean {
  return versions.some(isInFlight);
}

export type ReportStateTone = 'none' | 'busy' | 'good' | 'bad';

const BUSY_LABELS: Record<Extract<ReportStatus, 'queued' | 'building'>, string> = {
  queued: 'Queued',
  building: 'Building…',
};

/** "Ready — version 2, built Nov 22, 2024" (the date in the viewer's time zone). */
function readyLabel(version: Pick<ReportVersion, 'version' | 'builtAt'>): string {
  const built = version.builtAt ? `, built ${formatDate(version.builtAt)}` : '';
  return `Ready — version ${version.version}${built}`;
}

/** The admin card's line about the newest version: Not built yet, Queued, Building…, Ready, Failed. */
export function reportStateText(
  latest: Pick<ReportVersion, 'status' | 'version' | 'builtAt' | 'error'> | null,
): { label: string; tone: ReportStateTone } {
  if (!latest) return { label: 'Not built yet', tone: 'none' };
  switch (latest.status) {
    case 'queued':
    case 'building':
      return { label: BUSY_LABELS[latest.status], tone: 'busy' };
    case 'ready':
      return { label: readyLabel(latest), tone: 'good' };
    case 'failed':
      return { label: `Failed: ${latest.error?.trim() || 'no reason was recorded'}`, tone: 'bad' };
  }
}

/** "12.30 kW". */
function formatKw(value: number): string {
  return `${kwText(value)} kW`;
}

/** "98.5%" for a percentage already on the 0–100 scale (the report's coveragePct). */
export const formatPercent = pctText;

export type ReportFigure = { term: string; value: string };

/**
 * The headline figures of a built report, in the order the report shows them. A figure the
 * report could not establish is left out rather than shown as zero.
 */
export function reportFigures(summary: ReportSummary | null): ReportFigure[] {
  if (!summary) return [];
  const figures: (ReportFigure | null)[] = [
    pair('Period', formatPeriod(summary.periodStart, summary.periodEnd)),
    pair('Usage', summary.usageKwh === null ? null : formatKwh(summary.usageKwh)),
    pair('Cost', formatCost(summary.costDollars)),
    pair('Peak demand', summary.peakKw === null ? null : formatKw(summary.peakKw)),
    pair(
      'Interval coverage',
      summary.coveragePct === null ? null : formatPercent(summary.coveragePct),
    ),
  ];
  return figures.filter((figure) => figure !== null);
}

function pair(term: string, value: string | null): ReportFigure | null {
  return value === null ? null : { term, value };
}

/** The newest ready version of a list (any order), or null when none is ready. */
export function newestReady(versions: readonly ReportVersion[]): ReportVersion | null {
  let best: ReportVersion | null = null;
  for (const version of versions) {
    if (version.status !== 'ready' || !version.downloads) continue;
    if (!best || version.version > best.version) best = version;
  }
  return best;
}

/**
 * The version whose files are offered: the newest when it is ready, else the newest earlier
 * ready one (a rebuild or a failed build never takes away what was delivered).
 */
export function downloadableVersion(
  latest: ReportVersion | null,
  earlier: readonly ReportVersion[] | undefined,
): ReportVersion | null {
  if (latest?.status === 'ready' && latest.downloads) return latest;
  return newestReady(earlier ?? []);
}

/** Whether an earlier ready version may exist that the newest one hides. */
export function mayHaveEarlierReady(latest: Pick<ReportVersion, 'status' | 'version'> | null) {
  return latest !== null && latest.status !== 'ready' && latest.version > 1;
}

export type ReportDownload = {
  format: ReportFormat;
  /** "Download HTML", "Download PDF", "Download ZIP". */
  label: string;
  href: string;
  /** The name the server gives the file. */
  fileName: string;
};

/** The three downloads of a ready version; none for a version that is not ready. */
export function reportDownloads(
  version: Pick<ReportVersion, 'id' | 'status' | 'downloads'> | null,
): ReportDownload[] {
  const downloads = version?.status === 'ready' ? version.downloads : null;
  if (!version || !downloads) return [];
  return REPORT_FORMATS.map((format) => ({
    format,
    label: `Download ${format.toUpperCase()}`,
    href: downloads[format],
    fileName: reportFileName(version.id, format),
  }));
}

/**
 * What the owner's connection card says about its report: gathered after payment, being built,
 * ready (with its version), or nothing at all before anything was paid for. A failed build is
 * the team's to fix: the owner sees that the report is being prepared, not an error.
 */
export function ownerReportState(
  report: Pick<ReportVersion, 'status' | 'version' | 'builtAt'> | null,
  paid: boolean,
): { label: string; busy: boolean } | null {
  if (!report) {
    return paid ? { label: 'Paid — we are gathering the data for your report', busy: false } : null;
  }
  switch (report.status) {
    case 'queued':
    case 'building':
      return { label: 'Building your report…', busy: true };
    case 'ready':
      return { label: readyLabel(report), busy: false };
    case 'failed':
      return { label: 'Your report is being prepared', busy: false };
  }
}
