import { z } from 'zod';
import { defineJob, type WithJobLog } from '../../lib/jobs/types.ts';
import type { AuthService } from './service.ts';

/** Expired sessions can never sign anyone in again; drop them daily, with ended throttle windows. */
export const sessionCleanupJob = defineJob({
  name: 'sessions-delete-expired',
  payload: z.object({}),
  schedule: '17 3 * * *',
  async handler(_payload, { auth, log }: WithJobLog<{ auth: AuthService }>) {
    log.info({ deleted: await auth.deleteExpired() }, 'expired sessions deleted');
  },
});
