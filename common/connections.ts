import { z } from 'zod';
import { calendarDate, pageNumber, rowId } from './api.ts';

export const CONNECTION_STATUSES = ['pending', 'in_progress', 'complete'] as const;
export const ConnectionStatus = z.enum(CONNECTION_STATUSES);
export type ConnectionStatus = z.infer<typeof ConnectionStatus>;

/**
 * Facts printed on a statement PDF, as read from its text (amounts in cents, or the minor units
 * of `currency`; ISO dates).
 */
const StatementFacts = z.object({
  statementDate: z.string().optional(),
  periodStart: z.string().optional(),
  periodEnd: z.string().optional(),
  totalKWh: z.number().optional(),
  amountDueCents: z.number().int().optional(),
  dueDate: z.string().optional(),
  rateSchedule: z.string().optional(),
  accountNumber: z.string().optional(),
  accountName: z.string().optional(),
  serviceAddress: z.string().optional(),
  deliveryChargesCents: z.number().int().optional(),
  generationChargesCents: z.number().int().optional(),
  currentChargesCents: z.number().int().optional(),
  previousBalanceCents: z.number().int().optional(),
  /** ISO 4217 code of the amounts when the statement prints it ("€", "CAD"; not "$" alone). */
  currency: z.string().optional(),
});

/** What was read from a statement PDF, and what could not be. */
export const Statement = z.object({
  /** False for a scanned bill: kept, its facts entered by hand. */
  hasText: z.boolean(),
  layout: z.string(),
  pages: z.number().int(),
  facts: StatementFacts,
  /** The facts looked for and not found (never guessed). */
  missing: z.array(z.string()),
  notes: z.array(z.string()),
});
export type Statement = z.infer<typeof Statement>;

/**
 * One bill of a billing-history CSV, as the file gives it: the first and last day of service
 * (ISO dates, both included), usage in the file's own unit (kWh, therms, ccf...; never
 * converted; null when the file does not say), amount in cents, and the file's line.
 */
export const HistoryBill = z.object({
  periodStart: calendarDate,
  periodEnd: calendarDate,
  days: z.number().int(),
  usage: z.number().nullable(),
  unit: z.string().nullable(),
  costCents: z.number().int().nullable(),
  demandKw: z.number().optional(),
  rate: z.string().optional(),
  statementDate: calendarDate.optional(),
  line: z.number().int(),
});
export type HistoryBill = z.infer<typeof HistoryBill>;

