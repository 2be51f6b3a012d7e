// `npm run db:seed`: adds the starter catalogue of utilities (skipping names already present).
// The app adds it by itself on its first start; this puts back starters deleted since, and
// gives starters without login selectors the ones known from public scrapers.
import { ProvidersService } from '../server/features/providers/service.ts';
import { configOrExit, openConfiguredDatabase } from '../server/start.ts';

const database = openConfiguredDatabase(configOrExit(), {
  name: 'npm run db:seed',
  app: false,
  whileAppRuns:
    'the utilities are added automatically on first start, or stop the app and run this again.',
});
await database.ready;
const catalogue = new ProvidersService({ db: database.db });
const added = await catalogue.addStarterCatalogue();
const tuned = await catalogue.addKnownSelectors('npm run db:seed');
await database.close();
console.log(`providers added: ${added}`);
if (tuned.length > 0) console.log(`known login selectors given to: ${tuned.join(', ')}`);
