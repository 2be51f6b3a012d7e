import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { defineJob, type WithJobLog } from '../../lib/jobs/types.ts';

/** What the build job needs of the reports service (the service enqueues this job). */
type Builds = { reports: { build(reportId: number, log?: FastifyBaseLogger): Promise<unknown> } };

/**
 * Builds one report version (HTML, PDF, ZIP). Retried when storage, the database or Chromium
 * failed; a version already built is not built again, nor one another run is building.
 */
export const buildReportJob = defineJob({
  name: 'reports-build',
  payload: z.object({ reportId: z.number().int().positive() }),
  retry: { limit: 2, delaySeconds: 30, backoff: true },
  expireInSeconds: 300,
  async handler({ reportId }, { reports, log }: WithJobLog<Builds>) {
    await reports.build(reportId, log);
    log.info({ reportId }, 'report built');
  },
});

/** What the recovery job needs of the reports service. */
type Recovers = { reports: { recoverAbandoned(reportId?: number): Promise<number[]> } };

/**
 * Builds cut off by a crash are built again. With a `reportId`, the watch a running build keeps
 * queued for the moment its lease would lapse (a build that finished or still runs is left
 * alone); on the schedule, a sweep of every lapsed build, for what no watch covers (a crash
 * before the first watch was queued, a database that refused it).
 */
export const recoverBuildsJob = defineJob({
  name: 'reports-recover-builds',
  payload: z.object({ reportId: z.number().int().positive().optional() }),
  schedule: '*/5 * * * *',
  expireInSeconds: 60,
  async handler({ reportId }, { reports, log }: WithJobLog<Recovers>) {
    const queued = await reports.recoverAbandoned(reportId);
    if (queued.length > 0) log.warn({ reportIds: queued }, 'cut-off report builds queued again');
  },
});
