import { z } from 'zod';
import { defineJob } from '../../jobs/types.ts';
import { purgeDueCredentials } from './credentials.ts';

/** Credentials are never kept past the retention period, whatever happens to the connection. */
export const credentialPurgeJob = defineJob({
  name: 'credentials-purge',
  payload: z.object({}),
  schedule: '*/15 * * * *',
  async handler(_payload, { db, config, log }) {
    const purged = await purgeDueCredentials(db, config.credentials.retentionDays);
    if (purged > 0) log.info({ purged }, 'credentials purged');
  },
});
