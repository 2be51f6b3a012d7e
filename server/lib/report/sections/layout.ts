import { type HtmlValue, html, type SafeHtml } from '../html.ts';

/** A report section: kept on one page when it fits. */
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

export function table(
  columns: Column[],
  rows: HtmlValue[][],
  options: { caption?: string; footer?: HtmlValue[]; className?: string } = {},
): SafeHtml {
  const cls = (c: Column | undefined) => (c?.numeric ? 'num' : null);
  return html`<table class="${options.className ?? 'data'}">${
    options.caption ? html`<caption>${options.caption}</caption>` : null
  }<thead><tr>${columns.map((c) => html`<th scope="col" class="${cls(c)}">${c.label}</th>`)}</tr></thead><tbody>${rows.map(
    (row) =>
      html`<tr>${row.map((cell, i) => html`<td class="${cls(columns[i])}">${cell}</td>`)}</tr>`,
  )}</tbody>${
    options.footer
      ? html`<tfoot><tr>${options.footer.map((cell, i) => html`<td class="${cls(columns[i])}">${cell}</td>`)}</tr></tfoot>`
      : null
  }</table>`;
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
