import { analyzeJob } from './db/jobs.ts';
import { attentionAlertJob } from './features/attention/jobs.ts';
import { sessionCleanupJob } from './features/auth/jobs.ts';
import { verifyConnectionCredentialsJob } from './features/automation/jobs.ts';
import { refundOverdueJob, settlePendingUsageJob } from './features/billing/jobs.ts';
import { credentialPurgeJob } from './features/connections/jobs.ts';
import { importFileJob } from './features/intervals/jobs.ts';
import { orphanCleanupJob } from './features/objects/jobs.ts';
import { buildReportJob, recoverBuildsJob } from './features/reports/jobs.ts';
import { eraseAccountJob, sweepErasuresJob } from './features/users/erase-job.ts';
import { webhookDeliveryJob } from './features/webhooks/jobs.ts';
import { mailSendJob } from './lib/mail/index.ts';

/**
 * Every background job the service knows. Workers run these; the app enqueues them. The list is
 * checked against the services object where the queue is built (server/services.ts).
 */
export const JOBS = [
  sessionCleanupJob,
  orphanCleanupJob,
  credentialPurgeJob,
  verifyConnectionCredentialsJob,
  importFileJob,
  webhookDeliveryJob,
  analyzeJob,
  settlePendingUsageJob,
  refundOverdueJob,
  mailSendJob,
  buildReportJob,
  recoverBuildsJob,
  attentionAlertJob,
  eraseAccountJob,
  sweepErasuresJob,
];
