// `npm run bench`: prints the figures the issues ask for. Run after `npm run build`.
import { benchColdStart, benchLandingBundle, benchSessionRoute } from './foundation.ts';

const benches: [string, () => Promise<void> | void][] = [
  ['landing bundle', benchLandingBundle],
  ['cold start', benchColdStart],
  ['session route', benchSessionRoute],
];

for (const [name, run] of benches) {
  console.log(`\n== ${name}`);
  await run();
}
