import { z } from 'zod';
import type { Config } from '../../config.ts';
import { defineJob, type WithJobLog } from '../../lib/jobs/types.ts';
import type { ConnectionsService } from './service.ts';

/** Credentials are never kept past the retention period, whatever happens to the connection. */
export const credentialPurgeJob = defineJob({
  name: 'credentials-purge',
  payload: z.object({}),
  schedule: '*/15 * * * *',
  async handler(
    _payload,
    { connections, config, log }: WithJobLog<{ connections: ConnectionsService; config: Config }>,
  ) {
    const purged = await connections.purgeDueCredentials(config.credentials.retentionDays);
    if (purged > 0) log.info({ purged }, 'credentials purged');
  },
});
