import { sessionCleanupJob } from '../features/auth/jobs.ts';
import type { JobDefinition } from './types.ts';

/** Every background job the service knows. Workers run these; the app enqueues them. */
export const JOBS: JobDefinition[] = [sessionCleanupJob as JobDefinition];
