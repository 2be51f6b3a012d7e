// `npm run db:seed`: adds the starter catalogue of utilities (skipping names already present).
// The app adds it by itself on its first start; this puts back starters deleted since.
import { ProvidersService } from '../server/features/providers/service.ts';
import { configOrExit, openConfiguredDatabase } from '../server/start.ts';

const database = openConfiguredDatabase(configOrExit(), {
  name: 'npm run db:seed',
  app: false,
  whileAppRuns:
    'the utilities are added automatically on first start, or stop the app and run this again.',
});
await database.ready;
const added = await new ProvidersService({ db: database.db }).addStarterCatalogue();
await database.close();
console.log(`providers added: ${added}`);
