// `npm run bench`: prints the figures the issues ask for. Run after `npm run build`.
import { benchConnections } from './connections.ts';
import { benchColdStart, benchLandingBundle, benchSessionRoute } from './foundation.ts';
import { benchIntervals } from './intervals.ts';

const benches: [string, () => Promise<void> | void][] = [
  ['landing bundle', benchLandingBundle],
  ['cold start', benchColdStart],
  ['session route', benchSessionRoute],
  ['connections: admin search at 100,000 rows, form submissions', benchConnections],
  ['interval import and analysis', benchIntervals],
];

for (const [name, run] of benches) {
  console.log(`\n== ${name}`);
  await run();
}
