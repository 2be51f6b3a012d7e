import { html, type SafeHtml } from '../html.ts';
import type { ReportModel } from '../model.ts';

/**
 * What the report could not include, said on the cover so nobody reads a gap as a zero; the
 * manifest and the summary carry the same list.
 */
export function missingNotice(model: ReportModel): SafeHtml | null {
  if (model.missing.length === 0) return null;
  return html`<div id="missing" class="notice"><h2>Not included in this report</h2><ul>${model.missing.map(
    (m) => html`<li>${m}</li>`,
  )}</ul></div>`;
}
