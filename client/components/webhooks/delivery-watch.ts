import type { WebhookDelivery } from '@common/webhooks.ts';

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
