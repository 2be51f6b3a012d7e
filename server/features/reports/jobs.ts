import { z } from 'zod';
import { defineJob, type WithJobLog } from '../../lib/jobs/types.ts';

/** What the build job needs of the reports service (the service enqueues this job). */
type Builds = { reports: { build(reportId: number): Promise<unknown> } };

/**
 * Builds one report version (HTML, PDF, ZIP). Retried when storage, the database or Chromium
 * failed; a version already built is not built again.
 */
export const buildReportJob = defineJob({
  name: 'reports-build',
  payload: z.object({ reportId: z.number().int().positive() }),
  retry: { limit: 2, delaySeconds: 30, backoff: true },
  expireInSeconds: 300,
  async handler({ reportId }, { reports, log }: WithJobLog<Builds>) {
    await reports.build(reportId);
    log.info({ reportId }, 'report built');
  },
});
