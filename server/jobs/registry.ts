import { analyzeJob } from '../db/jobs.ts';
import { sessionCleanupJob } from '../features/auth/jobs.ts';
import { verifyConnectionCredentialsJob } from '../features/automation/jobs.ts';
import { credentialPurgeJob } from '../features/connections/jobs.ts';
import { importFileJob } from '../features/intervals/jobs.ts';
import { orphanCleanupJob } from '../features/objects/jobs.ts';
import { webhookDeliveryJob } from '../features/webhooks/jobs.ts';
import type { JobDefinition } from './types.ts';

/** Every background job the service knows. Workers run these; the app enqueues them. */
export const JOBS = [
  sessionCleanupJob,
  orphanCleanupJob,
  credentialPurgeJob,
  verifyConnectionCredentialsJob,
  importFileJob,
  webhookDeliveryJob,
  analyzeJob,
] as JobDefinition[];
