import { buildApp } from './app.ts';
import { serveBackups } from './lib/backup/socket.ts';
import { restrictNewFiles, secureDataDir } from './lib/data-dir-modes.ts';
import { closeGracefully } from './lib/shutdown.ts';
import { configOrExit, openConfiguredDatabase, withStarterProviders } from './start.ts';

// `npm start`: the HTTP server and, unless RUN_WORKER=false, a job worker in the same process.
async function main() {
  // Before anything is written: DATA_DIR's folders 0700, its files 0600.
  restrictNewFiles();
  const config = configOrExit();
  const database = withStarterProviders(
    openConfiguredDatabase(config, { name: 'npm start', app: true }),
    config,
  );
  const app = await buildApp({ config, database });
  // npm run backup reaches the embedded database through this process, the folder's only one.
  const dumpFolder = database.dumpFolder;
  let stopBackups = async () => {};

  closeGracefully({
    log: app.log,
    drainMs: config.stop.drainMs,
    delayMs: config.stop.graceMs + 15_000,
    close: async () => {
      await stopBackups();
      await app.close();
      await database.close();
    },
  });

  await app.listen({ port: config.port, host: config.host });
  if (dumpFolder) stopBackups = await serveBackups(config.dataDir, dumpFolder, app.log);
  await app.databaseReady;
  const added = await database.providersAdded;
  if (added > 0) app.log.info({ added }, 'added the starter utilities (first start)');
  // What an earlier version (or the worker thread that created a new database) left readable
  // by others is closed, in the background.
  secureDataDir(config.dataDir).then(
    (changed) => changed && app.log.info({ changed }, 'DATA_DIR permissions restricted'),
    (err) => app.log.warn({ err }, 'could not restrict DATA_DIR permissions'),
  );
  await app.services.queue.start({ work: config.runWorker });
  app.log.info({ database: database.kind, worker: config.runWorker }, 'ready');
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
