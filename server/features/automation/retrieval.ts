import type { Page } from 'playwright-core';
import type { TaskInfo } from '../../lib/browser/index.ts';
import { retrieveBills } from './bills.ts';
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
  await attempt(walk, 'bills', () => retrieveBills(walk, settings.billsPage));
  await attempt(walk, 'interval export', async () => {
    await page.goto(home, { waitUntil: 'domcontentloaded' });
    await retrieveIntervalExport(walk, settings);
  });
  const { files, notes } = walk;
  return { files, bills: kept(walk, 'bill'), intervalExport: kept(walk, 'interval') > 0, notes };
}
