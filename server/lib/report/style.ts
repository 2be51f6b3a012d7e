// The report's only style sheet: system fonts (no web fonts, nothing fetched), fits A4 and
// Letter, prints its background colours, and reads on a phone as on a desk.
//
// Pages: the cover of a report with interval data ends its page; after it, sections run on
// from one page to the next and break between their blocks (table rows, figures, cards,
// paragraphs) rather than leaving the rest of a page empty because a whole section did not
// fit. Headings stay with what follows them; rows, figures and cards are never cut.
//
// Widths: nothing may be wider than the page. Text wraps at spaces, and the long tokens a
// report holds (file names, hashes, addresses, URLs, texts read from a file) may wrap anywhere;
// tables with many columns become one labelled block per row on a phone.
export const REPORT_CSS = `
@page { margin: 14mm 12mm; }
:root { color-scheme: light; }
* { box-sizing: border-box; }
html { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
body { margin: 0 auto; max-width: 820px; padding: 24px; color: #1f2933; background: #fff;
  font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif;
  overflow-wrap: break-word; }
h1 { font-size: 26px; margin: 4px 0; overflow-wrap: anywhere; }
h2 { font-size: 19px; margin: 0 0 10px; padding-bottom: 4px; border-bottom: 2px solid #1f5fa8; color: #12355f; }
h3 { font-size: 15px; margin: 18px 0 6px; color: #12355f; }
h2, h3 { break-after: avoid; page-break-after: avoid; }
p { margin: 6px 0; }
p, li { orphans: 3; widows: 3; }
ul { padding-left: 1.4em; }
.section { margin: 0 0 28px; }
.kicker { text-transform: uppercase; letter-spacing: .08em; font-size: 12px; color: #1f5fa8; margin: 0; }
.report-id { color: #4a5563; margin: 0 0 12px; }
.prepared { font-size: 15px; color: #1f2937; margin: 0 0 4px; }
.brand-logo { display: block; max-width: 240px; max-height: 72px; margin: 0 0 12px; }
table { border-collapse: collapse; width: 100%; margin: 6px 0 10px; font-size: 13px; }
tr, caption { break-inside: avoid; page-break-inside: avoid; }
thead { display: table-header-group; }
th, td { padding: 4px 6px; text-align: left; vertical-align: top; border-bottom: 1px solid #d9dee5; }
thead th { background: #eef3f9; font-weight: 600; }
tfoot td { font-weight: 600; border-top: 2px solid #4a5563; }
caption { caption-side: bottom; text-align: left; font-size: 12px; color: #4a5563; padding-top: 4px; }
.facts th { width: 34%; font-weight: 600; color: #4a5563; }
.facts td { overflow-wrap: anywhere; }
.num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
th.num { white-space: normal; }
.cover-top { margin: 0 0 12px; }
.cover-top .facts { margin: 0; }
.cover-top.with-chart { display: grid; grid-template-columns: minmax(0, 1.3fr) minmax(0, 1fr); gap: 16px; align-items: start; }
.cover-chart { margin: 0; }
.cards { display: grid; grid-template-columns: repeat(5, minmax(0, 1fr)); gap: 8px; margin-top: 14px; }
.card { min-width: 0; border: 1px solid #d9dee5; border-radius: 6px; padding: 8px; background: #f6f9fc;
  overflow-wrap: anywhere; break-inside: avoid; page-break-inside: avoid; }
.card-label { font-size: 12px; color: #4a5563; }
.card-value { font-size: 18px; font-weight: 700; color: #12355f; margin: 2px 0; }
.card-note { font-size: 11px; color: #4a5563; }
.figure { margin: 8px 0 14px; break-inside: avoid; page-break-inside: avoid; }
.figure figcaption { font-size: 12px; color: #4a5563; }
.chart { width: 100%; height: auto; display: block; break-inside: avoid; page-break-inside: avoid; }
.source { font-size: 12px; color: #4a5563; }
.method { font-size: 12px; color: #4a5563; background: #f6f9fc; border-left: 3px solid #9fb7d6; padding: 4px 8px;
  break-inside: avoid; page-break-inside: avoid; }
.note, .none { color: #6b7280; font-style: italic; }
.ok { color: #166534; font-weight: 600; }
.warn { color: #9a3412; font-weight: 600; }
.notice { background: #fff7ed; border: 1px solid #fdba74; border-radius: 6px; padding: 10px 14px; }
.notice h2 { border-color: #ea580c; color: #9a3412; }
.notice li { break-inside: avoid; page-break-inside: avoid; }
.hash { font: 11px/1.3 ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace;
  word-break: break-all; overflow-wrap: anywhere; }
.file-name, .provenance, .quality-text { overflow-wrap: anywhere; }
.file-meta { font-size: 12px; color: #4a5563; }
.file-meta span + span::before { content: "· "; }
.files { table-layout: fixed; }
.files th:nth-child(1) { width: 30%; }
.files th:nth-child(2) { width: 24%; }
.files th:nth-child(3) { width: 30%; }
.files th:nth-child(4) { width: 16%; }
.bills { margin-top: 16px; }
.bill-grid { display: grid; grid-template-columns: repeat(auto-fit, minmax(min(260px, 100%), 1fr)); gap: 10px; }
.bill { min-width: 0; border: 1px solid #d9dee5; border-radius: 6px; padding: 6px 10px;
  break-inside: avoid; page-break-inside: avoid; }
.bill-facts { display: grid; grid-template-columns: repeat(auto-fill, minmax(120px, 1fr)); grid-auto-flow: row dense;
  gap: 4px 14px; margin: 2px 0 4px; }
.bill-facts div { min-width: 0; }
.bill-facts .wide { grid-column: span 2; }
.bill { container-type: inline-size; }
@container (max-width: 270px) { .bill-facts .wide { grid-column: auto; } }
.bill-facts dt { font-size: 11px; color: #4a5563; }
.bill-facts dd { margin: 0; font-size: 13px; overflow-wrap: anywhere; }
.bill .source { margin: 2px 0 0; }
.bill-note { font-size: 13px; background: #fff7ed; border-left: 3px solid #ea580c; padding: 4px 8px; }
.cover .notice { margin-top: 14px; }
.cover .notice ul { margin: 4px 0 0; }
footer { font-size: 12px; color: #4a5563; border-top: 1px solid #d9dee5; padding-top: 8px;
  break-before: avoid; page-break-before: avoid; break-inside: avoid; page-break-inside: avoid; }
@media print {
  body { max-width: none; padding: 0; font-size: 12px; line-height: 1.35; }
  h1 { font-size: 24px; }
  .cards { margin-top: 10px; }
  .bills { margin-top: 12px; }
  .cover .notice { margin-top: 10px; padding: 8px 12px; }
  h2 { font-size: 16px; margin-bottom: 8px; }
  h3 { font-size: 13.5px; margin: 14px 0 4px; }
  table { font-size: 11.5px; margin: 4px 0 8px; }
  th, td { padding: 3px 5px; }
  caption, .source, .method, .figure figcaption, .file-meta { font-size: 10.5px; }
  .card-value { font-size: 15px; }
  .bill-facts dd, .bill-note { font-size: 12px; }
  .hash { font-size: 10px; }
  .cover.own-page { break-after: page; page-break-after: always; margin-bottom: 0; }
  .section { margin-bottom: 20px; }
}
@media screen and (max-width: 640px) {
  body { padding: 14px; }
  .cards { grid-template-columns: repeat(2, minmax(0, 1fr)); }
  .cover-top.with-chart { grid-template-columns: minmax(0, 1fr); }
  .facts th { width: 40%; }
  table { font-size: 12.5px; }
  th, td { padding: 4px; }
  table.stack, table.stack tbody, table.stack tfoot, table.stack tr, table.stack td { display: block; width: 100%; }
  table.stack thead { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); }
  table.stack caption { display: block; }
  table.stack tr { border-bottom: 1px solid #d9dee5; padding: 6px 0; }
  table.stack td { border: 0; padding: 1px 0; text-align: left; white-space: normal; }
  table.stack td::before { content: attr(data-label); display: block; font-size: 11px; font-weight: 600; color: #4a5563; }
  table.stack tfoot tr { border-top: 2px solid #4a5563; }
}
`;
