import { z } from 'zod';

export const WEBHOOK_EVENT_NAMES = [
  'connection.created',
  'connection.status_changed',
  'connection.file_added',
  'connection.credentials_checked',
  'report.ready',
] as const;
export const WebhookEvent = z.enum(WEBHOOK_EVENT_NAMES);
export type WebhookEvent = z.infer<typeof WebhookEvent>;

export const WEBHOOK_EVENT_LABELS: Record<WebhookEvent, string> = {
  'connection.created': 'A customer submitted the form',
  'connection.status_changed': 'A connection changed status',
  'connection.file_added': 'A file was added to a connection',
  'connection.credentials_checked': 'Utility credentials were checked',
  'report.ready': 'A report was built and is ready to download',
};

export const WebhookEndpoint = z.object({
  id: z.number().int(),
  url: z.string(),
  description: z.string().nullable(),
  /** Signs every delivery: `X-Webhook-Signature: t=<unix>,v1=<hex HMAC-SHA256 of "t.body">`. */
  secret: z.string(),
  events: z.array(WebhookEvent),
  isActive: z.boolean(),
  failedDeliveries: z.number().int(),
  lastDelivery: z
    .object({ status: z.string(), at: z.iso.datetime(), responseStatus: z.number().nullable() })
    .nullable(),
  createdAt: z.iso.datetime(),
});
export type WebhookEndpoint = z.infer<typeof WebhookEndpoint>;

export const WebhookInput = z.object({
  url: z
    .string({ error: 'URL is required' })
    .trim()
    .min(1, 'URL is required')
    .pipe(z.url({ protocol: /^https?$/, message: 'URL must be a valid http(s) URL' }).max(2000)),
  description: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
    z.string().trim().max(200).nullable().optional(),
  ),
  events: z.array(WebhookEvent).min(1, 'Choose at least one event'),
  isActive: z.boolean().optional(),
});
export type WebhookInput = z.infer<typeof WebhookInput>;

/** The events a premium user's own endpoints may hear about (their own connections only). */
export const USER_WEBHOOK_EVENT_NAMES = [
  'connection.created',
  'connection.credentials_checked',
  'report.ready',
] as const satisfies readonly WebhookEvent[];
const UserWebhookEvent = z.enum(USER_WEBHOOK_EVENT_NAMES, {
  error: `Events must be among: ${USER_WEBHOOK_EVENT_NAMES.join(', ')}`,
});

/** A premium user's endpoint: the same fields, the events limited to theirs. */
export const UserWebhookInput = WebhookInput.extend({
  events: z.array(UserWebhookEvent).min(1, 'Choose at least one event'),
});
export type UserWebhookInput = z.infer<typeof UserWebhookInput>;

export const WEBHOOKS_PREMIUM_ONLY =
  'Webhooks for your own connections come with the Monthly Subscription plan. Change your plan in Usage & Billing to use them.';

export const WebhookDelivery = z.object({
  id: z.number().int(),
  event: z.string(),
  status: z.enum(['pending', 'succeeded', 'failed']),
  attempts: z.number().int(),
  responseStatus: z.number().int().nullable(),
  lastError: z.string().nullable(),
  createdAt: z.iso.datetime(),
  deliveredAt: z.iso.datetime().nullable(),
});
export type WebhookDelivery = z.infer<typeof WebhookDelivery>;
