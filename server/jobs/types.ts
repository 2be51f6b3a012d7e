import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { WebhookEvents } from '../features/webhooks/events.ts';
import type { BrowserService, UrlGuard } from '../lib/browser/index.ts';
import type { ObjectStore } from '../lib/storage/index.ts';
import type { CredentialVault } from '../lib/vault.ts';

/** What every job handler gets: the same services the HTTP routes use. */
export type JobContext = {
  db: Db;
  config: Config;
  log: FastifyBaseLogger;
  store: ObjectStore;
  vault: CredentialVault;
  /** The process's headless browser (login checks). */
  browser: BrowserService;
  /** Decides which hosts webhook deliveries may reach (WEBHOOK_ALLOWED_HOSTS). */
  webhookGuard: UrlGuard;
  /** Announces events to subscribed webhooks. */
  events: WebhookEvents;
};

/** Which run of a job this is: retried jobs can say what happens next. */
export type JobAttempt = {
  /** 0 for the first run. */
  retryCount: number;
  /** No retry follows this run, whatever it does. */
  final: boolean;
};

/** A typed background job: a name, its payload schema, and what it does. */
export type JobDefinition<Payload extends Record<string, unknown> = Record<string, unknown>> = {
  name: string;
  payload: z.ZodType<Payload>;
  handler(payload: Payload, ctx: JobContext, attempt: JobAttempt): Promise<void>;
  /** Retries for work that may succeed later (network, a busy portal). */
  retry?: { limit: number; delaySeconds: number; backoff: boolean };
  /** Cron expression (UTC) for periodic jobs. */
  schedule?: string;
  /** How long one run may take before pg-boss gives up on it. */
  expireInSeconds?: number;
};

export const defineJob = <P extends Record<string, unknown>>(definition: JobDefinition<P>) =>
  definition;
