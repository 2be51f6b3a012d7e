import { formatBytes } from '../format.ts';
import { html, type SafeHtml } from '../html.ts';
import type { ReportModel } from '../model.ts';
import type { ReportFile } from '../types.ts';
import { dateOf } from './cover.ts';
import { notRecorded, section, table } from './layout.ts';

export function filesSection(model: ReportModel): SafeHtml {
  const files = model.input.files;
  return section(
    'files',
    'Supporting files',
    html`<p>${model.statements.length} ${model.statements.length === 1 ? 'statement' : 'statements'} and ${model.intervalFiles.length} interval ${model.intervalFiles.length === 1 ? 'file' : 'files'}. A file’s SHA-256 lets anyone check that the copy they hold is the one this report was built from.</p>`,
    files.length
      ? table(
          [{ label: 'File' }, { label: 'SHA-256' }, { label: 'Provenance' }, { label: 'Status' }],
          files.map((f) => [
            html`<span class="file-name">${f.name}</span><div class="file-meta"><span>${f.kind === 'statement' ? 'Statement (PDF)' : 'Interval data'}</span> <span>${Number.isFinite(f.size) ? formatBytes(f.size) : notRecorded('size not recorded')}</span></div>`,
            html`<code class="hash">${f.sha256}</code>`,
            html`<span class="provenance">${f.provenance}</span><div class="source">Added ${dateOf(f.addedAt, model.timeZone)}</div>`,
            status(f, model.input.intervals?.fileName),
          ]),
          { className: 'data files', stack: true },
        )
      : html`<p class="note">No files were attached to this account.</p>`,
  );
}

function status(file: ReportFile, usedName: string | undefined): SafeHtml | string {
  if (file.kind === 'statement') return 'Included';
  switch (file.importStatus) {
    case 'imported':
      return file.name === usedName ? 'Imported; used in this report' : 'Imported';
    case 'failed':
      return html`<span class="warn">Import failed</span>${file.importError ? html`: ${file.importError}` : null}`;
    default:
      return html`<span class="none">Not yet read</span>`;
  }
}
