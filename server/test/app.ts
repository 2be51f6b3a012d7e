import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { type Config, loadConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import { openTestDatabase } from './database.ts';

export type TestApp = {
  app: FastifyInstance;
  database: Database;
  config: Config;
  close(): Promise<void>;
};

/** The real app on a real, fresh database, for `app.inject()` tests. */
export async function createTestApp(
  env: Record<string, string> = {},
  overrides: Partial<Config> = {},
): Promise<TestApp> {
  const database = await openTestDatabase();
  const config = loadConfig(
    {
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'ur-test-')),
      SESSION_SECRET: 'test-secret-test-secret-test-secret-00',
      AUTH_RATE_LIMIT: '1000',
      FORM_RATE_LIMIT: '1000',
      ...env,
    },
    { clientDir: undefined, ...overrides },
  );
  const app = await buildApp({ config, database, jobMode: 'inline' });
  await app.databaseReady;
  return {
    app,
    database,
    config,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}
