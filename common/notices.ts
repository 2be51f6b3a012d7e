import { z } from 'zod';
import { rowId } from './api.ts';

/** What a user is told about their connections, in the dashboard and (unless turned off) by email. */
export const NOTICE_KINDS = [
  'login_failed',
  'code_requested',
  'data_complete',
  'report_ready',
  'payment_needed',
  'refund_issued',
] as const;
export const NoticeKind = z.enum(NOTICE_KINDS);
export type NoticeKind = z.infer<typeof NoticeKind>;

/** The settings page's words for each kind. */
export const NOTICE_KIND_LABELS: Record<NoticeKind, string> = {
  login_failed: "A client's login was not accepted",
  code_requested: 'Waiting for a client’s verification code',
  data_complete: "A client's data is complete",
  report_ready: 'A report is ready',
  payment_needed: 'A report waits for your payment',
  refund_issued: 'A payment was refunded',
};

export const Notice = z.object({
  id: z.number().int(),
  kind: NoticeKind,
  connectionId: z.number().int().nullable(),
  title: z.string(),
  body: z.string(),
  read: z.boolean(),
  createdAt: z.string(),
});
export type Notice = z.infer<typeof Notice>;

export const NOTICE_PAGE_SIZE = 20;

export const NoticeQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});

export const NoticePage = z.object({
  notices: z.array(Notice),
  total: z.number().int(),
  unread: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type NoticePage = z.infer<typeof NoticePage>;

/** Marks the caller's notices read: the listed ones, or all of them. */
export const MarkNoticesRead = z.union([
  z.object({ ids: z.array(rowId('Invalid notice id')).min(1).max(100) }).strict(),
  z.object({ all: z.literal(true) }).strict(),
]);
export type MarkNoticesRead = z.infer<typeof MarkNoticesRead>;

export const NoticesRead = z.object({ unread: z.number().int() });

/** Email on or off per kind; the notices in the dashboard are always kept. */
export const NotificationSettings = z.object({
  email: z.object(
    Object.fromEntries(NOTICE_KINDS.map((k) => [k, z.boolean()])) as Record<
      NoticeKind,
      z.ZodBoolean
    >,
  ),
});
export type NotificationSettings = z.infer<typeof NotificationSettings>;

export const NotificationSettingsBody = z
  .object({ email: NotificationSettings.shape.email.strict() })
  .strict();
