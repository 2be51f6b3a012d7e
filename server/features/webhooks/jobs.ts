import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import type { UrlGuard } from '../../lib/browser/index.ts';
import { defineJob } from '../../lib/jobs/types.ts';
import { deliver } from './deliver.ts';

/** One attempt at a delivery; pg-boss retries with backoff (about 1, 2, 4, 8, 16 minutes). */
export const webhookDeliveryJob = defineJob({
  name: 'webhook-deliver',
  payload: z.object({ deliveryId: z.number().int().positive() }),
  retry: { limit: 5, delaySeconds: 60, backoff: true },
  // Deliveries are short and come in bursts: fifty at a time, side by side.
  batchSize: 50,
  expireInSeconds: 60,
  async handler({ deliveryId }, { db, webhookGuard }: { db: Db; webhookGuard: UrlGuard }) {
    await deliver(db, webhookGuard, deliveryId);
  },
});
