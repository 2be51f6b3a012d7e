import { openPdf } from './pdf-worker.ts';

/** A visual line of a PDF page: its items' text joined in reading order. */
export interface PageLine {
  page: number;
  text: string;
}

/** Items whose baselines differ by less than this (PDF units) are on one line. */
const SAME_LINE = 2.5;

/**
 * The text layer of a PDF as lines, page by page: pdf.js gives positioned items; items on one
 * baseline are joined left to right (a gap becomes two spaces, so "label  value" stays apart).
 * Reading a page's text costs pdf.js its fonts (most of the time), so pages are read until
 * `enough` says the lines hold what is wanted: the first page (a bill's summary), then the pages
 * `after` names from the first page's text (a known layout), else from the last page back (the
 * detail pages; terms and contact pages come early). Lines are returned in page order.
 */
export async function pdfLines(
  bytes: Uint8Array,
  enough: (lines: PageLine[]) => boolean = () => false,
  after: (firstPage: PageLine[], pages: number) => number[] | undefined = () => undefined,
): Promise<{ pages: number; lines: PageLine[]; pagesRead: number }> {
  const doc = await openPdf(bytes);
  try {
    let lines: PageLine[] = [];
    const order = [1];
    let pagesRead = 0;
    for (let k = 0; k < order.length; k++) {
      const p = order[k] as number;
      if (pagesRead > 0 && enough(lines)) break;
      pagesRead++;
      const items = (await doc.textOf(p)).map(([x, y, w, text]) => ({ x, y, w, text }));
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
      lines = lines.sort((a, b) => a.page - b.page);
      if (pagesRead === 1) {
        const rest = after(lines, doc.pages);
        if (rest) order.push(...rest.filter((n) => n >= 2 && n <= doc.pages));
        else for (let n = doc.pages; n >= 2; n--) order.push(n);
      }
    }
    return { pages: doc.pages, lines, pagesRead };
  } finally {
    await doc.close();
  }
}
