import { z } from 'zod';
import { defineJob } from '../../jobs/types.ts';
import { importConnectionFile } from './service.ts';

/** Imports an uploaded CSV or XML file; retried only when storage or the database failed. */
export const importFileJob = defineJob({
  name: 'intervals-import-file',
  payload: z.object({ fileId: z.number().int().positive() }),
  retry: { limit: 3, delaySeconds: 30, backoff: true },
  async handler({ fileId }, { db, store, log }) {
    const outcome = await importConnectionFile(db, store, fileId);
    log.info({ fileId, ...outcome }, 'interval file import');
  },
});
