import { z } from 'zod';

/** What a line of a connection's timeline is about. */
export const TimelineKind = z.enum([
  'submitted',
  'credential_check',
  'code',
  'file',
  'report',
  'email',
  'charge',
  'refund',
  'status',
  'credentials',
]);
export type TimelineKind = z.infer<typeof TimelineKind>;

/**
 * One thing that happened to a connection. `title` is in plain words for whoever reads it;
 * `detail` (error messages, recipients, pages, ids) is only ever sent to admins.
 */
export const TimelineEvent = z.object({
  at: z.string(),
  kind: TimelineKind,
  title: z.string(),
  detail: z.string().nullable().optional(),
});
export type TimelineEvent = z.infer<typeof TimelineEvent>;

/** The newest events first; at most this many. */
export const TIMELINE_LIMIT = 200;

export const Timeline = z.object({ events: z.array(TimelineEvent) });
export type Timeline = z.infer<typeof Timeline>;
