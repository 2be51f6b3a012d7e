// The report's only style sheet: system fonts (no web fonts, nothing fetched), fits A4 and
// Letter, keeps tables and charts whole across pages, and prints its background colours.
export const REPORT_CSS = `
@page { margin: 14mm 12mm; }
:root { color-scheme: light; }
* { box-sizing: border-box; }
html { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
body { margin: 0 auto; max-width: 820px; padding: 24px; color: #1f2933; background: #fff;
  font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; }
h1 { font-size: 26px; margin: 4px 0; }
h2 { font-size: 19px; margin: 0 0 10px; padding-bottom: 4px; border-bottom: 2px solid #1f5fa8; color: #12355f; }
h3 { font-size: 15px; margin: 18px 0 6px; color: #12355f; }
p { margin: 6px 0; }
.section { margin: 0 0 28px; break-inside: avoid; page-break-inside: avoid; }
.kicker { text-transform: uppercase; letter-spacing: .08em; font-size: 12px; color: #1f5fa8; margin: 0; }
.report-id { color: #4a5563; margin: 0 0 12px; }
.prepared { font-size: 15px; color: #1f2937; margin: 0 0 4px; }
.brand-logo { display: block; max-width: 240px; max-height: 72px; margin: 0 0 12px; }
table { border-collapse: collapse; width: 100%; margin: 6px 0 10px; font-size: 13px;
  break-inside: avoid; page-break-inside: avoid; }
th, td { padding: 4px 6px; text-align: left; vertical-align: top; border-bottom: 1px solid #d9dee5; }
thead th { background: #eef3f9; font-weight: 600; }
tfoot td { font-weight: 600; border-top: 2px solid #4a5563; }
caption { caption-side: bottom; text-align: left; font-size: 12px; color: #4a5563; padding-top: 4px; }
.facts th { width: 34%; font-weight: 600; color: #4a5563; }
.num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
.cards { display: grid; grid-template-columns: repeat(5, 1fr); gap: 8px; margin-top: 14px; }
.card { border: 1px solid #d9dee5; border-radius: 6px; padding: 8px; background: #f6f9fc;
  break-inside: avoid; page-break-inside: avoid; }
.card-label { font-size: 12px; color: #4a5563; }
.card-value { font-size: 18px; font-weight: 700; color: #12355f; margin: 2px 0; }
.card-note { font-size: 11px; color: #4a5563; }
.figure { margin: 8px 0 14px; break-inside: avoid; page-break-inside: avoid; }
.figure figcaption { font-size: 12px; color: #4a5563; }
.chart { width: 100%; height: auto; display: block; break-inside: avoid; page-break-inside: avoid; }
.source { font-size: 12px; color: #4a5563; }
.method { font-size: 12px; color: #4a5563; background: #f6f9fc; border-left: 3px solid #9fb7d6; padding: 4px 8px; }
.note, .none { color: #6b7280; font-style: italic; }
.ok { color: #166534; font-weight: 600; }
.warn { color: #9a3412; font-weight: 600; }
.notice { background: #fff7ed; border: 1px solid #fdba74; border-radius: 6px; padding: 10px 14px; }
.notice h2 { border-color: #ea580c; color: #9a3412; }
.hash { font: 11px/1.3 ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace;
  word-break: break-all; }
.file-name { word-break: break-word; }
.files td:first-child { min-width: 9em; }
.files td:nth-child(4) { width: 30%; }
.bills { margin-top: 16px; }
.bill-grid { display: grid; grid-template-columns: repeat(auto-fit, minmax(260px, 1fr)); gap: 10px; }
.bill { border: 1px solid #d9dee5; border-radius: 6px; padding: 6px 8px; break-inside: avoid; page-break-inside: avoid; }
.bill .facts { margin: 0; font-size: 12px; }
.bill .facts th { width: 40%; }
.bill-note { font-size: 13px; background: #fff7ed; border-left: 3px solid #ea580c; padding: 4px 8px; }
.cover .notice { margin-top: 14px; }
footer { font-size: 12px; color: #4a5563; border-top: 1px solid #d9dee5; padding-top: 8px; }
@media print {
  body { max-width: none; padding: 0; font-size: 12px; }
  .cards { grid-template-columns: repeat(5, 1fr); }
  h2, h3 { break-after: avoid; page-break-after: avoid; }
}
@media screen and (max-width: 640px) { .cards { grid-template-columns: repeat(2, 1fr); } }
`;
