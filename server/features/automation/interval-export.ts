import type { Page } from 'playwright-core';
import { pageFunction } from '../../lib/browser/page-function.ts';
import { captureFile } from './documents.ts';
import {
  type Candidate,
  chosenControl,
  controls,
  follow,
  LOOK_MS,
  locate,
  open,
  type Rule,
  ranked,
} from './portal-controls.ts';
import { fileWait, keep, type Walk } from './retrieval-walk.ts';

/** At least this much history is asked for when the export form takes dates. */
const EXPORT_MONTHS = 13;
/** How long a control that may send the file at once is given before looking for a form. */
const DIRECT_FILE_WAIT_MS = 3000;

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

/** Where the usage export is on the portal: the provider's settings, or found by its words. */
type ExportSettings = { usagePage: string | null; exportControl: string | null };

/** The export's control: on the account page itself (unless a usage page is set), else there. */
async function findExportControl(walk: Walk, settings: ExportSettings) {
  const { page, deadline } = walk;
  const exportControl = (waitMs?: number, settled = false) =>
    chosenControl(page, deadline, settings.exportControl, EXPORT_CONTROL, 9, waitMs, settled);
  // The account page is not waited on once it has stopped changing without the export.
  const onAccount = settings.usagePage ? undefined : await exportControl(LOOK_MS, true);
  if (onAccount) return onAccount;
  if (!(await open(page, settings.usagePage, USAGE_PAGE, deadline))) return undefined;
  return exportControl();
}

/**
 * The Green Button "Download My Data" export for the longest range offered, kept in the walk.
 * Starts where the page is (the account page); what could not be done is noted.
 */
export async function retrieveIntervalExport(walk: Walk, settings: ExportSettings): Promise<void> {
  const { page, deadline } = walk;
  const control = await findExportControl(walk, settings);
  if (!control) return;
  const sourcePage = page.url();
  // Some portals send the file at once; most show a form (range, format) first.
  let captured = await captureFile(page, () => follow(page, control), DIRECT_FILE_WAIT_MS);
  if (!captured || 'page' in captured) {
    await fillExportForm(page, new Date());
    const submit = await submitControl(page, deadline);
    if (!submit) {
      walk.notes.push('the export form has no download button');
      return;
    }
    captured = await captureFile(page, () => locate(page, submit).click(), fileWait(walk));
  }
  if (!captured || 'page' in captured) {
    walk.notes.push('the export form sent no file');
    return;
  }
  keep(walk, { ...captured, sourcePage }, 'interval', 'green-button');
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
