import type { WebhookEvent } from '../../../common/webhooks.ts';
import type { Db } from '../../db/client.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { webhookDeliveryJob } from './jobs.ts';
import { recordEvent } from './service.ts';

/** Announces what happened to connections to every subscribed webhook, in the background. */
export class WebhookEvents {
  constructor(
    private db: Db,
    private queue: JobQueue,
  ) {}

  async emit(event: WebhookEvent | 'ping', data: Record<string, unknown>, onlyEndpoint?: number) {
    const ids = await recordEvent(this.db, event, data, onlyEndpoint);
    for (const deliveryId of ids) await this.queue.enqueue(webhookDeliveryJob, { deliveryId });
    return ids;
  }
}
