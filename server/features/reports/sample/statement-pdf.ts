/**
 * A one-page PDF of plain text lines (Helvetica, US Letter), written by hand so the sample's
 * statements are real files with a text layer, the same bytes every time (no creation date, no
 * random ID), without a browser. Only printable ASCII: the built-in font's encoding is not
 * worth carrying for an invented bill.
 */
export function textPdf(title: string, lines: readonly string[]): Uint8Array {
  const pdfString = (text: string) => {
    if (!/^[\x20-\x7e]*$/.test(text)) throw new Error(`not printable ASCII: ${text}`);
    return text.replace(/[\\()]/g, (c) => `\\${c}`);
  };
  const content = [
    'BT',
    '/F1 11 Tf',
    '15 TL',
    '56 732 Td',
    ...lines.map((line) => `(${pdfString(line)}) Tj T*`),
    'ET',
  ].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    `<< /Title (${pdfString(title)}) /Producer (Utility Reports sample generator) >>`,
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(pdf.length);
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) pdf += `${String(offset).padStart(10, '0')} 00000 n \n`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 6 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(pdf);
}
