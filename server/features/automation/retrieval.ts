import type { Page } from 'playwright-core';
import type { TaskInfo } from '../../lib/browser/index.ts';
import { retrieveBills } from './bills.ts';
import { readSignals } from './frames.ts';
import { retrieveIntervalExport } from './interval-export.ts';
import { attempt, kept, type RetrievedFile, startWalk } from './retrieval-walk.ts';

/** Where a provider's bills and usage export are; null fields are detected on the portal. */
export type RetrievalSettings = {
  billsPage: string | null;
  usagePage: string | null;
  exportControl: string | null;
};

/** What one walk through the signed-in portal brought back. */
export type Retrieval = {
  files: RetrievedFile[];
  /** Statement PDFs found (kept ones; duplicates of each other counted once). */
  bills: number;
  intervalExport: boolean;
  /** What went wrong on the way, for the admin (never the customer's data). */
  notes: string[];
  /** A page on the way asked for a human check (a captcha): never solved, a person takes over. */
  humanCheck: boolean;
};

/**
 * Walks the signed-in portal: the bill history's two latest statement PDFs, then, back from
 * the account page, the Green Button "Download My Data" export for the longest range offered.
 * Files are checked for what they really are; whatever could not be found is said in `notes`.
 */
export async function retrieveDocuments(
  page: Page,
  settings: RetrievalSettings,
  task: TaskInfo,
): Promise<Retrieval> {
  const home = page.url();
  const walk = startWalk(page, task);
  let humanCheck = false;
  // Where a part of the walk stopped, a captcha may be what stopped it: it is noted, not solved.
  const lookForHumanCheck = async (what: string) => {
    const asked = await readSignals(page)
      .then((s) => s.captcha)
      .catch(() => false);
    if (asked) walk.notes.push(`${what}: the page asks for a human check (a captcha)`);
    humanCheck ||= asked;
  };
  await attempt(walk, 'bills', () => retrieveBills(walk, settings.billsPage));
  await lookForHumanCheck('bills');
  await attempt(walk, 'interval export', async () => {
    await page.goto(home, { waitUntil: 'domcontentloaded' });
    await retrieveIntervalExport(walk, settings);
  });
  await lookForHumanCheck('interval export');
  const { files, notes } = walk;
  return {
    files,
    bills: kept(walk, 'bill'),
    intervalExport: kept(walk, 'interval') > 0,
    notes,
    humanCheck,
  };
}
