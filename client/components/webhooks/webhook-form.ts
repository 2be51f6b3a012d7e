import type { WebhookEndpoint, WebhookEvent } from '@common/webhooks.ts';
import { WebhookInput } from '@common/webhooks.ts';
import { allowedEvents } from './webhook-display.ts';

/** The Add/Edit Webhook form's fields, as the inputs hold them. */
export type WebhookFormValues = {
  url: string;
  description: string;
  events: WebhookEvent[];
  isActive: boolean;
};

/** A new endpoint hears every event its screen allows until narrowed. */
export function emptyWebhookForm(events: readonly WebhookEvent[]): WebhookFormValues {
  return { url: '', description: '', events: [...events], isActive: true };
}

export function webhookFormValues(
  endpoint: WebhookEndpoint,
  events: readonly WebhookEvent[],
): WebhookFormValues {
  return {
    url: endpoint.url,
    description: endpoint.description ?? '',
    events: allowedEvents(endpoint, events),
    isActive: endpoint.isActive,
  };
}

export type CheckedWebhook = { ok: true; body: WebhookInput } | { ok: false; message: string };

/**
 * Checks the form with the server's own schema, so the browser says what the server would. The
 * checkboxes offer only the screen's events, so the events need no narrower check here.
 */
export function checkWebhook(values: WebhookFormValues): CheckedWebhook {
  const parsed = WebhookInput.safeParse(values);
  if (parsed.success) return { ok: true, body: parsed.data };
  return { ok: false, message: parsed.error.issues[0]?.message ?? 'Check the form' };
}
