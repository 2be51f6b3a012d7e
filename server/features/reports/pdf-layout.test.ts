// Real reports printed to PDF (Letter) by the app's own Chromium and read back with pdftotext,
// page by page: the cover holds its page and nothing else, and no page is left mostly empty.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findChromium } from '../../lib/browser/chromium-path.ts';
import { BrowserService } from '../../lib/browser/index.ts';
import { renderReport } from '../../lib/report/index.ts';
import { emptyReport, longNamesReport, pgeReport } from '../../lib/report/testing/layout-inputs.ts';
import type { ReportInput } from '../../lib/report/types.ts';
import { renderPdf } from './pdf.ts';

/**
 * The rule, per page: the text on it must reach at least a third of the way down the printable
 * height (the deepest word's bottom, the running footer left out). One page may stop short: a
 * page that ends because its section must end the page, which in this report is only the
 * cover of a report with interval data (the analyses start on a page of their own). The cover is
 * held to more than that: it must use most of its page.
 *
 * And no holes: a page the report goes on after (any but the cover and the last) must be at
 * least 60% full. Sections break between their blocks, so a page ends short only by the
 * height of the block that did not fit, and the tallest (a heading and the heatmap) is well
 * under 40% of a page; a whole section pushed to the next page leaves far more.
 */
const MIN_PAGE_FILL = 1 / 3;
const MIN_INNER_PAGE_FILL = 0.6;
const MIN_COVER_FILL = 0.6;
/** The margins pdf.ts prints with, in points: the footer sits in the bottom one. */
const MARGIN_TOP = (14 / 25.4) * 72;
const MARGIN_BOTTOM = (16 / 25.4) * 72;

interface Page {
  text: string;
  /** Non-blank lines in `pdftotext -layout`. */
  lines: number;
  /** How far down the printable height the page's text reaches, 0 to 1. */
  fill: number;
}

let browser: BrowserService;
let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'report-pages-'));
  browser = new BrowserService({
    executablePath: findChromium(process.env.CHROMIUM_PATH, process.env.PATH ?? ''),
    allowedHosts: [],
    maxPages: 2,
    pageTimeoutMs: 30_000,
    taskTimeoutMs: 60_000,
  });
});
afterAll(async () => {
  await browser?.close();
});

async function printed(name: string, input: ReportInput): Promise<{ file: string; pages: Page[] }> {
  const file = path.join(dir, `${name}.pdf`);
  writeFileSync(file, await renderPdf(browser, renderReport(input).html, 'Utility data report'));
  const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
  const count = Number(/^Pages:\s+(\d+)/m.exec(info)?.[1]);
  const pages: Page[] = [];
  for (let n = 1; n <= count; n++) {
    const range = ['-f', String(n), '-l', String(n)];
    const text = execFileSync('pdftotext', [...range, '-layout', file, '-'], { encoding: 'utf8' });
    const boxes = execFileSync('pdftotext', [...range, '-bbox', file, '-'], { encoding: 'utf8' });
    const height = Number(/<page width="[\d.]+" height="([\d.]+)"/.exec(boxes)?.[1]);
    const bottom = height - MARGIN_BOTTOM;
    const deepest = Math.max(
      MARGIN_TOP,
      ...[...boxes.matchAll(/yMax="([\d.]+)"/g)].map((m) => Number(m[1])).filter((y) => y < bottom),
    );
    pages.push({
      text,
      lines: text.split('\n').filter((line) => line.trim() !== '').length,
      fill: (deepest - MARGIN_TOP) / (bottom - MARGIN_TOP),
    });
  }
  return { file, pages };
}

const figures = (pages: Page[]) =>
  pages
    .map((p, i) => `page ${i + 1}: ${Math.round(p.fill * 100)}% of the height, ${p.lines} lines`)
    .join('; ');

function expectNoPageLeftEmpty(file: string, pages: Page[], coverOwnsPage: boolean) {
  const fullest = Math.max(...pages.map((p) => p.lines));
  pages.forEach((page, i) => {
    const why = `${file}: ${figures(pages)} (fullest page ${fullest} lines)`;
    if (coverOwnsPage && i === 0) {
      expect(page.fill, why).toBeGreaterThanOrEqual(MIN_COVER_FILL);
      return;
    }
    expect(page.fill, `page ${i + 1} under a third full; ${why}`).toBeGreaterThanOrEqual(
      MIN_PAGE_FILL,
    );
    if (i < pages.length - 1) {
      expect(page.fill, `page ${i + 1} ends with a hole; ${why}`).toBeGreaterThanOrEqual(
        MIN_INNER_PAGE_FILL,
      );
    }
    // The same by line count, against the fullest page: a page of one chart and nothing else
    // could reach down the page with few lines of text, but not a page of two footer lines.
    expect(page.lines, `page ${i + 1} holds few lines; ${why}`).toBeGreaterThanOrEqual(
      Math.ceil(fullest * MIN_PAGE_FILL),
    );
  });
}

describe('a year of PG&E interval data and its statement, printed', () => {
  let file: string;
  let pages: Page[];
  beforeAll(async () => {
    ({ file, pages } = await printed('pge', pgeReport()));
  }, 90_000);

  it('puts the cover, with the bill’s facts, on page 1 and only there', () => {
    const [cover, next] = pages;
    for (const fact of [
      'Harbor Bakery',
      'Prepared by sunrise-solar for Harbor Bakery LLC',
      '2024-02-01 to 2025-01-31 (12 months)',
      'Statement date',
      '2022-12-09',
      '2022-11-08 to 2022-12-08 (31 days)',
      'E-TOU-C',
      '$96.24',
      '2022-12-30',
      '0000000000-0',
      '1234 Main Street',
      'Delivered kWh by month, from the interval data',
      'Not included in this report',
    ]) {
      expect(cover?.text, `${fact} on the cover (${file})`).toContain(fact);
    }
    expect(cover?.text).toMatch(/327\.12\d? kWh/);
    // The rest starts on page 2, at the top, and the cover does not run over onto it.
    expect(next?.text.trim().split('\n')[0]?.trim()).toBe('Usage and billing summary');
    for (const page of pages.slice(1)) {
      expect(page.text).not.toContain('Not included in this report');
      expect(page.text).not.toContain('Prepared by');
    }
  });

  it('leaves no page under a third full, the last one included', () => {
    expect(pages.length).toBeGreaterThanOrEqual(3);
    expectNoPageLeftEmpty(file, pages, true);
  });
});

describe('the same report with long names everywhere, printed', () => {
  it('lets a cover too long for its page run on, leaving no page under a third full', async () => {
    const { file, pages } = await printed('long-names', longNamesReport());
    expect(pages[0]?.text).toContain('It has no text to read (a scan).');
    // No break after this cover: what did not fit shares page 2 with the usage summary.
    const second = pages[1]?.text ?? '';
    expect(second).toContain('Usage and billing summary');
    expect(second.trim().split('\n')[0]?.trim()).not.toBe('Usage and billing summary');
    expectNoPageLeftEmpty(file, pages, false);
  }, 90_000);
});

describe('a report with no data, printed', () => {
  it('fits on one page, its summary under the cover', async () => {
    const { file, pages } = await printed('empty', emptyReport());
    expect(pages, `${file}: ${figures(pages)}`).toHaveLength(1);
    expect(pages[0]?.text).toContain('No utility statement was provided.');
    expect(pages[0]?.text).toContain('No files were attached to this account.');
    expect(pages[0]?.text).toContain('Figures are computed from the files listed above');
  }, 90_000);
});
