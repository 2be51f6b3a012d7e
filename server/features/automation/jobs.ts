import { z } from 'zod';
import { defineJob } from '../../jobs/types.ts';
import { verifyConnection } from './verification.ts';

/**
 * Checks a customer's utility login right after the form is submitted. Only a portal that is
 * down or slow is retried (with backoff); any other answer, and the last retry, is final.
 */
export const verifyConnectionCredentialsJob = defineJob({
  name: 'verify-connection-credentials',
  payload: z.object({ connectionId: z.number().int().positive() }),
  retry: { limit: 3, delaySeconds: 120, backoff: true },
  expireInSeconds: 10 * 60,
  handler: ({ connectionId }, ctx, attempt) => verifyConnection(ctx, connectionId, attempt),
});
