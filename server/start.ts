import type { FastifyBaseLogger } from 'fastify';
import { type Config, ConfigError, loadConfig } from './config.ts';
import { type Database, openDatabase } from './db/client.ts';
import { JobQueue } from './jobs/queue.ts';
import { JOBS } from './jobs/registry.ts';
import { BrowserService } from './lib/browser/index.ts';
import type { ObjectStore } from './lib/storage/index.ts';
import { CredentialVault } from './lib/vault.ts';

/** Reads the configuration or stops the process with one clear line. */
export function configOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

export function openConfiguredDatabase(config: Config): Database {
  return openDatabase(
    config.databaseUrl ? { url: config.databaseUrl } : { dataDir: `${config.dataDir}/db` },
  );
}

/** A queue for a worker process: the same jobs and services the app gives them. */
export function createJobQueue(
  database: Database,
  store: ObjectStore,
  config: Config,
  log: FastifyBaseLogger,
) {
  const vault = new CredentialVault(config.credentials.keys);
  // Chromium is launched on the first login check; Playwright ends it when the process exits.
  const browser = new BrowserService(config.browser, log);
  return new JobQueue(database, JOBS, { db: database.db, config, log, store, vault, browser });
}
