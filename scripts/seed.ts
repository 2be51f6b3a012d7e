// `npm run db:seed`: adds the starter catalogue of utilities (skipping names already present).
import { ConfigError, loadConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/client.ts';
import { seedProviders } from '../server/features/providers/seed.ts';

try {
  const config = loadConfig();
  const database = openDatabase(
    config.databaseUrl ? { url: config.databaseUrl } : { dataDir: `${config.dataDir}/db` },
  );
  await database.ready;
  const added = await seedProviders(database.db);
  await database.close();
  console.log(`providers added: ${added}`);
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
