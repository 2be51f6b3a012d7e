import { z } from 'zod';
import type { JobQueue } from '../../lib/jobs/queue.ts';
import { defineJob, type WithJobLog } from '../../lib/jobs/types.ts';
import { type VerificationServices, verifyConnection } from './verification.ts';

type VerificationNeeds = VerificationServices & { queue: Pick<JobQueue, 'enqueue'> };

/**
 * Checks a customer's utility login right after the form is submitted. Only a portal that is
 * down or slow is retried (with backoff); any other answer, and the last retry, is final.
 */
export const verifyConnectionCredentialsJob = defineJob({
  name: 'verify-connection-credentials',
  payload: z.object({
    connectionId: z.number().int().positive(),
    /** The portal slot (epoch ms) kept for a check brought back later. */
    slot: z.number().int().positive().optional(),
    /** An admin's Retrieve now: the files are fetched even where that is not automatic. */
    byHand: z.boolean().optional(),
  }),
  retry: { limit: 3, delaySeconds: 120, backoff: true },
  // The login may wait for the customer's code (MFA_CODE_WAIT_SECONDS, at most 30 minutes),
  // then retrieve.
  expireInSeconds: 40 * 60,
  // As many checks at once as the browser has pages; the webhook, mail and import queues keep
  // loops of their own.
  workers: ({ config }: VerificationNeeds) => config.browser.maxPages,
  async handler({ connectionId, slot, byHand }, services: WithJobLog<VerificationNeeds>, attempt) {
    const outcome = await verifyConnection(services, connectionId, attempt, { slot, byHand });
    if (!outcome) return;
    await services.queue.enqueue(
      verifyConnectionCredentialsJob,
      { connectionId, slot: outcome.deferredUntil, byHand },
      { startAfter: new Date(outcome.deferredUntil) },
    );
  },
});
