/** A visual line of a PDF page: its items' text joined in reading order. */
export interface PageLine {
  page: number;
  text: string;
}

type PdfJs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');
let pdfjs: Promise<PdfJs> | undefined;

/** pdf.js is loaded on the first statement, so the server's start does not pay for it. */
function loadPdfJs(): Promise<PdfJs> {
  pdfjs ??= import('pdfjs-dist/legacy/build/pdf.mjs');
  return pdfjs;
}

/** Items whose baselines differ by less than this (PDF units) are on one line. */
const SAME_LINE = 2.5;

/**
 * The text layer of a PDF as lines, page by page: pdf.js gives positioned items; items on one
 * baseline are joined left to right (a gap becomes two spaces, so "label  value" stays apart).
 * Reading a page's text costs pdf.js its fonts (most of the time), so pages are read until
 * `enough` says the lines hold what is wanted: the first page (a bill's summary), then from the
 * last page back (the detail pages; the terms and contact pages come early). Lines are returned
 * in page order. Throws what pdf.js throws for a file it cannot open.
 */
export async function pdfLines(
  bytes: Uint8Array,
  enough: (lines: PageLine[]) => boolean = () => false,
): Promise<{ pages: number; lines: PageLine[]; pagesRead: number }> {
  const { getDocument, VerbosityLevel } = await loadPdfJs();
  const task = getDocument({
    data: new Uint8Array(bytes),
    verbosity: VerbosityLevel.ERRORS,
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    stopAtErrors: false,
    isOffscreenCanvasSupported: false,
  });
  try {
    const doc = await task.promise;
    let lines: PageLine[] = [];
    const order = [1];
    for (let p = doc.numPages; p >= 2; p--) order.push(p);
    let pagesRead = 0;
    for (const p of order) {
      if (pagesRead > 0 && enough(lines)) break;
      pagesRead++;
      const page = await doc.getPage(p);
      const content = await page.getTextContent();
      const items: { x: number; y: number; w: number; text: string }[] = [];
      for (const item of content.items) {
        if (!('str' in item) || item.str.trim() === '') continue;
        items.push({ x: item.transform[4], y: item.transform[5], w: item.width, text: item.str });
      }
      // Top to bottom, then left to right; a line collects items near its first baseline.
      items.sort((a, b) => b.y - a.y || a.x - b.x);
      let current: typeof items = [];
      const flush = () => {
        if (current.length === 0) return;
        current.sort((a, b) => a.x - b.x);
        let text = '';
        let right = Number.NEGATIVE_INFINITY;
        for (const item of current) {
          if (text !== '') text += item.x - right > 3 ? '  ' : item.x - right > 0.5 ? ' ' : '';
          text += item.text;
          right = item.x + item.w;
        }
        lines.push({ page: p, text: text.replace(/\s+$/, '') });
        current = [];
      };
      for (const item of items) {
        if (current.length > 0 && Math.abs((current[0]?.y ?? 0) - item.y) > SAME_LINE) flush();
        current.push(item);
      }
      flush();
      page.cleanup();
      lines = lines.sort((a, b) => a.page - b.page);
    }
    return { pages: doc.numPages, lines, pagesRead };
  } finally {
    await task.destroy();
  }
}
