import { formatKWh, formatKw, formatLocal, formatMoney, formatPct } from '../format.ts';
import { html, type SafeHtml } from '../html.ts';
import type { ReportModel } from '../model.ts';
import type { ReportLogo } from '../types.ts';
import { facts, notRecorded, orNotRecorded } from './layout.ts';

export function cover(model: ReportModel): SafeHtml {
  const { input, headline, intervals, timeZone } = model;
  const { account, report } = input;
  const meters = (account.meterNumbers ?? []).filter((m) => m.trim() !== '');
  const period =
    model.periodStart || model.periodEnd
      ? `${model.periodStart ?? 'start not recorded'} to ${model.periodEnd ?? 'end not recorded'}`
      : null;
  const peak = intervals?.analytics.peak;
  const { preparedBy } = input;
  return html`<header class="cover section">
${logoImage(preparedBy.name, preparedBy.logo)}
<p class="kicker">Utility data report</p>
<h1>${account.accountName?.trim() ? account.accountName : account.customerName}</h1>
<p class="prepared">Prepared by ${preparedBy.name} for ${account.customerName}</p>
<p class="report-id">Report #${report.id}, version ${report.version}</p>
${facts([
  ['Account name', orNotRecorded(account.accountName)],
  ['Account number', orNotRecorded(account.accountNumber)],
  [
    'Customer',
    html`${account.customerName}${account.customerEmail ? html` (${account.customerEmail})` : null}`,
  ],
  ['Utility provider', `${account.providerName}, ${account.providerState}`],
  ['Service address', orNotRecorded(account.serviceAddress)],
  [meters.length > 1 ? 'Meters' : 'Meter', meters.length ? meters.join(', ') : notRecorded()],
  ['Billing period', period ?? notRecorded()],
  ['Report date', dateOf(report.generatedAt, timeZone)],
])}
<div class="cards">
${card('Usage', headline.usage ? `${formatKWh(headline.usage.kWh)} kWh` : null, headline.usage ? `from ${sourceName(headline.usage.from)}` : 'not available')}
${card('Cost', headline.cost ? formatMoney(headline.cost.dollars) : null, headline.cost ? `from ${sourceName(headline.cost.from)}` : 'not available')}
${card('Peak demand', peak ? `${formatKw(peak.kW)} kW` : null, peak ? formatLocal(peak.start, timeZone) : 'needs interval data')}
${card('Load factor', intervals && peak && peak.kW > 0 ? formatPct(intervals.analytics.loadFactor * 100) : null, peak ? 'average ÷ peak demand' : 'needs interval data')}
${card('Data coverage', intervals ? formatPct(intervals.quality.coveragePct) : null, intervals ? 'of 15-minute intervals' : 'no interval data')}
</div>
</header>`;
}

/** Image types a logo may have; anything else is left off the cover. */
const LOGO_TYPES = new Set(['image/png', 'image/jpeg', 'image/svg+xml']);

/**
 * The professional's logo, inside the document as a data: URI (the report fetches nothing). An
 * SVG shown through <img> runs no script and loads nothing, whatever it holds.
 */
function logoImage(name: string, logo: ReportLogo | null): SafeHtml | null {
  if (!logo || !LOGO_TYPES.has(logo.contentType) || logo.bytes.byteLength === 0) return null;
  const base64 = Buffer.from(logo.bytes.buffer, logo.bytes.byteOffset, logo.bytes.byteLength);
  const src = `data:${logo.contentType};base64,${base64.toString('base64')}`;
  return html`<img class="brand-logo" src="${src}" alt="${name}">`;
}

function card(label: string, value: string | null, note: string): SafeHtml {
  return html`<div class="card"><div class="card-label">${label}</div><div class="card-value">${value ?? notRecorded('—')}</div><div class="card-note">${note}</div></div>`;
}

function sourceName(from: 'intervals' | 'bills' | 'connection'): string {
  return from === 'intervals'
    ? 'interval data'
    : from === 'bills'
      ? 'bill summaries'
      : 'connection records';
}

export function dateOf(date: Date, timeZone: string): SafeHtml | string {
  const ms = date instanceof Date ? date.getTime() : Number.NaN;
  return Number.isFinite(ms) ? formatLocal(ms, timeZone) : notRecorded();
}
