import { z } from 'zod';
import { defineJob, type WithJobLog } from '../../lib/jobs/types.ts';
import type { Mailer } from '../../lib/mail/index.ts';
import type { ObjectStore } from '../../lib/storage/index.ts';

/**
 * What each feature offers to remove a user's part, named by shape rather than imported: the
 * users feature sits below them all (they read the user), so it may not depend on them.
 */
type EraseNeeds = {
  connections: {
    idsOwnedBy(userId: number): Promise<number[]>;
    eraseOwnedBy(userId: number): Promise<unknown>;
  };
  reports: { eraseOwnedBy(userId: number): Promise<void> };
  apiKeys: { deleteAllOf(userId: number): Promise<void> };
  webhooks: { deleteOwnedBy(userId: number): Promise<void> };
  ownerNotices: { forget(userId: number): Promise<void> };
  billing: { closeAccount(userId: number): Promise<void> };
  mailer: Pick<Mailer, 'forget'>;
  store: Pick<ObjectStore, 'delete'>;
};

/**
 * Removes what a deleted account left, each feature its own part; the account was made unusable
 * before this was queued, so it may take its time and be retried. Every step finds only what is
 * still there, so a retry after a failure picks up where the last run stopped.
 */
export const eraseAccountJob = defineJob({
  name: 'account-erase',
  payload: z.object({
    userId: z.number().int().positive(),
    /** The business logo's object, whose key the account row no longer holds. */
    logoKey: z.string().nullable(),
  }),
  retry: { limit: 10, delaySeconds: 60, backoff: true },
  expireInSeconds: 30 * 60,
  async handler({ userId, logoKey }, services: WithJobLog<EraseNeeds>) {
    const { connections, reports, apiKeys, webhooks, ownerNotices, billing, mailer, store } =
      services;
    await apiKeys.deleteAllOf(userId);
    await webhooks.deleteOwnedBy(userId);
    // Mail about these customers that was not sent yet never goes; the outbox forgets it all.
    const connectionIds = await connections.idsOwnedBy(userId);
    await mailer.forget({ connectionIds });
    await reports.eraseOwnedBy(userId);
    await connections.eraseOwnedBy(userId);
    // Anything queued about them while they were being removed.
    await mailer.forget({ connectionIds });
    await ownerNotices.forget(userId);
    if (logoKey) await store.delete(logoKey);
    // Last: the payment provider may be away, and the retry then has only this left to do.
    await billing.closeAccount(userId);
    services.log.info({ userId, connections: connectionIds.length }, 'deleted account erased');
  },
});
