import type { Frame, Page } from 'playwright-core';
import { pageFunction } from '../../lib/browser/page-function.ts';

/**
 * A visible link or button of the signed-in portal, marked so it can be clicked by its id;
 * `frame` is the iframe holding it (none for the page itself).
 */
export type Candidate = {
  id: number;
  text: string;
  href: string | null;
  context: string;
  frame?: Frame;
};
/** Words a portal gives a page or control, and how surely they name what is sought. */
export type Rule = [RegExp, number];

/** How long a click may take to show the next page's links. */
const PAGE_WAIT_MS = 4_000;
/** How long to look on the account page itself before going to a page made for it. */
export const LOOK_MS = 1_000;

/** Never clicked: they leave, pay, or change the account. */
const AVOID = /sign ?out|log ?out|pay (my )?bill|pay now|autopay|paperless|enroll|cancel|delete/i;

/** Visible links and buttons of the page, each marked so it can be clicked by its id. */
const scanControls = pageFunction((first: number): Candidate[] => {
  const found: Candidate[] = [];
  const selector =
    'a[href], button, [role="link"], [role="button"], input[type="submit"], input[type="button"]';
  let id = first;
  for (const old of Array.from(document.querySelectorAll('[data-retrieval-control]'))) {
    old.removeAttribute('data-retrieval-control');
  }
  for (const el of Array.from(document.querySelectorAll<HTMLElement>(selector))) {
    const box = el.getBoundingClientRect();
    const style = getComputedStyle(el);
    if (box.width === 0 || box.height === 0 || style.visibility === 'hidden') continue;
    // The words a person sees (innerText), not those of hidden parts.
    // biome-ignore lint/performance/useDomNodeTextContent: the words a person sees.
    const seen = el.innerText;
    const text = (
      seen ||
      (el as HTMLInputElement).value ||
      el.getAttribute('aria-label') ||
      el.title ||
      ''
    )
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, 200);
    const row = el.closest('tr, li, [role="row"], article');
    const context = (row?.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 300);
    // Files open in this page, where they can be caught, not in a new window.
    el.removeAttribute('target');
    el.setAttribute('data-retrieval-control', String(id));
    const href = el instanceof HTMLAnchorElement ? el.href : null;
    found.push({ id: id++, text, href, context });
  }
  return found;
});

function score(candidate: Candidate, rules: Rule[]): number {
  if (AVOID.test(candidate.text)) return 0;
  let best = 0;
  for (const [pattern, weight] of rules) {
    if (pattern.test(candidate.text)) best = Math.max(best, weight);
  }
  return best;
}

/** The candidates these rules rank at `min` or above, best first. */
export const ranked = (candidates: Candidate[], rules: Rule[], min = 1) =>
  candidates
    .map((c) => ({ c, s: score(c, rules) }))
    .filter((x) => x.s >= min)
    .sort((a, b) => b.s - a.s)
    .map((x) => x.c);

/** Ids of each frame's controls start at a multiple of this, so they never collide. */
const FRAME_IDS = 100_000;

/** The controls of the page and of its iframes (same-origin or not), each with its frame. */
async function scanAll(page: Page): Promise<Candidate[]> {
  const main = page.mainFrame();
  const perFrame = await Promise.all(
    page.frames().map(async (frame, index) => {
      const found = await frame
        .evaluate(scanControls, index * FRAME_IDS)
        .catch(() => [] as Candidate[]);
      return frame === main ? found : found.map((c) => ({ ...c, frame }));
    }),
  );
  return perFrame.flat();
}

/** What a scan shows, to tell a page that has stopped changing. */
const shape = (found: Candidate[]) => found.map((c) => `${c.text}|${c.href}`).join('\n');

/**
 * The page's controls as soon as `pick` finds what is wanted among them (a single-page app
 * draws its links after loading), or as they are after `waitMs`. With `settled`, a page that
 * has loaded, shows links and stays the same between two reads is taken as all there is: a
 * portal without what is sought is not waited on.
 */
export async function controls(
  page: Page,
  deadline: number,
  pick: (found: Candidate[]) => boolean = (found) => found.length > 0,
  waitMs = PAGE_WAIT_MS,
  settled = false,
): Promise<Candidate[]> {
  const until = Math.min(deadline, Date.now() + waitMs);
  let before: string | undefined;
  for (;;) {
    await page.waitForLoadState('domcontentloaded').catch(() => {});
    const found = await scanAll(page);
    if (pick(found) || Date.now() >= until) return found;
    if (settled && found.length > 0) {
      const now = shape(found);
      const loaded = await page
        .evaluate(() => document.readyState === 'complete')
        .catch(() => false);
      if (loaded && now === before) return found;
      before = now;
    }
    await page.waitForTimeout(SETTLE_POLL_MS);
  }
}

/** How often a page still being drawn is read again. */
const SETTLE_POLL_MS = 250;

/**
 * The controls these rules rank at `min` or above, best first, once the page shows one (or,
 * `settled`, once the page has stopped changing without one).
 */
export async function rankedControls(
  page: Page,
  deadline: number,
  rules: Rule[],
  min: number,
  waitMs?: number,
  settled = false,
) {
  const found = await controls(
    page,
    deadline,
    (c) => ranked(c, rules, min).length > 0,
    waitMs,
    settled,
  );
  return ranked(found, rules, min);
}

/** The control whose words hold `wanted` (a provider's setting), once the page shows it. */
async function namedControl(page: Page, deadline: number, wanted: string) {
  const has = (c: Candidate) => c.text.toLowerCase().includes(wanted.toLowerCase());
  return (await controls(page, deadline, (found) => found.some(has))).find(has);
}

/**
 * The control a provider's setting names by its words, or without a setting the best one
 * these rules rank at `min` or above (looking for `waitMs` at most, or, `settled`, until the
 * page stops changing).
 */
export async function chosenControl(
  page: Page,
  deadline: number,
  setting: string | null,
  rules: Rule[],
  min: number,
  waitMs?: number,
  settled = false,
): Promise<Candidate | undefined> {
  return setting
    ? namedControl(page, deadline, setting)
    : (await rankedControls(page, deadline, rules, min, waitMs, settled))[0];
}

export const locate = (page: Page, candidate: Candidate) =>
  (candidate.frame ?? page.mainFrame()).locator(`[data-retrieval-control="${candidate.id}"]`);

/** Clicks a link or button and waits for what it opens (a page, or a view of this one). */
export async function follow(page: Page, candidate: Candidate): Promise<void> {
  const before = page.url();
  await locate(page, candidate).click();
  await page.waitForURL((url) => url.toString() !== before, { timeout: 1500 }).catch(() => {});
  await page.waitForLoadState('domcontentloaded').catch(() => {});
}

/**
 * Goes where a provider's setting says (an address, absolute or on the portal, or a link's
 * text), or to the best-ranked link. False when there is nowhere to go.
 */
export async function open(
  page: Page,
  setting: string | null,
  rules: Rule[],
  deadline: number,
): Promise<boolean> {
  if (setting && /^(https?:\/\/|\/)/i.test(setting)) {
    const response = await page.goto(new URL(setting, page.url()).toString(), {
      waitUntil: 'domcontentloaded',
    });
    return Boolean(response && response.status() < 400);
  }
  const target = await chosenControl(page, deadline, setting, rules, 5, LOOK_MS, true);
  if (!target) return false;
  await follow(page, target);
  return true;
}
