import { type Captured, captureFile, RefusedDownload } from './documents.ts';
import {
  type Candidate,
  controls,
  LOOK_MS,
  locate,
  open,
  type Rule,
  rankedControls,
} from './portal-controls.ts';
import { fileWait, keep, kept, shownName, type Walk } from './retrieval-walk.ts';

/** The two latest statements are what the report promises. */
const BILLS_WANTED = 2;

// Names portals give their pages and controls, strongest first (as the login ranking does).
const BILLS_PAGE: Rule[] = [
  [/bill(ing)?\s*(and payment\s*)?history/i, 10],
  [/past bills|previous bills|statements/i, 9],
  [/view (my )?bills?\b|^bills?( & payments?)?$/i, 8],
  [/billing/i, 5],
];
const BILL_LINK: Rule[] = [
  [/(view|download) (my )?(bill|statement)|(bill|statement) pdf/i, 10],
  [/\bpdf\b/i, 6],
  [/^(view|download)$/i, 4],
];

const MONTHS =
  'jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec|january|february|march|april|june|july|august|september|october|november|december';

/** The latest date written in a bill's row (or its link), for newest-first order; 0 if none. */
export function dateIn(text: string): number {
  let latest = 0;
  const seen = (t: number) => {
    if (Number.isFinite(t)) latest = Math.max(latest, t);
  };
  for (const m of text.matchAll(/\b(\d{1,2})\/(\d{1,2})\/(\d{4}|\d{2})\b/g)) {
    const year = Number(m[3]) < 100 ? 2000 + Number(m[3]) : Number(m[3]);
    seen(Date.UTC(year, Number(m[1]) - 1, Number(m[2])));
  }
  for (const m of text.matchAll(/\b(\d{4})-(\d{2})-(\d{2})\b/g)) {
    seen(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  }
  const named = new RegExp(`\\b(${MONTHS})\\.?\\s+(?:(\\d{1,2}),?\\s+)?(\\d{4})\\b`, 'gi');
  for (const m of text.matchAll(named)) {
    const month = new Date(`${m[1]} 1, 2000`).getUTCMonth();
    seen(Date.UTC(Number(m[3]), Number.isNaN(month) ? 0 : month, Number(m[2] ?? 1)));
  }
  return latest;
}

/** Statement links by the date in their row, newest first; undated ones keep the page's order. */
export const newestFirst = (candidates: Candidate[]): Candidate[] =>
  candidates
    .map((c, index) => ({ c, index, date: dateIn(`${c.context} ${c.text}`) }))
    .sort((a, b) => b.date - a.date || a.index - b.index)
    .map((x) => x.c);

/** What tells a statement's link from the others when the page is drawn again. */
const keyOf = (c: Candidate) => c.href ?? `${c.text}|${c.context}`;

/**
 * The statement links: on the account page itself when it lists them (and no bills page is
 * set), else on the bills page. Undefined, with a note, when there is no bills page to go to.
 */
async function listedStatements(
  walk: Walk,
  billsPage: string | null,
): Promise<Candidate[] | undefined> {
  const { page, deadline } = walk;
  const onAccount = billsPage ? [] : await rankedControls(page, deadline, BILL_LINK, 6, LOOK_MS);
  if (onAccount.length > 0) return onAccount;
  if (!(await open(page, billsPage, BILLS_PAGE, deadline))) {
    walk.notes.push(
      billsPage
        ? `the bills page "${billsPage}" set for this provider was not found`
        : 'no bill history page was found',
    );
    return undefined;
  }
  return rankedControls(page, deadline, BILL_LINK, 4);
}

/**
 * Clicks one statement's link on the bills page and returns its file. Null when the link is
 * gone, the download was refused (noted: one refused statement does not stop the next), or
 * the link led only to a web page.
 */
async function fetchStatement(
  walk: Walk,
  billsPage: string,
  key: string,
): Promise<Captured | null> {
  const { page, deadline } = walk;
  if (page.url() !== billsPage) {
    await page.goto(billsPage, { waitUntil: 'domcontentloaded' });
  }
  // The page may have been rendered again: find the same control by its place.
  const fresh = (await controls(page, deadline)).find((c) => keyOf(c) === key);
  if (!fresh) return null;
  let got: Awaited<ReturnType<typeof captureFile>>;
  try {
    got = await captureFile(page, () => locate(page, fresh).click(), fileWait(walk));
  } catch (error) {
    if (!(error instanceof RefusedDownload)) throw error;
    walk.notes.push(`a statement: ${error.message}`);
    return null;
  }
  if (!got || !('page' in got)) return got;
  // A bill viewer: the PDF is one more click away, or this page is all there is.
  const [inner] = await rankedControls(page, deadline, BILL_LINK, 6, LOOK_MS);
  const opened = got;
  got = inner ? await captureFile(page, () => locate(page, inner).click(), fileWait(walk)) : null;
  if (!got || 'page' in got) {
    walk.notes.push(`"${shownName(opened.name)}" was not a PDF (it was a web page); skipped`);
    return null;
  }
  return got;
}

/** The bill history's latest statement PDFs, BILLS_WANTED of them at most, kept in the walk. */
export async function retrieveBills(walk: Walk, billsPageSetting: string | null): Promise<void> {
  const candidates = await listedStatements(walk, billsPageSetting);
  if (!candidates) return;
  const billsPage = walk.page.url();
  const order = newestFirst(candidates);
  const tried = new Set<string>();
  for (const candidate of order) {
    if (kept(walk, 'bill') >= BILLS_WANTED || Date.now() >= walk.deadline) break;
    const key = keyOf(candidate);
    if (tried.has(key)) continue;
    tried.add(key);
    const got = await fetchStatement(walk, billsPage, key);
    if (got) keep(walk, got, 'bill', `statement-${kept(walk, 'bill') + 1}`);
  }
  if (kept(walk, 'bill') === 0 && order.length === 0) walk.notes.push('no statements were listed');
}
