// `npm run db:migrate`: applies the migrations to the configured database without starting the app.
import { ConfigError, loadConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/client.ts';

try {
  const config = loadConfig();
  const database = openDatabase(
    config.databaseUrl ? { url: config.databaseUrl } : { dataDir: `${config.dataDir}/db` },
  );
  await database.ready;
  await database.close();
  console.log(`migrations applied (${database.kind})`);
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
