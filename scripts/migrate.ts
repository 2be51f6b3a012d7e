// `npm run db:migrate`: applies the migrations to the configured database without starting the app.
import { configOrExit, openConfiguredDatabase } from '../server/start.ts';

const database = openConfiguredDatabase(configOrExit(), {
  name: 'npm run db:migrate',
  app: false,
  whileAppRuns:
    'the app applies the migrations itself when it starts, or stop the app and run this again.',
});
await database.ready;
await database.close();
console.log(`migrations applied (${database.kind})`);
