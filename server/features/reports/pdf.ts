import type { BrowserService } from '../../lib/browser/index.ts';

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/**
 * Prints the report's HTML to PDF with the Chromium the product already runs, on a printing
 * page (BrowserService.print): it fetches nothing (the HTML is self-contained) and runs no script.
 */
export async function renderPdf(
  browser: BrowserService,
  html: string,
  footerLabel: string,
): Promise<Buffer> {
  return browser.print(async (page) => {
    await page.setContent(html, { waitUntil: 'load' });
    await page.emulateMedia({ media: 'print' });
    return page.pdf({
      format: 'Letter',
      printBackground: true,
      displayHeaderFooter: true,
      headerTemplate: '<span></span>',
      footerTemplate: `<div style="font-size:8px;width:100%;padding:0 12mm;color:#555;display:flex;justify-content:space-between;font-family:Helvetica,Arial,sans-serif"><span>${escapeHtml(footerLabel)}</span><span>Page <span class="pageNumber"></span> of <span class="totalPages"></span></span></div>`,
      margin: { top: '14mm', bottom: '16mm', left: '12mm', right: '12mm' },
    });
  }, 60_000);
}