export const ConnectionFile = z.object({
  id: z.number().int(),
  connectionId: z.number().int(),
  /** Downloads go through the API, which checks who asks, then redirects to a signed URL. */
  fileUrl: z.string(),
  fileName: z.string(),
  fileType: z.enum(['pdf', 'csv']),
  fileSize: z.number().int(),
  /** Whether the file was read ('imported': interval data, or a statement's facts), and why not. */
  importStatus: z.enum(['pending', 'imported', 'failed', 'skipped']).nullable(),
  importError: z.string().nullable(),
  /** For a statement PDF, once read: the facts printed on it. */
  statement: Statement.nullable(),
  /**
   * For a billing-history CSV (one row per bill), once read: its bills, in file order. Such a
   * file is not interval data; its bills are checked against the interval data like statements.
   */
  bills: z.array(HistoryBill).nullable().optional(),
  /**
   * 'retrieved': the service's browser downloaded it from the portal page `sourcePage`; 'bulk':
   * uploaded with others in one Bulk Upload; 'upload': uploaded on its own.
   */
  source: z.enum(['upload', 'bulk', 'retrieved']),
  sourcePage: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
export type ConnectionFile = z.infer<typeof ConnectionFile>;

/** What the last automated retrieval on the customer's portal found, and what is left to do. */
export const RetrievalSummary = z.object({
  at: z.iso.datetime(),
  /** Statement PDFs found on the portal (new or already on the connection). */
  bills: z.number().int(),
  /** Whether a Green Button / usage export was downloaded. */
  intervalExport: z.enum(['found', 'not_found']),
  /** One sentence for the admin: found, not found, and what must be done by hand. */
  message: z.string(),
});
export type RetrievalSummary = z.infer<typeof RetrievalSummary>;

/** A connection as its owner and admins see it. Credentials are never part of it. */
export const Connection = z.object({
  id: z.number().int(),
  providerId: z.number().int(),
  provider: z.object({ id: z.number().int(), name: z.string(), state: z.string() }),
  user: z.object({ id: z.number().int(), username: z.string() }),
  customerName: z.string(),
  customerEmail: z.string(),
  customerPhone: z.string().nullable(),
  accountName: z.string().nullable(),
  accountNumber: z.string().nullable(),
  serviceAddress: z.string().nullable(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  /** kWh */
  usage: z.number().nullable(),
  /** dollars */
  cost: z.number().nullable(),
  status: ConnectionStatus,
  notes: z.string().nullable(),
  customerNotes: z.string().nullable(),
  hasCredentials: z.boolean(),
  credentialsPurgedAt: z.iso.datetime().nullable(),
  credentialsVerified: z.boolean().nullable(),
  verificationMessage: z.string().nullable(),
  retrieval: RetrievalSummary.nullable(),
  consentAt: z.iso.datetime().nullable(),
  files: z.array(ConnectionFile),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type Connection = z.infer<typeof Connection>;

export const ConnectionPage = z.object({
  items: z.array(Connection),
  /** Exact up to 1,000; `totalCapped` says there are more ("1,000+"). */
  total: z.number().int(),
  totalCapped: z.boolean(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type ConnectionPage = z.infer<typeof ConnectionPage>;

export const ConnectionQuery = z.object({
  search: z.string().trim().max(200).optional(),
  providerId: rowId('Invalid provider id').optional(),
  status: ConnectionStatus.optional(),
  /** Created on or after this day (UTC). */
  from: calendarDate.optional(),
  /** Created on or before this day (UTC). */
  to: calendarDate.optional(),
  page: pageNumber,
});
export type ConnectionQuery = z.infer<typeof ConnectionQuery>;

const emptyAsNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);
const text = (max: number) =>
  z.preprocess(emptyAsNull, z.string().trim().max(max).nullable().optional());
const amount = (label: string) =>
  z.preprocess(
    (v) => (v === '' ? null : typeof v === 'string' ? Number(v) : v),
    z
      .number({ error: `${label} must be a number` })
      .min(0, `${label} cannot be negative`)
      .max(1e11, `${label} is too large`)
      .refine(
        (n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6,
        `${label} allows at most 2 decimals`,
      )
      .nullable()
      .optional(),
  );

/** PUT /api/connections/:id. Fields left out keep their value; an empty status means pending. */
export const ConnectionUpdate = z.object({
  startDate: z.preprocess(emptyAsNull, calendarDate.nullable().optional()),
  endDate: z.preprocess(emptyAsNull, calendarDate.nullable().optional()),
  usage: amount('Usage'),
  cost: amount('Cost'),
  status: z.preprocess(
    (v) => (v === '' || v === null ? 'pending' : v),
    ConnectionStatus.optional(),
  ),
  notes: text(5000),
  accountName: text(200),
  accountNumber: text(100),
  serviceAddress: text(500),
});
export type ConnectionUpdate = z.infer<typeof ConnectionUpdate>;

export const FileRecord = z.object({
  fileUrl: z.string().min(1, 'fileUrl is required').max(4000),
  fileName: z.string().trim().min(1, 'fileName is required').max(255),
  fileType: z.enum(['pdf', 'csv']).optional(),
  fileSize: z.number().int().nonnegative().optional(),
  /** Sent by an admin's Bulk Upload, so that the file's provenance says it came in a batch. */
  bulk: z.boolean().optional(),
});
export type FileRecord = z.infer<typeof FileRecord>;

export const RevealedCredentials = z.object({
  utilityUsername: z.string(),
  utilityPassword: z.string(),
});

/** pdf when the name ends .pdf, else csv: a connection holds statements and interval files. */
export const fileTypeOf = (fileName: string): 'pdf' | 'csv' =>
  fileName.toLowerCase().endsWith('.pdf') ? 'pdf' : 'csv';

const Trend = z.object({ thisMonth: z.number().int(), lastMonth: z.number().int() });

/** GET /api/stats: the four figures, and how many of each arrived this month and last. */
export const Stats = z.object({
  totalConnections: z.number().int(),
  activeProviders: z.number().int(),
  filesUploaded: z.number().int(),
  /** Webhook deliveries that failed (the endpoint refused them or could not be reached). */
  webhookAlerts: z.number().int(),
  trends: z.object({
    totalConnections: Trend,
    activeProviders: Trend,
    filesUploaded: Trend,
    webhookAlerts: Trend,
  }),
});
export type Stats = z.infer<typeof Stats>;
