import pino from 'pino';
import { restrictNewFiles } from './lib/data-dir-modes.ts';
import { logRedaction } from './lib/log-redaction.ts';
import { closeGracefully } from './lib/shutdown.ts';
import { unlockVault } from './lib/vault-keys.ts';
import { closeServices, createServices } from './services.ts';
import { configOrExit, openConfiguredDatabase } from './start.ts';
import { serveWorkerHttp } from './worker-http.ts';

// `npm run worker`: runs background jobs only. Start as many as the load needs.
async function main() {
  restrictNewFiles();
  const config = configOrExit();
  if (!config.databaseUrl) {
    // PGlite is one process's private database: a second process would corrupt it.
    console.error(
      'npm run worker needs DATABASE_URL (PostgreSQL); with the embedded database, npm start runs the worker itself',
    );
    process.exit(1);
  }
  const log = pino({ level: config.logLevel, ...logRedaction });
  const database = openConfiguredDatabase(config);
  await database.ready;
  if (config.credentials.warning) log.warn(config.credentials.warning);
  const services = createServices({ database, config, log });
  await unlockVault(database.db, services.vault, config.credentials, log);
  const http = config.metricsPort
    ? await serveWorkerHttp(services, { port: config.metricsPort, host: config.host })
    : undefined;
  closeGracefully({
    log,
    delayMs: config.stop.graceMs + 15_000,
    close: async () => {
      await closeServices(services);
      await http?.close();
      await database.close();
    },
  });
  await services.queue.start({ work: true });
  log.info({ database: database.kind }, 'worker ready');
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
