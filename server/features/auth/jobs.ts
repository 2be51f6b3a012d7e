import { lt } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { sessions } from '../../db/schema.ts';
import { defineJob, type WithJobLog } from '../../lib/jobs/types.ts';
import { purgeLoginFailures } from './throttle.ts';

/** Expired sessions can never sign anyone in again; drop them daily, with ended throttle windows. */
export const sessionCleanupJob = defineJob({
  name: 'sessions-delete-expired',
  payload: z.object({}),
  schedule: '17 3 * * *',
  async handler(_payload, { db, log }: WithJobLog<{ db: Db }>) {
    const deleted = await db
      .delete(sessions)
      .where(lt(sessions.expiresAt, new Date()))
      .returning({ id: sessions.id });
    log.info({ deleted: deleted.length }, 'expired sessions deleted');
    await purgeLoginFailures(db);
  },
});
