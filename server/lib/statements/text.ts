import { openPdf } from './pdf-worker.ts';

/**
 * A visual line of a PDF page: its items' text joined in reading order, and its cells (the runs
 * of text between column gaps, by character offset in `text` and by position on the page), so a
 * value printed under a table's heading can be found in the heading's column.
 */
export interface PageLine {
  page: number;
  text: string;
  cells?: Cell[];
}

export interface Cell {
  start: number;
  end: number;
  x: number;
  right: number;
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
        const cells: Cell[] = [];
        for (const item of current) {
          const gap = item.x - right;
          if (text !== '') text += gap > 3 ? '  ' : gap > 0.5 ? ' ' : '';
          const last = cells[cells.length - 1];
          // An item's own run of spaces is a column gap too (a line drawn as one string).
          let offset = 0;
          for (const part of item.text.split(/(\s{2,})/)) {
            const from = item.x + (item.w * offset) / Math.max(1, item.text.length);
            const to = item.x + (item.w * (offset + part.length)) / Math.max(1, item.text.length);
            if (/^\s*$/.test(part)) {
              // spaces: a gap, not a cell
            } else if (offset === 0 && last && gap <= 3) {
              last.end = text.length + part.length;
              last.right = to;
            } else {
              const lead = part.length - part.trimStart().length;
              cells.push({
                start: text.length + lead,
                end: text.length + part.length,
                x: from,
                right: to,
              });
            }
            text += part;
            offset += part.length;
          }
          right = item.x + item.w;
        }
        const trimmed = text.replace(/\s+$/, '');
        for (const cell of cells) cell.end = Math.min(cell.end, trimmed.length);
        lines.push({ page: p, text: trimmed, cells });
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
