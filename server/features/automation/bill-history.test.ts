import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BrowserService } from '../../lib/browser/index.ts';
import { loginAndRetrieve } from './service.ts';
import {
  type HistoryPortals,
  historyPdf,
  startHistoryPortals,
} from './testing/bill-history-portals.ts';
import { PORTAL_ACCOUNTS } from './testing/portals.ts';

let portals: HistoryPortals;
let browser: BrowserService;
beforeAll(async () => {
  portals = await startHistoryPortals();
  browser = new BrowserService({
    executablePath: undefined,
    allowedHosts: ['127.0.0.1'],
    maxPages: 2,
    pageTimeoutMs: 5000,
    taskTimeoutMs: 90_000,
  });
});
afterAll(async () => {
  await browser?.close();
  await portals?.close();
});

const detect = { billsPage: null, usagePage: null, exportControl: null };
const retrieve = async (variant: string) => {
  const got = await loginAndRetrieve(
    browser,
    { loginUrl: portals.url(`/history/${variant}/`) },
    PORTAL_ACCOUNTS.good,
    detect,
  );
  expect(got.login.outcome).toBe('success');
  return got.retrieval;
};
/** The statements kept, by the month their bytes are the statement of. */
const billsOf = (retrieval: Awaited<ReturnType<typeof retrieve>>) =>
  (retrieval?.files ?? [])
    .filter((f) => f.kind === 'bill')
    .map((f) => {
      const month = ['2026-11', '2026-10', '2026-09', '2025-11', '2025-12', '2024-12'].find((id) =>
        Buffer.from(historyPdf(id)).equals(f.bytes),
      );
      return month ?? `other: ${f.fileName}`;
    });

describe('bill histories shaped as portals shape them', () => {
  it.each(['frame', 'frame-cross'])(
    'finds the bills inside an iframe (%s) and takes the two latest',
    async (variant) => {
      const retrieval = await retrieve(variant);
      expect(billsOf(retrieval)).toEqual(['2026-11', '2026-10']);
      expect(retrieval?.bills).toBe(2);
    },
  );

  it('stops after the first page when it lists the newest first', async () => {
    const retrieval = await retrieve('next-newest');
    expect(billsOf(retrieval)).toEqual(['2026-11', '2026-10']);
    expect(
      portals.requests.filter((r) => r.startsWith('GET /history/next-newest/bills?page=')),
    ).toEqual([]);
  });

  it('reads page after page ("Suivant") when the history lists the oldest first', async () => {
    const retrieval = await retrieve('next-oldest');
    expect(billsOf(retrieval)).toEqual(['2026-11', '2026-10']);
    expect(portals.requests).toContain('GET /history/next-oldest/bills?page=5');
  });

  it.each(['numbers', 'more'])(
    'turns pages drawn by script (%s) and goes back to each bill',
    async (variant) => {
      const retrieval = await retrieve(variant);
      expect(billsOf(retrieval)).toEqual(['2026-11', '2026-10']);
    },
  );

  it('picks the newest year of a year list that starts on an older one', async () => {
    const retrieval = await retrieve('year');
    expect(billsOf(retrieval)).toEqual(['2026-11', '2026-10']);
    expect(portals.requests).toContain('GET /history/year/bills?year=2026');
  });

  it('sets a date range that starts in an older year to the last year', async () => {
    const retrieval = await retrieve('range');
    expect(billsOf(retrieval)).toEqual(['2026-11', '2026-10']);
  });

  it.each(['viewer-embed', 'viewer-link'])(
    'follows a bill viewer page to its PDF (%s)',
    async (variant) => {
      const retrieval = await retrieve(variant);
      expect(billsOf(retrieval)).toEqual(['2026-11', '2026-10']);
      expect(retrieval?.notes.filter((n) => /not a PDF/.test(n))).toEqual([]);
    },
  );
});
