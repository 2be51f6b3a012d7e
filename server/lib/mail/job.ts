import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { defineJob, type JobAttempt, type WithJobLog } from '../jobs/types.ts';

/** What the send job needs: the mailer's delivery of one outbox message. */
export type MailDelivery = {
  deliver(messageId: number, attempt: JobAttempt, log?: FastifyBaseLogger): Promise<void>;
};

/**
 * Sends (or, without SMTP, keeps) one outbox message. A refused or failed send is retried with
 * backoff, five tries in all (about 30 s, 1, 2 and 4 minutes apart); the last one marks the
 * message failed for an admin to see and retry.
 */
export const mailSendJob = defineJob({
  name: 'mail-send',
  payload: z.object({ messageId: z.number().int().positive() }),
  retry: { limit: 4, delaySeconds: 30, backoff: true },
  // Submissions come in bursts and each message is quick: up to 10 per poll, not one.
  batchSize: 10,
  expireInSeconds: 10 * 60,
  handler: ({ messageId }, { mailer, log }: WithJobLog<{ mailer: MailDelivery }>, attempt) =>
    mailer.deliver(messageId, attempt, log),
});
