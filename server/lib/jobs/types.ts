import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';

/** Which run of a job this is: retried jobs can say what happens next. */
export type JobAttempt = {
  /** 0 for the first run. */
  retryCount: number;
  /** No retry follows this run, whatever it does. */
  final: boolean;
};

/** Every handler gets a logger naming its job, beside the services it declares. */
export type WithJobLog<Services> = Services & { log: FastifyBaseLogger };

/**
 * A typed background job: a name, its payload schema, and what it does. `Needs` is the part of
 * the process's services the handler uses; the job list is checked against the real services
 * object where it is registered, so a job never imports the composition root.
 */
export type JobDefinition<
  Payload extends Record<string, unknown> = Record<string, unknown>,
  Needs = object,
> = {
  name: string;
  payload: z.ZodType<Payload>;
  // A property, not a method: its parameters are then checked strictly where jobs are listed.
  handler: (payload: Payload, services: WithJobLog<Needs>, attempt: JobAttempt) => Promise<void>;
  /** Retries for work that may succeed later (network, a busy portal). */
  retry?: { limit: number; delaySeconds: number; backoff: boolean };
  /** Cron expression (UTC) for periodic jobs. */
  schedule?: string;
  /** How long one run may take before pg-boss gives up on it. */
  expireInSeconds?: number;
  /**
   * Jobs taken per poll (default 1). A worker polls every few seconds (5 s on PGlite), so a
   * queue that gets bursts of short jobs (email) takes several at once. Each still runs, and
   * fails, on its own; `expireInSeconds` must cover the whole batch.
   */
  batchSize?: number;
  /**
   * Polling loops of this queue per process (default 1), each running its batch: jobs that wait
   * on something slow (a portal, the browser) run side by side, while every queue keeps loops
   * of its own and never waits behind another. A number, or one read from the services.
   */
  workers?: number | ((services: Needs) => number);
};

export const defineJob = <P extends Record<string, unknown>, Needs = object>(
  definition: JobDefinition<P, Needs>,
) => definition;
