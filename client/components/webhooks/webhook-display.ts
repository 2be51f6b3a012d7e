import {
  WEBHOOK_EVENT_LABELS,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEvent,
} from '@common/webhooks.ts';

/** How webhooks read for people, on the admins' Webhooks view and a user's own alike. */

/** What an event means, for people; the test delivery is 'ping'. */
export function eventLabel(event: string): string {
  if (event === 'ping') return 'Test delivery';
  return WEBHOOK_EVENT_LABELS[event as WebhookEvent] ?? event;
}

/** Ticks or unticks an event, keeping the list in the order `names` (the form) shows it. */
export function toggleEvent<E extends string>(
  names: readonly E[],
  events: readonly E[],
  event: E,
  on: boolean,
): E[] {
  const chosen = new Set(events);
  if (on) chosen.add(event);
  else chosen.delete(event);
  return names.filter((name) => chosen.has(name));
}

/** An endpoint's events among those its screen allows, in the form's order. */
export function allowedEvents(
  endpoint: Pick<WebhookEndpoint, 'events'>,
  names: readonly WebhookEvent[],
): WebhookEvent[] {
  return names.filter((name) => endpoint.events.includes(name));
}

/** The endpoint's state in one word: it hears its events, or it is paused. */
export function endpointState(isActive: boolean): { label: string; className: string } {
  return isActive
    ? { label: 'Active', className: 'bg-emerald-100 text-emerald-800' }
    : { label: 'Paused', className: 'bg-slate-100 text-slate-700' };
}

const DELIVERY_STATUS: Record<WebhookDelivery['status'], { label: string; className: string }> = {
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
