import { type Config, ConfigError, loadConfig } from './config.ts';
import { type Database, openDatabase } from './db/client.ts';
import { defaultHolder, type FolderHolder, FolderInUseError } from './db/folder-lock.ts';
import { ProvidersService } from './features/providers/service.ts';
import { addCatalogueTariffsOnFirstStart } from './features/tariffs/catalogue-seed.ts';

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

type Opener = FolderHolder & {
  /** What to tell the user when the app holds the embedded database (a script's advice). */
  whileAppRuns?: string;
};

/**
 * Opens the configured database, or stops the process with one clear line when another live
 * process holds the embedded database's folder (the refusal names it and its pid).
 */
export function openConfiguredDatabase(config: Config, opener: Opener = defaultHolder()): Database {
  try {
    return openDatabase(
      config.databaseUrl
        ? { url: config.databaseUrl }
        : {
            dataDir: `${config.dataDir}/db`,
            holder: { name: opener.name, app: opener.app },
          },
    );
  } catch (error) {
    if (error instanceof FolderInUseError) {
      console.error(
        error.holder.app && opener.whileAppRuns
          ? `${error.held}; ${opener.whileAppRuns}`
          : error.message,
      );
      process.exit(1);
    }
    throw error;
  }
}

/**
 * The app's database, which on its first start (SEED_PROVIDERS=auto, the default) gets the
 * starter utilities (and the California ones their published rate plans) before it counts as
 * ready, so the customer form of a new install lists them from its first request. `providersAdded` says how many were added.
 */
export function withStarterProviders(
  database: Database,
  config: Config,
): Database & { providersAdded: Promise<number> } {
  const catalogue = new ProvidersService({ db: database.db });
  const providersAdded = database.ready.then(async () => {
    if (!config.seedProviders) return 0;
    const added = await catalogue.addStarterCatalogueOnFirstStart();
    // An install from before the catalogue knew any selectors gets them where none are set.
    await catalogue.addKnownSelectors('start');
    return added;
  });
  // The California utilities' published plans follow their providers, once.
  const tariffsAdded = providersAdded.then((added) =>
    config.seedProviders ? addCatalogueTariffsOnFirstStart(database.db).then(() => added) : added,
  );
  return { ...database, ready: tariffsAdded.then(() => {}), providersAdded };
}
