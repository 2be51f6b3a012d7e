import { z } from 'zod';
import { rowId } from './api.ts';

/** The Outbox API contract (admin only): every message the service sends, and its fate. */

/** `smtp` sends through SMTP_URL; `outbox` keeps every message here for admins to read. */
export const MailMode = z.enum(['smtp', 'outbox']);
export type MailMode = z.infer<typeof MailMode>;

/** pending: waiting for (another) try; stored: kept in the outbox (no SMTP); failed: gave up. */
const OUTBOX_STATUSES = ['pending', 'sent', 'stored', 'failed'] as const;
export const OutboxStatus = z.enum(OUTBOX_STATUSES, {
  error: 'Status must be pending, sent, stored or failed',
});
export type OutboxStatus = z.infer<typeof OutboxStatus>;

export const OUTBOX_PAGE_SIZE = 20;

export const OutboxIdParams = z.object({ id: rowId() });
export type OutboxIdParams = z.infer<typeof OutboxIdParams>;

/** GET /api/admin/outbox?status=&page= */
export const OutboxQuery = z.object({
  status: OutboxStatus.optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export type OutboxQuery = z.infer<typeof OutboxQuery>;

/** One message in the list: who, what and how it went, without its bodies. */
export const OutboxItem = z.object({
  id: z.number().int(),
  kind: z.string(),
  to: z.string(),
  subject: z.string(),
  status: OutboxStatus,
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  attachmentCount: z.number().int(),
  createdAt: z.iso.datetime(),
  sentAt: z.iso.datetime().nullable(),
});
export type OutboxItem = z.infer<typeof OutboxItem>;

export const OutboxPage = z.object({
  mode: MailMode,
  items: z.array(OutboxItem),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Failed messages of any page, for the card's alert. */
  failed: z.number().int(),
});
export type OutboxPage = z.infer<typeof OutboxPage>;

/** GET /api/admin/outbox/:id: the whole message as it was (or will be) sent. */
export const OutboxMessage = OutboxItem.extend({
  from: z.string(),
  text: z.string(),
  html: z.string().nullable(),
  attachments: z.array(z.object({ fileName: z.string(), contentType: z.string() })),
  /** The SMTP server's id once it accepted the message. */
  messageId: z.string().nullable(),
});
export type OutboxMessage = z.infer<typeof OutboxMessage>;
