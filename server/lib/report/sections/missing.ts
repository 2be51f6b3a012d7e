import { html, type SafeHtml } from '../html.ts';
import type { ReportModel } from '../model.ts';

/** What the report could not include, said up front so nobody reads a gap as a zero. */
export function missingSection(model: ReportModel): SafeHtml | null {
  if (model.missing.length === 0) return null;
  return html`<section id="missing" class="section notice"><h2>Not included in this report</h2><ul>${model.missing.map(
    (m) => html`<li>${m}</li>`,
  )}</ul></section>`;
}
