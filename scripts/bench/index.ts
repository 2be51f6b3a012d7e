// `npm run bench` (after a fresh build): prints the figures the issues ask for.
import { benchAutomation } from './automation.ts';
import { benchBilling } from './billing.ts';
import { checkBudgets } from './check.ts';
import { benchConnections } from './connections.ts';
import { benchCrash, benchLoad } from './durability.ts';
import { benchFairness } from './fairness.ts';
import { benchFormVerdict } from './form-verdict.ts';
import {
  benchApiKeyRoute,
  benchColdStart,
  benchLandingBundle,
  benchSessionRoute,
} from './foundation.ts';
import { benchIntervals } from './intervals.ts';
import { benchMetricsScrape } from './metrics.ts';
import { benchProcesses } from './processes.ts';
import { benchProviderHealth } from './provider-health.ts';
import { benchCredentialChecks, benchQueue } from './queue.ts';
import { benchBuildRecovery } from './report-recovery.ts';
import { benchReports } from './reports.ts';
import { benchRetrieval } from './retrieval.ts';
import { benchSampleReport } from './sample-report.ts';
import { benchStatements } from './statements.ts';
import { benchTariffs } from './tariffs.ts';

const benches: [string, () => Promise<void> | void][] = [
  ['landing bundle', benchLandingBundle],
  ['cold start', benchColdStart],
  ['session route', benchSessionRoute],
  ['api key route', benchApiKeyRoute],
  ['connections: admin search at 100,000 rows, form submissions', benchConnections],
  ['interval import and analysis', benchIntervals],
  ['tariffs: a year of 15-minute data priced under URDB tariffs', benchTariffs],
  ['statement PDF facts', benchStatements],
  ['browser automation', benchAutomation],
  ['automated retrieval: time per connection and Chromium memory', benchRetrieval],
  ["providers' health: 10,000 sign-ins and retrievals", benchProviderHealth],
  ['job queue: a backlog of webhook deliveries', benchQueue],
  ['job queue: credential checks over many portals', benchCredentialChecks],
  ['durability: load on PostgreSQL', benchLoad],
  ['durability: kill -9 during writes', benchCrash],
  ['fairness: PGlite, 200 clients posting the form', benchFairness],
  ['billing: record-usage against a local Stripe', benchBilling],
  ['reports: build time and Chromium memory', benchReports],
  ['reports: the landing page sample', benchSampleReport],
  ['kill during report build: recovery time', benchBuildRecovery],
  ["form verdict: from Submit to the check's answer", benchFormVerdict],
  ['processes: two APIs and two workers against one process on PostgreSQL', benchProcesses],
  ['metrics: a Prometheus scrape of /metrics', benchMetricsScrape],
];

// `npm run bench -- --check` measures only the budgeted figures (budgets.json) and fails on any
// over its budget, naming it.
if (process.argv.includes('--check')) {
  const failed = await checkBudgets();
  if (failed.length > 0) console.error(`\nover budget: ${failed.join(', ')}`);
  process.exit(failed.length > 0 ? 1 : 0);
}

// `npm run bench -- billing reports` runs the benches whose names contain one of the words.
const only = process.argv.slice(2);
for (const [name, run] of benches) {
  if (only.length > 0 && !only.some((word) => name.includes(word))) continue;
  console.log(`\n== ${name}`);
  await run();
}
