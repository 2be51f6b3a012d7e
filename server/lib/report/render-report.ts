import { headlineData } from '../../../common/quantities.ts';
import { formatLocal } from './format.ts';
import { html, trustedHtml } from './html.ts';
import { buildModel, type ReportModel } from './model.ts';
import { cover } from './sections/cover.ts';
import { filesSection } from './sections/files.ts';
import { gasSection } from './sections/gas.ts';
import { hintsSection } from './sections/hints.ts';
import { loadSection } from './sections/load.ts';
import { qualitySection } from './sections/quality.ts';
import { ratePlansSection } from './sections/rate-plans.ts';
import { storageAndSolarSection } from './sections/storage-and-solar.ts';
import { usageSection } from './sections/usage.ts';
import { REPORT_CSS } from './style.ts';
import type { RenderedReport, ReportInput, ReportSummary } from './types.ts';

/** Nothing may be fetched: styles are inline, charts are inline SVG, the logo a data: URI. */
export const REPORT_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:";

/** The report as one self-contained HTML document, and its headline figures. */
export function renderReport(input: ReportInput): RenderedReport {
  const model = buildModel(input);
  const { report, account } = input;
  const view = model.intervals;
  const title = `Utility data report #${report.id} v${report.version}: ${account.accountName?.trim() || account.customerName}`;
  const document = html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${trustedHtml(REPORT_CSP)}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${title}</title>
<style>${trustedHtml(REPORT_CSS)}</style>
</head>
<body>
${cover(model)}
${usageSection(model)}
${ratePlansSection(model)}
${storageAndSolarSection(model)}
${input.gas ? gasSection(input.gas) : null}
${view ? loadSection(view) : null}
${view ? hintsSection(view) : null}
${view ? qualitySection(view) : null}
${filesSection(model)}
<footer>Report #${report.id}, version ${report.version}. Figures are computed from the files listed above; each section states its source and method. Times are local to ${model.timeZone}.</footer>
</body>
</html>
`;
  return { html: document.value, summary: summaryOf(model) };
}

/**
 * The headline figures as the API, the manifest and the email carry them, rounded by the
 * product's rule (1668.5100000000168 kWh is 1668.51).
 */
function summaryOf(model: ReportModel): ReportSummary {
  const { headline, intervals } = model;
  const peak = intervals?.analytics.peak;
  return headlineData({
    periodStart: model.periodStart,
    periodEnd: model.periodEnd,
    usageKwh: headline.usage?.kWh ?? null,
    costDollars: headline.cost?.dollars ?? null,
    figuresFrom: headline.usage?.from ?? headline.cost?.from ?? 'none',
    peakKw: peak?.kW ?? null,
    peakAt: peak ? formatLocal(peak.start, model.timeZone, false) : null,
    loadFactor: intervals && peak && peak.kW > 0 ? intervals.analytics.loadFactor : null,
    coveragePct: intervals?.quality.coveragePct ?? null,
    statements: model.statements.length,
    intervalFiles: model.intervalFiles.length,
    missing: model.missing,
  });
}
