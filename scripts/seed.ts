// `npm run db:seed`: adds the starter catalogue of utilities (skipping names already present).
import { ProvidersService } from '../server/features/providers/service.ts';
import { configOrExit, openConfiguredDatabase } from '../server/start.ts';

const database = openConfiguredDatabase(configOrExit());
await database.ready;
const added = await new ProvidersService({ db: database.db }).addStarterCatalogue();
await database.close();
console.log(`providers added: ${added}`);
