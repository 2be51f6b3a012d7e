import { z } from 'zod';
import { pageNumber, rowId } from './api.ts';
import { ConnectionStatus } from './connections.ts';
import { NextCursor } from './pagination.ts';

/**
 * Reports API contract: the admins' Utility Reports view, the owner's downloads and the build
 * lifecycle (requested, built when the connection is complete, delivered).
 * A report is versioned: each build adds a version; a delivered version is never replaced.
 */

export const REPORT_FORMATS = ['html', 'pdf', 'zip'] as const;
export const ReportFormat = z.enum(REPORT_FORMATS, { error: 'Format must be html, pdf or zip' });
export type ReportFormat = z.infer<typeof ReportFormat>;

export const ReportStatus = z.enum(['queued', 'building', 'ready', 'failed']);
export type ReportStatus = z.infer<typeof ReportStatus>;

/** `utility-report-{id}.html`, as the download names it; the PDF and ZIP follow the same pattern. */
export const reportFileName = (id: number, format: ReportFormat) =>
  `utility-report-${id}.${format}`;

/** The headline figures of a built report (cards, email, webhook). */
export const ReportSummary = z.object({
  periodStart: z.string().nullable(),
  periodEnd: z.string().nullable(),
  usageKwh: z.number().nullable(),
  costDollars: z.number().nullable(),
  figuresFrom: z.enum(['intervals', 'bills', 'connection', 'none']),
  peakKw: z.number().nullable(),
  peakAt: z.string().nullable(),
  loadFactor: z.number().nullable(),
  coveragePct: z.number().nullable(),
  statements: z.number().int(),
  intervalFiles: z.number().int(),
  missing: z.array(z.string()),
});
export type ReportSummary = z.infer<typeof ReportSummary>;

const ManifestEntry = z.object({
  name: z.string(),
  size: z.number().int(),
  sha256: z.string(),
});

/** One version of a connection's report. `downloads` are app paths that answer with a redirect. */
export const ReportVersion = z.object({
  id: z.number().int(),
  connectionId: z.number().int(),
  version: z.number().int(),
  status: ReportStatus,
  trigger: z.enum(['paid', 'admin', 'files_changed']),
  error: z.string().nullable(),
  summary: ReportSummary.nullable(),
  files: z.array(ManifestEntry),
  createdAt: z.iso.datetime(),
  builtAt: z.iso.datetime().nullable(),
  emailedAt: z.iso.datetime().nullable(),
  downloads: z.object({ html: z.string(), pdf: z.string(), zip: z.string() }).nullable(),
  previewUrl: z.string().nullable(),
});
export type ReportVersion = z.infer<typeof ReportVersion>;

/** GET /api/connections/:id/reports: every version, newest first (owner once paid; admins). */
export const ReportVersionList = z.object({ reports: z.array(ReportVersion) });
export type ReportVersionList = z.infer<typeof ReportVersionList>;

/**
 * GET /api/my/reports: the newest version of each of the signed-in user's paid-for connections,
 * newest first (`cursor` and `limit` page through them).
 */
export const MyReports = z.object({ reports: z.array(ReportVersion), nextCursor: NextCursor });
export type MyReports = z.infer<typeof MyReports>;

/** GET /api/reports (admin, Utility Reports view). Status is the connection's; default complete. */
export const ReportCardQuery = z.object({
  search: z.string().trim().max(200).optional(),
  providerId: rowId('Invalid provider id').optional(),
  status: z.union([ConnectionStatus, z.literal('all')]).default('complete'),
  page: pageNumber,
});
export type ReportCardQuery = z.infer<typeof ReportCardQuery>;

/** One card per connection in the Utility Reports view. */
export const ReportCard = z.object({
  connectionId: z.number().int(),
  customerName: z.string(),
  accountName: z.string().nullable(),
  accountNumber: z.string().nullable(),
  username: z.string(),
  provider: z.object({ id: z.number().int(), name: z.string(), state: z.string() }),
  connectionStatus: ConnectionStatus,
  /** A paid request waits for this connection's report. */
  paidRequestOpen: z.boolean(),
  latest: ReportVersion.nullable(),
  versions: z.number().int(),
});
export type ReportCard = z.infer<typeof ReportCard>;

export const ReportCardPage = z.object({
  items: z.array(ReportCard),
  /** As in the Connections view: exact up to 1,000, then `totalCapped`. */
  total: z.number().int(),
  totalCapped: z.boolean(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type ReportCardPage = z.infer<typeof ReportCardPage>;

/** POST /api/connections/:id/reports (admin Build / Rebuild): 202 with the queued version. */
export const BuildReportResponse = z.object({ report: ReportVersion });
export type BuildReportResponse = z.infer<typeof BuildReportResponse>;

export const ReportIdParams = z.object({ id: rowId() });
export const ReportDownloadParams = z.object({ id: rowId(), format: ReportFormat });
/** A link from an email or a webhook carries a signed token instead of a session. */
export const ReportDownloadQuery = z.object({
  token: z
    .string()
    .max(200)
    .regex(/^[A-Za-z0-9_.-]+$/, 'Invalid link')
    .optional(),
});
