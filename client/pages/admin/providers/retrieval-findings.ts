import type { RetrievalFindings } from '@common/automation.ts';

/** "host/path" of a portal page, short enough for a line. */
function pageOf(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.host}${parsed.pathname === '/' ? '' : parsed.pathname}`;
  } catch {
    return url;
  }
}

/** One line on what a Test Login's retrieval found: the bills and the export, with their pages. */
export function retrievalLine(found: RetrievalFindings): string {
  const bills =
    found.bills.length === 0
      ? 'no bills found'
      : `${found.bills.length} ${found.bills.length === 1 ? 'bill' : 'bills'} found on ${pageOf(found.bills[0]?.page ?? '')} (${found.bills.map((b) => b.fileName).join(', ')})`;
  const usage = found.intervalExport
    ? `interval export ${found.intervalExport.fileName} from ${pageOf(found.intervalExport.page)}`
    : 'interval export not found: set the Usage Page or Export Button';
  return `${bills}; ${usage}.`;
}
