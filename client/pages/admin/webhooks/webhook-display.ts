import {
  WEBHOOK_EVENT_LABELS,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEvent,
} from '@common/webhooks.ts';

/** How often an open deliveries panel reads the list again while a delivery is on its way. */
export const DELIVERY_POLL_MS = 1500;
/** How long a Retry is watched for its attempt to be recorded. */
export const RETRY_WATCH_MS = 30_000;

/** A delivery whose Retry was asked for: it is on its way until its attempts go up. */
export type Watched = { deliveryId: number; attempts: number; until: number };

export function watchRetry(delivery: WebhookDelivery, now: number): Watched {
  return { deliveryId: delivery.id, attempts: delivery.attempts, until: now + RETRY_WATCH_MS };
}

/** Whether a delivery is still on its way: pending, or retried and not attempted yet. */
export function shouldPoll(
  deliveries: readonly WebhookDelivery[] | undefined,
  watched: Watched | null,
  now: number,
): boolean {
  if (!deliveries) return false;
  if (deliveries.some((d) => d.status === 'pending')) return true;
  if (!watched || now >= watched.until) return false;
  const retried = deliveries.find((d) => d.id === watched.deliveryId);
  return (
    retried !== undefined && retried.status === 'failed' && retried.attempts <= watched.attempts
  );
}

/** What an event means, for people; the test delivery is 'ping'. */
export function eventLabel(event: string): string {
  if (event === 'ping') return 'Test delivery';
  return WEBHOOK_EVENT_LABELS[event as WebhookEvent] ?? event;
}

export const DELIVERY_STATUS: Record<
  WebhookDelivery['status'],
  { label: string; className: string }
> = {
  succeeded: { label: 'Succeeded', className: 'bg-emerald-100 text-emerald-800' },
  failed: { label: 'Failed', className: 'bg-red-100 text-red-800' },
  pending: { label: 'Pending', className: 'bg-amber-100 text-amber-800' },
};

export function deliveryStatus(status: string): { label: string; className: string } {
  return (
    DELIVERY_STATUS[status as WebhookDelivery['status']] ?? {
      label: status,
      className: 'bg-slate-100 text-slate-700',
    }
  );
}

/** "HTTP 200", or a dash when the endpoint never answered. */
export function responseText(responseStatus: number | null): string {
  return responseStatus === null ? '—' : `HTTP ${responseStatus}`;
}

const dateTime = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  second: '2-digit',
});

/** "Nov 22, 2024, 3:04:05 PM" in the viewer's time zone. */
export function formatDateTime(iso: string): string {
  return dateTime.format(new Date(iso));
}

/** "Succeeded · HTTP 200 · Nov 22, 2024, 3:04:05 PM", or "No deliveries yet". */
export function lastDeliveryText(last: WebhookEndpoint['lastDelivery']): string {
  if (!last) return 'No deliveries yet';
  const parts = [deliveryStatus(last.status).label];
  if (last.responseStatus !== null) parts.push(responseText(last.responseStatus));
  parts.push(formatDateTime(last.at));
  return parts.join(' · ');
}
