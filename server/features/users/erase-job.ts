import { and, gt, isNotNull, lt } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import type { JobQueue } from '../../lib/jobs/queue.ts';
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

const DAY_MS = 24 * 60 * 60 * 1000;

type SweepNeeds = {
  db: Db;
  queue: Pick<JobQueue, 'enqueue'>;
  connections: Pick<EraseNeeds['connections'], 'idsOwnedBy'>;
  billing: { accountOpen(userId: number): Promise<boolean> };
};

/**
 * Once a day: an account deleted between one and fourteen days ago that still has customers'
 * connections, a card on file or a subscription that would renew had its erase job fail past its
 * retries (a store or the payment provider away for a day). It is erased again, which picks up
 * where the failed run stopped; a subscription left renewing would charge a deleted account.
 * After a day, because the job's own retries run for hours; within fourteen, because an erase
 * that fails for two weeks needs an operator, whom the job queue's failures tell. The logo's
 * object, whose key only the first run had, is left to the orphan sweep.
 */
export const sweepErasuresJob = defineJob({
  name: 'account-erase-sweep',
  payload: z.object({}),
  schedule: '41 4 * * *',
  async handler(_payload, services: WithJobLog<SweepNeeds>) {
    const now = Date.now();
    const deleted = await services.db
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          isNotNull(users.deletedAt),
          lt(users.deletedAt, new Date(now - DAY_MS)),
          gt(users.deletedAt, new Date(now - 14 * DAY_MS)),
        ),
      );
    const left: number[] = [];
    for (const { id } of deleted) {
      const connections = await services.connections.idsOwnedBy(id);
      if (connections.length > 0 || (await services.billing.accountOpen(id))) left.push(id);
    }
    for (const userId of left) {
      await services.queue.enqueue(
        eraseAccountJob,
        { userId, logoKey: null },
        { singletonKey: `account-erase-${userId}` },
      );
    }
    if (left.length > 0) {
      services.log.warn({ users: left }, 'deleted accounts not fully erased: erasing them again');
    }
  },
});
