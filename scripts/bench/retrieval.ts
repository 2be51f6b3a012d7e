// Automated retrieval figures: the time of one connection's login, bills and Green Button export
// on each of the test portals (median), and Chromium's memory after 100 retrievals.
import { loginAndRetrieve } from '../../server/features/automation/service.ts';
import { startHistoryPortals } from '../../server/features/automation/testing/bill-history-portals.ts';
import { PORTAL_ACCOUNTS, startPortals } from '../../server/features/automation/testing/portals.ts';
import { BrowserService, chromiumMemoryMb } from '../../server/lib/browser/index.ts';
import { median, settle } from './stats.ts';

const RUNS = 7;
const MEMORY_RETRIEVALS = 100;
const WARM_UP = 40;
const CONCURRENCY = 4;
const detect = { billsPage: null, usagePage: null, exportControl: null };

export async function benchRetrieval(): Promise<void> {
  const portals = await startPortals();
  const browser = new BrowserService({
    executablePath: process.env.CHROMIUM_PATH || undefined,
    allowedHosts: ['127.0.0.1'],
    maxPages: CONCURRENCY,
    pageTimeoutMs: 15_000,
    taskTimeoutMs: 120_000,
  });
  const retrieve = async (variant: string) => {
    const got = await loginAndRetrieve(
      browser,
      { loginUrl: portals.url(`/retrieval/${variant}/`) },
      PORTAL_ACCOUNTS.good,
      detect,
    );
    if (got.login.outcome !== 'success') throw new Error(`login failed: ${got.login.outcome}`);
    return got.retrieval;
  };
  try {
    await retrieve('full'); // Chromium's launch is not part of the figures.
    for (const variant of ['full', 'spa', 'no-export']) {
      const times: number[] = [];
      let found = '';
      for (let i = 0; i < RUNS; i++) {
        const started = performance.now();
        const got = await retrieve(variant);
        times.push(performance.now() - started);
        found = `${got?.bills} bills, export ${got?.intervalExport ? 'found' : 'not found'}`;
      }
      console.log(
        `retrieval per connection, ${variant} portal: median ${median(times).toFixed(0)} ms (${RUNS} runs; ${found})`,
      );
    }

    // A bill history read page by page (oldest first: five pages), and a portal with no bills
    // at all, where the walk should give up as soon as the account page has settled.
    const history = await startHistoryPortals();
    try {
      const timed = async (loginUrl: string) => {
        const times: number[] = [];
        let bills = 0;
        for (let i = 0; i < RUNS; i++) {
          const started = performance.now();
          const got = await loginAndRetrieve(browser, { loginUrl }, PORTAL_ACCOUNTS.good, detect);
          times.push(performance.now() - started);
          bills = got.retrieval?.bills ?? 0;
        }
        return `median ${median(times).toFixed(0)} ms (${RUNS} runs; ${bills} bills)`;
      };
      console.log(
        `retrieval per connection, paginated bill history (5 pages): ${await timed(history.url('/history/next-oldest/'))}`,
      );
      console.log(
        `retrieval per connection, portal without bills: ${await timed(portals.url('/portal'))}`,
      );
    } finally {
      await history.close();
    }

    // Memory is read after a warm-up (Chromium's caches and spare processes fill up first),
    // then after MEMORY_RETRIEVALS more: growth between the two would be a leak.
    const many = async (count: number) => {
      let next = 0;
      const started = performance.now();
      await Promise.all(
        Array.from({ length: CONCURRENCY }, async () => {
          while (next++ < count) await retrieve('full');
        }),
      );
      return performance.now() - started;
    };
    await many(WARM_UP);
    await settle();
    const early = chromiumMemoryMb();
    const wallMs = await many(MEMORY_RETRIEVALS);
    await settle();
    const late = chromiumMemoryMb();
    const change = (a: number, b: number) => `${b >= a ? '+' : ''}${(b - a).toFixed(0)} MB`;
    console.log(
      `${MEMORY_RETRIEVALS} retrievals, ${CONCURRENCY} at once: ${(wallMs / 1000).toFixed(1)} s; Chromium after ${WARM_UP} warm-up retrievals -> after ${MEMORY_RETRIEVALS} more: RSS ` +
        `${early.rss.toFixed(0)} -> ${late.rss.toFixed(0)} MB (${change(early.rss, late.rss)}), PSS ` +
        `${early.pss.toFixed(0)} -> ${late.pss.toFixed(0)} MB (${change(early.pss, late.pss)}); ` +
        `open contexts: ${await browser.openContexts()}; launches: ${browser.launches}`,
    );
  } finally {
    await browser.close();
    await portals.close();
  }
}
