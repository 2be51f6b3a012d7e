import type { Page } from 'playwright-core';
import type { TaskInfo } from '../../lib/browser/index.ts';
import { pageFunction } from '../../lib/browser/page-function.ts';
import { type Captured, captureFile, fileNameFor, RefusedDownload, sniff } from './documents.ts';

/** Where a provider's bills and usage export are; null fields are detected on the portal. */
export type RetrievalSettings = {
  billsPage: string | null;
  usagePage: string | null;
  exportControl: string | null;
};

export type RetrievedFile = Captured & {
  kind: 'bill' | 'interval';
  fileName: string;
  contentType: string;
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

/** The two latest statements are what the report promises. */
export const BILLS_WANTED = 2;
/** How long one click may take to bring a file. */
const FILE_WAIT_MS = 20_000;
/** How long a click may take to show the next page's links. */
const PAGE_WAIT_MS = 4_000;
/** How long to look on the account page itself before going to a page made for it. */
const LOOK_MS = 1_000;
/** At least this much history is asked for when the export form takes dates. */
const EXPORT_MONTHS = 13;

type Candidate = { id: number; text: string; href: string | null; context: string };
type Rule = [RegExp, number];

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
const USAGE_PAGE: Rule[] = [
  [/green button|download my data/i, 10],
  [/(energy|my) usage|usage (history|details|data)|analy[sz]e (my )?usage/i, 8],
  [/\busage\b/i, 5],
];
const EXPORT_CONTROL: Rule[] = [
  [/download my data/i, 12],
  [/green button/i, 11],
  [/export (my )?(usage|data)|download (my )?usage|usage export/i, 9],
];
const SUBMIT: Rule[] = [
  [/^(download|export)\b/i, 10],
  [/download|export|get (my )?data|request/i, 8],
  [/submit|continue|go\b/i, 4],
];
/** Never clicked: they leave, pay, or change the account. */
const AVOID = /sign ?out|log ?out|pay (my )?bill|pay now|autopay|paperless|enroll|cancel|delete/i;

/** Visible links and buttons of the page, each marked so it can be clicked by its id. */
const scanControls = pageFunction((): Candidate[] => {
  const found: Candidate[] = [];
  const selector =
    'a[href], button, [role="link"], [role="button"], input[type="submit"], input[type="button"]';
  let id = 0;
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

const ranked = (candidates: Candidate[], rules: Rule[], min = 1) =>
  candidates
    .map((c) => ({ c, s: score(c, rules) }))
    .filter((x) => x.s >= min)
    .sort((a, b) => b.s - a.s)
    .map((x) => x.c);

/**
 * The page's controls as soon as `pick` finds what is wanted among them (a single-page app
 * draws its links after loading), or as they are after `waitMs`.
 */
async function controls(
  page: Page,
  deadline: number,
  pick: (found: Candidate[]) => boolean = (found) => found.length > 0,
  waitMs = PAGE_WAIT_MS,
): Promise<Candidate[]> {
  const until = Math.min(deadline, Date.now() + waitMs);
  for (;;) {
    await page.waitForLoadState('domcontentloaded').catch(() => {});
    const found = await page.evaluate(scanControls).catch(() => [] as Candidate[]);
    if (pick(found) || Date.now() >= until) return found;
    await page.waitForTimeout(250);
  }
}

/** The controls these rules rank at `min` or above, best first, once the page shows one. */
async function rankedControls(
  page: Page,
  deadline: number,
  rules: Rule[],
  min: number,
  waitMs?: number,
) {
  const found = await controls(page, deadline, (c) => ranked(c, rules, min).length > 0, waitMs);
  return ranked(found, rules, min);
}

/** The control whose words hold `wanted` (a provider's setting), once the page shows it. */
async function namedControl(page: Page, deadline: number, wanted: string) {
  const has = (c: Candidate) => c.text.toLowerCase().includes(wanted.toLowerCase());
  return (await controls(page, deadline, (found) => found.some(has))).find(has);
}

const locate = (page: Page, candidate: Candidate) =>
  page.locator(`[data-retrieval-control="${candidate.id}"]`);

/** Clicks a link or button and waits for what it opens (a page, or a view of this one). */
async function follow(page: Page, candidate: Candidate): Promise<void> {
  const before = page.url();
  await locate(page, candidate).click();
  await page.waitForURL((url) => url.toString() !== before, { timeout: 1500 }).catch(() => {});
  await page.waitForLoadState('domcontentloaded').catch(() => {});
}

/**
 * Goes where a provider's setting says (an address, absolute or on the portal, or a link's
 * text), or to the best-ranked link. False when there is nowhere to go.
 */
async function open(
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
  const target = setting
    ? await namedControl(page, deadline, setting)
    : (await rankedControls(page, deadline, rules, 5, LOOK_MS))[0];
  if (!target) return false;
  await follow(page, target);
  return true;
}

/** A name the portal chose, as the notes quote it: plain characters, and short. */
export function shownName(name: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point.
  const plain = name.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();
  return plain.length > 80 ? `${plain.slice(0, 77)}...` : plain;
}

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

/**
 * Walks the signed-in portal: the bill history's two latest statement PDFs, then the Green
 * Button "Download My Data" export for the longest range offered. Files are checked for what
 * they really are; whatever could not be found is said in `notes`.
 */
export async function retrieveDocuments(
  page: Page,
  settings: RetrievalSettings,
  task: TaskInfo,
): Promise<Retrieval> {
  const home = page.url();
  const notes: string[] = [];
  const files: RetrievedFile[] = [];
  const deadline = task.deadline - 2000;
  const keep = (captured: Captured, kind: RetrievedFile['kind'], fallback: string) => {
    const what = sniff(captured.bytes);
    const fits = kind === 'bill' ? what === 'pdf' : what === 'xml' || what === 'csv';
    if (!fits) {
      const was = what === 'html' ? 'a web page' : 'not a file the service reads';
      const wanted = kind === 'bill' ? 'a PDF' : 'an interval export';
      notes.push(
        `"${shownName(captured.suggestedName)}" was not ${wanted} (it was ${was}); skipped`,
      );
      return false;
    }
    if (files.some((f) => f.sha256 === captured.sha256)) return false;
    files.push({
      ...captured,
      kind,
      fileName: fileNameFor(captured.suggestedName, what, fallback),
      contentType:
        what === 'pdf' ? 'application/pdf' : what === 'xml' ? 'application/xml' : 'text/csv',
    });
    return true;
  };
  const wait = () => Math.max(1000, Math.min(FILE_WAIT_MS, deadline - Date.now()));
  const attempt = async (what: string, work: () => Promise<void>) => {
    try {
      await work();
    } catch (error) {
      if (Date.now() >= deadline) notes.push(`${what}: the portal took too long`);
      else if (error instanceof RefusedDownload) notes.push(`${what}: ${error.message}`);
      else notes.push(`${what}: the page changed while it was read`);
    }
  };

  let bills = 0;
  await attempt('bills', async () => {
    // The account page may list the statements itself.
    let candidates = settings.billsPage
      ? []
      : await rankedControls(page, deadline, BILL_LINK, 6, LOOK_MS);
    if (candidates.length === 0) {
      if (!(await open(page, settings.billsPage, BILLS_PAGE, deadline))) {
        notes.push(
          settings.billsPage
            ? `the bills page "${settings.billsPage}" set for this provider was not found`
            : 'no bill history page was found',
        );
        return;
      }
      candidates = await rankedControls(page, deadline, BILL_LINK, 4);
    }
    const billsPage = page.url();
    const order = candidates
      .map((c, index) => ({ c, index, date: dateIn(`${c.context} ${c.text}`) }))
      .sort((a, b) => b.date - a.date || a.index - b.index)
      .map((x) => x.c);
    const tried = new Set<string>();
    for (const candidate of order) {
      if (bills >= BILLS_WANTED || Date.now() >= deadline) break;
      const key = candidate.href ?? `${candidate.text}|${candidate.context}`;
      if (tried.has(key)) continue;
      tried.add(key);
      if (page.url() !== billsPage) {
        await page.goto(billsPage, { waitUntil: 'domcontentloaded' });
      }
      // The page may have been rendered again: find the same control by its place.
      const fresh = (await controls(page, deadline)).find(
        (c) => (c.href ?? `${c.text}|${c.context}`) === key,
      );
      if (!fresh) continue;
      let got: Awaited<ReturnType<typeof captureFile>>;
      try {
        got = await captureFile(page, () => locate(page, fresh).click(), wait());
      } catch (error) {
        // One statement refused (too large, failed) does not stop the next one.
        if (!(error instanceof RefusedDownload)) throw error;
        notes.push(`a statement: ${error.message}`);
        continue;
      }
      if (got && 'page' in got) {
        // A bill viewer: the PDF is one more click away, or this page is all there is.
        const [inner] = await rankedControls(page, deadline, BILL_LINK, 6, LOOK_MS);
        const opened = got;
        got = inner ? await captureFile(page, () => locate(page, inner).click(), wait()) : null;
        if (!got || 'page' in got) {
          notes.push(`"${shownName(opened.name)}" was not a PDF (it was a web page); skipped`);
          continue;
        }
      }
      if (got && keep(got, 'bill', `statement-${bills + 1}`)) bills++;
    }
    if (bills === 0 && order.length === 0) notes.push('no statements were listed');
  });

  let intervalExport = false;
  await attempt('interval export', async () => {
    await page.goto(home, { waitUntil: 'domcontentloaded' });
    const exportControl = async (waitMs?: number) =>
      settings.exportControl
        ? namedControl(page, deadline, settings.exportControl)
        : (await rankedControls(page, deadline, EXPORT_CONTROL, 9, waitMs))[0];
    // The account page may offer the export itself; else the usage page does.
    let control = settings.usagePage ? undefined : await exportControl(LOOK_MS);
    if (!control && (await open(page, settings.usagePage, USAGE_PAGE, deadline))) {
      control = await exportControl();
    }
    if (!control) return;
    const sourcePage = page.url();
    // Some portals send the file at once; most show a form (range, format) first.
    let captured = await captureFile(page, () => follow(page, control), 3000);
    if (!captured || 'page' in captured) {
      await fillExportForm(page, new Date());
      const submit = await submitControl(page, deadline);
      if (!submit) {
        notes.push('the export form has no download button');
        return;
      }
      captured = await captureFile(page, () => locate(page, submit).click(), wait());
    }
    if (!captured || 'page' in captured) {
      notes.push('the export form sent no file');
      return;
    }
    intervalExport = keep({ ...captured, sourcePage }, 'interval', 'green-button');
  });
  return { files, bills, intervalExport, notes };
}

/** The form's download button: a submit in a form first, else the best-named control. */
async function submitControl(page: Page, deadline: number): Promise<Candidate | undefined> {
  const candidates = await controls(page, deadline);
  const inForm = await page
    .locator('form [data-retrieval-control]')
    .evaluateAll((els) => els.map((el) => Number(el.getAttribute('data-retrieval-control'))))
    .catch(() => [] as number[]);
  const formControls = candidates.filter((c) => inForm.includes(c.id));
  return ranked(formControls, SUBMIT, 4)[0] ?? ranked(candidates, SUBMIT, 8)[0];
}

/** Answers an export form: the XML format where offered, and the longest range. */
const answerForm = pageFunction(({ today, months }: { today: string; months: number }) => {
  const iso = (d: Date) => d.toISOString().slice(0, 10);
  const us = (d: Date) =>
    `${String(d.getUTCMonth() + 1).padStart(2, '0')}/${String(d.getUTCDate()).padStart(2, '0')}/${d.getUTCFullYear()}`;
  const fire = (el: HTMLElement) => {
    el.dispatchEvent(new Event('input', { bubbles: true }));
    el.dispatchEvent(new Event('change', { bubbles: true }));
  };
  // Months of history an option's words promise ("Last 13 months", "2 years", "All").
  const monthsIn = (label: string) => {
    if (/\b(all|entire|maximum|max|full)\b/i.test(label)) return 1000;
    const n = Number(/(\d+)/.exec(label)?.[1] ?? Number.NaN);
    const k = Number.isNaN(n) ? 1 : n;
    if (/year|yr/i.test(label)) return k * 12;
    if (/month|mo\b/i.test(label)) return k;
    if (/week/i.test(label)) return k / 4;
    if (/day/i.test(label)) return k / 30;
    return 0;
  };
  const labelOf = (el: HTMLElement) =>
    `${(el as HTMLInputElement).labels?.[0]?.textContent ?? ''} ${el.getAttribute('name') ?? ''} ${el.id} ${el.getAttribute('aria-label') ?? ''}`;
  for (const select of Array.from(document.querySelectorAll('select'))) {
    const options = Array.from(select.options);
    const xml = options.find((o) => /xml|espi|green button/i.test(o.text));
    const longest = options
      .map((o) => ({ o, m: monthsIn(o.text) }))
      .filter((x) => x.m > 0)
      .sort((a, b) => b.m - a.m)[0];
    const choice = xml ?? longest?.o;
    if (choice) {
      select.value = choice.value;
      fire(select);
    }
  }
  const radios = Array.from(document.querySelectorAll<HTMLInputElement>('input[type="radio"]'));
  const byName = new Map<string, HTMLInputElement[]>();
  for (const radio of radios) byName.set(radio.name, [...(byName.get(radio.name) ?? []), radio]);
  for (const group of Array.from(byName.values())) {
    const xml = group.find((r) => /xml|espi|green button/i.test(labelOf(r)));
    const longest = group
      .map((r) => ({ r, m: monthsIn(labelOf(r)) }))
      .filter((x) => x.m > 0)
      .sort((a, b) => b.m - a.m)[0];
    const choice = xml ?? longest?.r;
    if (choice) {
      choice.checked = true;
      fire(choice);
    }
  }
  const end = new Date(`${today}T00:00:00Z`);
  const start = new Date(end);
  start.setUTCMonth(start.getUTCMonth() - months);
  const inputs = Array.from(
    document.querySelectorAll<HTMLInputElement>('input[type="date"], input[type="text"]'),
  );
  for (const input of inputs) {
    const label = labelOf(input);
    const isStart = /start|from|begin/i.test(label);
    const isEnd = /\bend|\bto\b|through|until/i.test(label);
    if (!isStart && !isEnd) continue;
    const date = isStart ? (input.min ? new Date(`${input.min}T00:00:00Z`) : start) : end;
    const bounded = !isStart && input.max ? new Date(`${input.max}T00:00:00Z`) : date;
    input.value = input.type === 'date' ? iso(bounded) : us(bounded);
    fire(input);
  }
});

async function fillExportForm(page: Page, now: Date): Promise<void> {
  await page.evaluate(answerForm, { today: now.toISOString().slice(0, 10), months: EXPORT_MONTHS });
}
