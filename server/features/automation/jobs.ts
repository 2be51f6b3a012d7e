import { z } from 'zod';
import { defineJob, type WithJobLog } from '../../lib/jobs/types.ts';
import { type VerificationServices, verifyConnection } from './verification.ts';

/**
 * Checks a customer's utility login right after the form is submitted. Only a portal that is
 * down or slow is retried (with backoff); any other answer, and the last retry, is final.
 */
export const verifyConnectionCredentialsJob = defineJob({
  name: 'verify-connection-credentials',
  payload: z.object({ connectionId: z.number().int().positive() }),
  retry: { limit: 3, delaySeconds: 120, backoff: true },
  expireInSeconds: 10 * 60,
  handler: ({ connectionId }, services: WithJobLog<VerificationServices>, attempt) =>
    verifyConnection(services, connectionId, attempt),
});
