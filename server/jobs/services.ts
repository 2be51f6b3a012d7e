import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { WebhookEvents } from '../features/webhooks/events.ts';
import { BrowserService, UrlGuard } from '../lib/browser/index.ts';
import { createObjectStore, type ObjectStore } from '../lib/storage/index.ts';
import { CredentialVault } from '../lib/vault.ts';
import { JobQueue } from './queue.ts';
import { JOBS } from './registry.ts';
import type { JobContext, JobDefinition } from './types.ts';

export type Services = JobContext & { queue: JobQueue };

/**
 * The services routes and jobs share, built once per process (app or worker): the store, the
 * vault, the browser, the webhook guard and events, and the job queue that hands them to jobs.
 */
export function createServices(options: {
  database: Database;
  config: Config;
  log: FastifyBaseLogger;
  store?: ObjectStore;
  jobMode?: 'queue' | 'inline';
  jobs?: JobDefinition[];
}): Services {
  const { database, config, log } = options;
  const context = {
    db: database.db,
    config,
    log,
    store: options.store ?? createObjectStore(config.storage),
    vault: new CredentialVault(config.credentials.keys),
    // Chromium is launched on the first task that needs it.
    browser: new BrowserService(config.browser, log),
    webhookGuard: new UrlGuard(config.webhookAllowedHosts),
  } as JobContext;
  const queue = new JobQueue(database, options.jobs ?? JOBS, context, options.jobMode ?? 'queue');
  // Jobs emit events too (a finished credential check), so the events need the queue first.
  context.events = new WebhookEvents(database.db, queue);
  return { ...context, queue };
}

/** Stops the queue, then the browser and the store connections. */
export async function closeServices(services: Services): Promise<void> {
  await services.queue.stop();
  await services.browser.close();
  services.store.close();
}
