import type { WebhookEvent } from '../../../common/webhooks.ts';
import type { Db } from '../../db/client.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { webhookDeliveryJob } from './jobs.ts';
import { activeSubscriptions, recordDeliveries } from './service.ts';

/**
 * Subscriptions are read at most this often: every customer submission emits an event, and
 * most installations have few endpoints that rarely change. Changes made in this process apply
 * at once (invalidate()); other processes see them within this time.
 */
const SUBSCRIPTIONS_TTL_MS = 5_000;

/** Announces what happened to connections to every subscribed webhook, in the background. */
export class WebhookEvents {
  private subscriptions?: { at: number; list: Promise<{ id: number; events: string[] }[]> };

  constructor(
    private db: Db,
    private queue: JobQueue,
  ) {}

  /** Forgets the cached subscriptions (after an endpoint was added, changed or deleted). */
  invalidate() {
    this.subscriptions = undefined;
  }

  private current() {
    const now = Date.now();
    if (!this.subscriptions || now - this.subscriptions.at > SUBSCRIPTIONS_TTL_MS) {
      const list = activeSubscriptions(this.db);
      list.catch(() => this.invalidate());
      this.subscriptions = { at: now, list };
    }
    return this.subscriptions.list;
  }

  /** Records and queues the event for its subscribers; `onlyEndpoint` sends to that one alone. */
  async emit(event: WebhookEvent | 'ping', data: Record<string, unknown>, onlyEndpoint?: number) {
    const endpointIds =
      onlyEndpoint !== undefined
        ? [onlyEndpoint]
        : (await this.current()).filter((e) => e.events.includes(event)).map((e) => e.id);
    const ids = await recordDeliveries(this.db, endpointIds, event, data);
    for (const deliveryId of ids) await this.queue.enqueue(webhookDeliveryJob, { deliveryId });
    return ids;
  }
}
