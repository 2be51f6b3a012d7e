import { z } from 'zod';
import { defineJob, type WithJobLog } from '../../lib/jobs/types.ts';
import type { IntervalsService } from './service.ts';

/**
 * Reads an uploaded file: interval data from CSV or XML, a statement's facts from a PDF. Retried
 * only when storage or the database failed.
 */
export const importFileJob = defineJob({
  name: 'intervals-import-file',
  payload: z.object({ fileId: z.number().int().positive() }),
  retry: { limit: 3, delaySeconds: 30, backoff: true },
  async handler({ fileId }, { intervals, log }: WithJobLog<{ intervals: IntervalsService }>) {
    const outcome = await intervals.importFile(fileId);
    log.info({ fileId, ...outcome }, 'interval file import');
  },
});
