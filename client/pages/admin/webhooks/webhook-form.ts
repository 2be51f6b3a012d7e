import {
  WEBHOOK_EVENT_NAMES,
  type WebhookEndpoint,
  type WebhookEvent,
  WebhookInput,
} from '@common/webhooks.ts';

/** The Add/Edit Webhook form's fields, as the inputs hold them. */
export type WebhookFormValues = {
  url: string;
  description: string;
  events: WebhookEvent[];
  isActive: boolean;
};

/** A new endpoint hears every event until the admin narrows it. */
export const EMPTY_WEBHOOK_FORM: WebhookFormValues = {
  url: '',
  description: '',
  events: [...WEBHOOK_EVENT_NAMES],
  isActive: true,
};

export function webhookFormValues(endpoint: WebhookEndpoint): WebhookFormValues {
  return {
    url: endpoint.url,
    description: endpoint.description ?? '',
    events: [...endpoint.events],
    isActive: endpoint.isActive,
  };
}

export type CheckedWebhook = { ok: true; body: WebhookInput } | { ok: false; message: string };

/** Checks the form with the server's own schema, so the browser says what the server would. */
export function checkWebhook(values: WebhookFormValues): CheckedWebhook {
  const parsed = WebhookInput.safeParse(values);
  if (parsed.success) return { ok: true, body: parsed.data };
  return { ok: false, message: parsed.error.issues[0]?.message ?? 'Check the form' };
}
