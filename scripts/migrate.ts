// `npm run db:migrate`: applies the migrations to the configured database without starting the app.
import { configOrExit, openConfiguredDatabase } from '../server/start.ts';

const database = openConfiguredDatabase(configOrExit());
await database.ready;
await database.close();
console.log(`migrations applied (${database.kind})`);
