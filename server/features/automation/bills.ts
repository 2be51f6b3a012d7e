import { goTo, MAX_BILL_PAGES, type Place, showLatestPeriod, turnPage } from './bill-pages.ts';
import { type Captured, captureFile, RefusedDownload, readShown, sniff } from './documents.ts';
import {
  type Candidate,
  controls,
  LOOK_MS,
  locate,
  open,
  type Rule,
  ranked,
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

/** The keys of the statement links a scan shows. */
const statementKeys = (found: Candidate[]) => ranked(found, BILL_LINK, 4).map(keyOf);

/**
 * The statement links: on the account page itself when it lists them (and no bills page is
 * set), else on the bills page. Undefined, with a note, when there is no bills page to go to.
 * The account page is read until it shows a statement or bills link, or until it has stopped
 * changing: a portal without bills is not waited on.
 */
async function listedStatements(
  walk: Walk,
  billsPage: string | null,
): Promise<Candidate[] | undefined> {
  const { page, deadline } = walk;
  if (!billsPage) {
    const seen = await controls(
      page,
      deadline,
      (found) => ranked(found, BILL_LINK, 6).length > 0 || ranked(found, BILLS_PAGE, 5).length > 0,
      LOOK_MS,
      true,
    );
    const onAccount = ranked(seen, BILL_LINK, 6);
    if (onAccount.length > 0) return onAccount;
    if (ranked(seen, BILLS_PAGE, 5).length === 0) {
      walk.notes.push('no bill history page was found');
      return undefined;
    }
  }
  if (!(await open(page, billsPage, BILLS_PAGE, deadline))) {
    walk.notes.push(
      billsPage
        ? `the bills page "${billsPage}" set for this provider was not found`
        : 'no bill history page was found',
    );
    return undefined;
  }
  await showLatestPeriod(page, new Date());
  return rankedControls(page, deadline, BILL_LINK, 4);
}

/** A statement link seen in the history, where it was, and the date written by it. */
type Listed = { candidate: Candidate; place: Place; date: number };

/**
 * True when the two latest statements are among those seen: the history lists them newest
 * first (by the dates seen so far) or has no dates to go by.
 */
function latestSeen(listed: Listed[]): boolean {
  const dates = listed.map((l) => l.date).filter((d) => d > 0);
  if (dates.length === 0) return true;
  const newestFirstOrder = dates.every((d, i) => i === 0 || d <= (dates[i - 1] as number));
  return newestFirstOrder && new Set(dates).size >= BILLS_WANTED;
}

/**
 * Every statement link of the history that may be one of the latest: page after page ("Next",
 * numbers, "Load more") until the two latest are certain, there is no next page, or
 * MAX_BILL_PAGES were read.
 */
async function walkHistory(walk: Walk, first: Candidate[]): Promise<Listed[]> {
  const { page, deadline } = walk;
  const listed: Listed[] = [];
  const seen = new Set<string>();
  let place: Place = { url: page.url(), turns: 0 };
  let found = first;
  for (let shown = 1; ; shown++) {
    for (const candidate of found) {
      const key = keyOf(candidate);
      if (seen.has(key)) continue;
      seen.add(key);
      listed.push({ candidate, place, date: dateIn(`${candidate.context} ${candidate.text}`) });
    }
    if (latestSeen(listed) || shown >= MAX_BILL_PAGES || Date.now() >= deadline) break;
    const before = page.url();
    if (!(await turnPage(page, deadline, shown, seen, statementKeys))) break;
    place =
      page.url() !== before ? { url: page.url(), turns: 0 } : { ...place, turns: place.turns + 1 };
    found = ranked(await controls(page, deadline, () => true, 0), BILL_LINK, 4);
  }
  return listed;
}

/**
 * The PDF a bill viewer page holds: embedded (an iframe, embed or object showing it), or one
 * more click away ("Download"). Null when the page holds none.
 */
async function fromViewer(walk: Walk): Promise<Captured | null> {
  const { page, deadline } = walk;
  const embedded = await page
    .evaluate(() =>
      Array.from(document.querySelectorAll('iframe[src], embed[src], object[data]')).map((el) =>
        new URL(el.getAttribute('src') ?? el.getAttribute('data') ?? '', location.href).toString(),
      ),
    )
    .catch(() => [] as string[]);
  for (const url of embedded.sort((a, b) => Number(/pdf/i.test(b)) - Number(/pdf/i.test(a)))) {
    const got = await readShown(page, url).catch((error) => {
      if (error instanceof RefusedDownload) throw error;
      return null;
    });
    if (got && sniff(got.bytes) === 'pdf') return got;
  }
  const [inner] = await rankedControls(page, deadline, BILL_LINK, 4, LOOK_MS, true);
  const got = inner
    ? await captureFile(page, () => locate(page, inner).click(), fileWait(walk))
    : null;
  return got && !('page' in got) ? got : null;
}

/**
 * Clicks one statement's link and returns its file, going back to where it was listed when
 * the page shows it no more. Null when the link is gone, the download was refused (noted: one
 * refused statement does not stop the next), or the link led only to a web page.
 */
async function fetchStatement(walk: Walk, listed: Listed): Promise<Captured | null> {
  const { page, deadline } = walk;
  const key = keyOf(listed.candidate);
  const has = (found: Candidate[]) => found.some((c) => keyOf(c) === key);
  let found = await controls(page, deadline, () => true, 0);
  if (!has(found)) {
    await goTo(page, deadline, listed.place, statementKeys);
    found = await controls(page, deadline, has);
  }
  // The page may have been rendered again: find the same control by its place.
  const fresh = found.find((c) => keyOf(c) === key);
  if (!fresh) return null;
  let got: Awaited<ReturnType<typeof captureFile>>;
  try {
    got = await captureFile(page, () => locate(page, fresh).click(), fileWait(walk));
    if (!got || !('page' in got)) return got;
    // A bill viewer: the PDF is in it, one more click away, or this page is all there is.
    const opened = got;
    const inner = await fromViewer(walk);
    if (!inner) {
      walk.notes.push(`"${shownName(opened.name)}" was not a PDF (it was a web page); skipped`);
    }
    return inner;
  } catch (error) {
    if (!(error instanceof RefusedDownload)) throw error;
    walk.notes.push(`a statement: ${error.message}`);
    return null;
  }
}

/** The bill history's latest statement PDFs, BILLS_WANTED of them at most, kept in the walk. */
export async function retrieveBills(walk: Walk, billsPageSetting: string | null): Promise<void> {
  const candidates = await listedStatements(walk, billsPageSetting);
  if (!candidates) return;
  const listed = await walkHistory(walk, candidates);
  const byDate = new Map(listed.map((l) => [l.candidate, l]));
  const order = newestFirst(listed.map((l) => l.candidate));
  for (const candidate of order) {
    if (kept(walk, 'bill') >= BILLS_WANTED || Date.now() >= walk.deadline) break;
    const entry = byDate.get(candidate);
    if (!entry) continue;
    const got = await fetchStatement(walk, entry);
    if (got) keep(walk, got, 'bill', `statement-${kept(walk, 'bill') + 1}`);
  }
  if (kept(walk, 'bill') === 0 && order.length === 0) walk.notes.push('no statements were listed');
}
