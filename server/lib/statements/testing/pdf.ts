/**
 * Writes small PDFs for tests: pages of Helvetica text at given positions (a statement from a
 * utility of our own invention), or a page with only an image (a scanned statement).
 */
export type TextLine = { x: number; y: number; text: string; size?: number };

/** Characters of WinAnsiEncoding above Latin-1's, and the narrow no-break space (French). */
const WIN_ANSI: Record<string, number> = {
  '€': 0x80,
  '…': 0x85,
  Œ: 0x8c,
  '‘': 0x91,
  '’': 0x92,
  '“': 0x93,
  '”': 0x94,
  '•': 0x95,
  '–': 0x96,
  '—': 0x97,
  œ: 0x9c,
  // Not in WinAnsiEncoding: drawn by an unused code that the font's encoding names uni202F.
  '\u202f': 0x81,
};

const pdfString = (s: string) =>
  [...s.replace(/[\\()]/g, (c) => `\\${c}`)]
    .map((c) => {
      const code = WIN_ANSI[c] ?? c.charCodeAt(0);
      if (code > 0xff) throw new Error(`cannot write ${JSON.stringify(c)} in WinAnsiEncoding`);
      return String.fromCharCode(code);
    })
    .join('');

export function writePdf(pages: Array<TextLine[] | 'image'>): Uint8Array {
  const objects: string[] = [];
  const add = (body: string) => {
    objects.push(body);
    return objects.length;
  };
  const catalog = add('');
  const pagesId = add('');
  const font = add(
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding << /Type /Encoding /BaseEncoding /WinAnsiEncoding /Differences [129 /uni202F] >> >>',
  );
  const image = add(
    '<< /Type /XObject /Subtype /Image /Width 2 /Height 2 /ColorSpace /DeviceGray /BitsPerComponent 8 /Length 4 >>\nstream\n\u0000\u00ff\u00ff\u0000\nendstream',
  );
  const kids: number[] = [];
  for (const page of pages) {
    const content =
      page === 'image'
        ? 'q 500 0 0 700 50 50 cm /Im1 Do Q'
        : page
            .map((l) => `BT /F1 ${l.size ?? 10} Tf ${l.x} ${l.y} Td (${pdfString(l.text)}) Tj ET`)
            .join('\n');
    const stream = add(
      `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
    );
    kids.push(
      add(
        `<< /Type /Page /Parent ${pagesId} 0 R /MediaBox [0 0 612 792] /Contents ${stream} 0 R /Resources << /Font << /F1 ${font} 0 R >> /XObject << /Im1 ${image} 0 R >> >> >>`,
      ),
    );
  }
  objects[catalog - 1] = `<< /Type /Catalog /Pages ${pagesId} 0 R >>`;
  objects[pagesId - 1] =
    `<< /Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(' ')}] /Count ${kids.length} >>`;
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) out += `${String(o).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root ${catalog} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new Uint8Array(Buffer.from(out, 'latin1'));
}

/** Lines top-down from y = 740, 14 points apart. */
export function linesOf(texts: string[], x = 50): TextLine[] {
  return texts.map((text, i) => ({ x, y: 740 - i * 14, text }));
}

/**
 * Rows top-down from `top`, 14 points apart; a row is one text at x = 50, or cells at their own x
 * (a table, or a label and its value in two columns).
 */
export function rowsOf(
  rows: Array<string | Array<[x: number, text: string]>>,
  top = 740,
): TextLine[] {
  return rows.flatMap((row, i) =>
    (typeof row === 'string' ? [[50, row] as [number, string]] : row).map(([x, text]) => ({
      x,
      y: top - i * 14,
      text,
    })),
  );
}
