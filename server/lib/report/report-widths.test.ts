// The report's HTML as a phone (375 px) and a desk (1280 px) show it, in Chromium: nothing in
// any section is wider than its box or the page. Screenshots of each width land in a temporary
// folder that a failure names.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findChromium } from '../browser/chromium-path.ts';
import { renderReport } from './index.ts';
import { emptyReport, longNamesReport, pgeReport } from './testing/layout-inputs.ts';
import type { ReportInput } from './types.ts';

const WIDTHS = [375, 1280];
/** What a section holds that can be too wide: blocks, table parts, figures, cards. */
const BOXES =
  'h1, h2, h3, p, ul, li, table, caption, thead, tbody, tfoot, tr, th, td, figure, figcaption, svg, div, dl, dd, dt, code';

let browser: Browser;
let shots: string;
beforeAll(async () => {
  shots = mkdtempSync(path.join(tmpdir(), 'report-widths-'));
  browser = await chromium.launch({
    executablePath: findChromium(process.env.CHROMIUM_PATH, process.env.PATH ?? ''),
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
});
afterAll(async () => {
  await browser?.close();
});

/** Each box in a section that is wider than itself (scrolls) or sticks out of the section. */
async function overflows(name: string, input: ReportInput, width: number) {
  const page = await browser.newPage({ viewport: { width, height: 900 }, javaScriptEnabled: true });
  try {
    await page.route('**/*', (route) => route.abort());
    await page.setContent(renderReport(input).html, { waitUntil: 'load' });
    const screenshot = path.join(shots, `${name}-${width}.png`);
    await page.screenshot({ path: screenshot, fullPage: true });
    const found = await page.evaluate((selector) => {
      const problems: string[] = [];
      const doc = document.documentElement;
      if (doc.scrollWidth > doc.clientWidth) {
        problems.push(`the page scrolls sideways: ${doc.scrollWidth} > ${doc.clientWidth} px`);
      }
      const nameOf = (el: Element) =>
        `${el.tagName.toLowerCase()}${el.className && typeof el.className === 'string' ? `.${el.className.trim().split(/\s+/).join('.')}` : ''} “${(el.textContent ?? '').trim().slice(0, 50)}”`;
      // A stacked table's header row is kept for screen readers, clipped to nothing on screen.
      const hidden = (el: Element) => {
        for (let e: Element | null = el; e; e = e.parentElement) {
          if (getComputedStyle(e).clipPath !== 'none') return true;
        }
        return false;
      };
      const sections = document.querySelectorAll('header.cover, section.section, footer');
      for (const section of sections) {
        const frame = section.getBoundingClientRect();
        const where = section.id || section.tagName.toLowerCase();
        for (const el of section.querySelectorAll(selector)) {
          const box = el.getBoundingClientRect();
          if (box.width === 0 || hidden(el)) continue;
          if (box.right > frame.right + 1 || box.left < frame.left - 1) {
            problems.push(
              `${where}: ${nameOf(el)} spans ${Math.round(box.left)}–${Math.round(box.right)} px, outside ${Math.round(frame.left)}–${Math.round(frame.right)}`,
            );
          }
          // An SVG has no scroll box; it is checked by its edges above.
          if (
            el instanceof HTMLElement &&
            el.scrollWidth > el.clientWidth + 1 &&
            el.clientWidth > 0
          ) {
            problems.push(
              `${where}: ${nameOf(el)} holds ${el.scrollWidth} px in ${el.clientWidth} px`,
            );
          }
        }
      }
      return problems.slice(0, 20);
    }, BOXES);
    return { found, screenshot };
  } finally {
    await page.close();
  }
}

describe.each([
  ['pge', pgeReport],
  ['long-names', longNamesReport],
  ['empty', emptyReport],
] as const)('the %s report on screen', (name, input) => {
  it.each(WIDTHS)('fits a %i px wide window, every section within its box', async (width) => {
    const { found, screenshot } = await overflows(name, input(), width);
    expect(found, `overflow at ${width} px; see ${screenshot}`).toEqual([]);
  });
});

it('shows wide tables as labelled rows on a phone and as tables on a desk', async () => {
  const html = renderReport(longNamesReport()).html;
  const page = await browser.newPage({ viewport: { width: 375, height: 900 } });
  try {
    await page.setContent(html, { waitUntil: 'load' });
    const files = page.locator('#files table');
    expect(
      await files
        .locator('td')
        .first()
        .evaluate((td) => getComputedStyle(td).display),
    ).toBe('block');
    await page.setViewportSize({ width: 1280, height: 900 });
    expect(
      await files
        .locator('td')
        .first()
        .evaluate((td) => getComputedStyle(td).display),
    ).toBe('table-cell');
  } finally {
    await page.close();
  }
});
