// `npm run db:seed`: adds the starter catalogue of utilities (skipping names already present).
import { seedProviders } from '../server/features/providers/seed.ts';
import { configOrExit, openConfiguredDatabase } from '../server/start.ts';

const database = openConfiguredDatabase(configOrExit());
await database.ready;
const added = await seedProviders(database.db);
await database.close();
console.log(`providers added: ${added}`);
