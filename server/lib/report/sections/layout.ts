import { type HtmlValue, html, type SafeHtml } from '../html.ts';

/**
 * A report section. In print it may run over a page break between its blocks (rows, figures,
 * paragraphs), its headings staying with what follows; see the style sheet.
 */
export function section(id: string, title: string, ...body: HtmlValue[]): SafeHtml {
  return html`<section id="${id}" class="section"><h2>${title}</h2>${body}</section>`;
}

/** A two-column table of labelled values. */
export function facts(rows: Array<[string, HtmlValue]>): SafeHtml {
  return html`<table class="facts"><tbody>${rows.map(
    ([label, value]) => html`<tr><th scope="row">${label}</th><td>${value}</td></tr>`,
  )}</tbody></table>`;
}

export interface Column {
  label: string;
  numeric?: boolean;
}

/** Tables this wide become a list of labelled rows on a phone instead of overflowing it. */
const STACK_FROM_COLUMNS = 6;

/**
 * A table of rows. Each cell carries its column's name (`data-label`), which a phone shows
 * beside the value when a wide table (`stack`) is laid out one row per block.
 */
export function table(
  columns: Column[],
  rows: HtmlValue[][],
  options: { caption?: string; footer?: HtmlValue[]; className?: string; stack?: boolean } = {},
): SafeHtml {
  const cls = (c: Column | undefined) => (c?.numeric ? 'num' : null);
  const stack = options.stack ?? columns.length >= STACK_FROM_COLUMNS;
  const cell = (value: HtmlValue, i: number) =>
    html`<td class="${cls(columns[i])}" data-label="${columns[i]?.label ?? ''}">${value}</td>`;
  return html`<table class="${options.className ?? 'data'}${stack ? ' stack' : ''}">${
    options.caption ? html`<caption>${options.caption}</caption>` : null
  }<thead><tr>${columns.map((c) => html`<th scope="col" class="${cls(c)}">${c.label}</th>`)}</tr></thead><tbody>${rows.map(
    (row) => html`<tr>${row.map(cell)}</tr>`,
  )}</tbody>${options.footer ? html`<tfoot><tr>${options.footer.map(cell)}</tr></tfoot>` : null}</table>`;
}

export function figure(chart: SafeHtml, caption: string): SafeHtml {
  return html`<figure class="figure">${chart}<figcaption>${caption}</figcaption></figure>`;
}

/** A one-line statement of how a figure was computed. */
export const method = (text: HtmlValue) =>
  html`<p class="method"><strong>Method:</strong> ${text}</p>`;

/** What to print where a value is unknown. */
export const notRecorded = (text = 'Not recorded') => html`<span class="none">${text}</span>`;

export const orNotRecorded = (value: string | null | undefined) =>
  value !== null && value !== undefined && value.trim() !== '' ? value : notRecorded();
