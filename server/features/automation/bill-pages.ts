import type { Page } from 'playwright-core';
import { pageFunction } from '../../lib/browser/page-function.ts';
import { type Candidate, controls, locate, type Rule, ranked } from './portal-controls.ts';

/** A bill history is read this many pages deep at most. */
export const MAX_BILL_PAGES = 5;
/** How long a "Next" click may take to show other statements. */
const TURN_WAIT_MS = 4_000;
/** How long a period filter may take to start loading what it chose. */
const FILTER_WAIT_MS = 1_500;

// What portals call the control that shows more statements, in the languages they are read in.
const MORE: Rule[] = [
  [/^(next|suivant|siguiente)\b|next page|page suivante|p[aá]gina siguiente/i, 10],
  [/load more|show more|view more|more (bills|statements)|older (bills|statements)/i, 9],
  [/afficher plus|voir plus|charger plus|cargar m[aá]s|ver m[aá]s|mostrar m[aá]s/i, 9],
  [/^(›|»|>|>>|→)$/, 6],
];

/** Where a statement's link is shown: the page at `url`, after `turns` clicks on "Next". */
export type Place = { url: string; turns: number };

/** The control that shows the page after `shown` (by words, else by its number), if any. */
function moreControl(found: Candidate[], shown: number): Candidate | undefined {
  return (
    ranked(found, MORE, 6)[0] ??
    found.find((c) => c.text === String(shown + 1) || c.text === `Page ${shown + 1}`)
  );
}

/**
 * Shows the next page of statements: clicks "Next" (or the next page's number, or "Load
 * more") and waits until links other than `before` are listed. False when there is no such
 * control or it showed nothing new.
 */
export async function turnPage(
  page: Page,
  deadline: number,
  shown: number,
  before: Set<string>,
  linksOf: (found: Candidate[]) => string[],
): Promise<boolean> {
  const control = moreControl(await controls(page, deadline, () => true, 0), shown);
  if (!control) return false;
  await locate(page, control).click();
  const found = await controls(
    page,
    deadline,
    (now) => linksOf(now).some((key) => !before.has(key)),
    TURN_WAIT_MS,
  );
  return linksOf(found).some((key) => !before.has(key));
}

/** Goes back to where a statement was listed: its page, then as many "Next" as it took. */
export async function goTo(
  page: Page,
  deadline: number,
  place: Place,
  linksOf: (found: Candidate[]) => string[],
): Promise<void> {
  await page.goto(place.url, { waitUntil: 'domcontentloaded' });
  await controls(page, deadline, (found) => linksOf(found).length > 0);
  for (let shown = 1; shown <= place.turns; shown++) {
    const before = new Set(linksOf(await controls(page, deadline, () => true, 0)));
    if (!(await turnPage(page, deadline, shown, before, linksOf))) return;
  }
}

/**
 * Picks the latest period a bill history offers: the newest year of a year list, or a date
 * range ending today. Marks the filter's button, if it has one, for clicking. True when it
 * changed anything.
 */
const pickLatestPeriod = pageFunction(({ today }: { today: string }) => {
  const fire = (el: HTMLElement) => {
    el.dispatchEvent(new Event('input', { bubbles: true }));
    el.dispatchEvent(new Event('change', { bubbles: true }));
  };
  const labelOf = (el: HTMLElement) =>
    `${(el as HTMLInputElement).labels?.[0]?.textContent ?? ''} ${el.getAttribute('name') ?? ''} ${el.id} ${el.getAttribute('aria-label') ?? ''}`;
  const changed: HTMLElement[] = [];
  for (const select of Array.from(document.querySelectorAll('select'))) {
    const years = Array.from(select.options)
      .map((o) => ({ o, year: Number(/^\s*(?:\D{0,12})((?:19|20)\d{2})\b/.exec(o.text)?.[1]) }))
      .filter((x) => x.year > 0);
    // A list of years, not some other list that happens to hold one.
    if (years.length < 2 || years.length < select.options.length - 1) continue;
    const latest = years.sort((a, b) => b.year - a.year)[0]?.o;
    if (!latest || latest.selected) continue;
    select.value = latest.value;
    fire(select);
    changed.push(select);
  }
  const end = new Date(`${today}T00:00:00Z`);
  const start = new Date(end);
  start.setUTCFullYear(start.getUTCFullYear() - 1);
  const iso = (d: Date) => d.toISOString().slice(0, 10);
  const us = (d: Date) =>
    `${String(d.getUTCMonth() + 1).padStart(2, '0')}/${String(d.getUTCDate()).padStart(2, '0')}/${d.getUTCFullYear()}`;
  const inputs = Array.from(
    document.querySelectorAll<HTMLInputElement>('input[type="date"], input[type="text"]'),
  );
  const from = inputs.find((i) => /start|from|begin/i.test(labelOf(i)));
  const to = inputs.find((i) => /\bend|\bto\b|through|until/i.test(labelOf(i)));
  if (from && to) {
    const set = (input: HTMLInputElement, date: Date) => {
      const value = input.type === 'date' ? iso(date) : us(date);
      if (input.value === value) return;
      input.value = value;
      fire(input);
      changed.push(input);
    };
    set(from, start);
    set(to, to.max ? new Date(`${to.max}T00:00:00Z`) : end);
  }
  const form = changed[0]?.closest('form');
  const button = form?.querySelector<HTMLElement>(
    'button:not([type="button"]):not([type="reset"]), input[type="submit"]',
  );
  button?.setAttribute('data-retrieval-period', '');
  return changed.length > 0;
});

/**
 * Shows the bill history's latest period when it is filtered by a year or a date range that
 * starts older: picks it and applies it (the filter's button, or the page's own reaction).
 */
export async function showLatestPeriod(page: Page, now: Date): Promise<boolean> {
  for (const frame of page.frames()) {
    const today = now.toISOString().slice(0, 10);
    const changed = await frame.evaluate(pickLatestPeriod, { today }).catch(() => false);
    if (!changed) continue;
    const before = page.url();
    const button = frame.locator('[data-retrieval-period]');
    if ((await button.count()) > 0) await button.first().click();
    await page
      .waitForURL((url) => url.toString() !== before, { timeout: FILTER_WAIT_MS })
      .catch(() => {});
    await page.waitForLoadState('domcontentloaded').catch(() => {});
    return true;
  }
  return false;
}
