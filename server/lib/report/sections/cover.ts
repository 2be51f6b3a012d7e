import { periodDays } from '../bills.ts';
import { formatKWh, formatKw, formatLocal, formatMoney, formatPct } from '../format.ts';
import { type HtmlValue, html, type SafeHtml } from '../html.ts';
import type { IntervalView } from '../interval-view.ts';
import { monthsBetween, type ReportModel } from '../model.ts';
import type { ReportBill, ReportLogo } from '../types.ts';
import { facts, notRecorded, orNotRecorded } from './layout.ts';
import { missingNotice } from './missing.ts';
import { monthlyChart } from './usage.ts';

export function cover(model: ReportModel): SafeHtml {
  const { input, headline, intervals, timeZone } = model;
  const { account, report } = input;
  const meters = (account.meterNumbers ?? []).filter((m) => m.trim() !== '');
  const peak = intervals?.analytics.peak;
  const { preparedBy } = input;
  const chart = intervals ? coverChart(intervals) : null;
  return html`<header class="${ownsPage(model) ? 'cover section own-page' : 'cover section'}">
${logoImage(preparedBy.name, preparedBy.logo)}
<p class="kicker">Utility data report</p>
<h1>${account.accountName?.trim() ? account.accountName : account.customerName}</h1>
<p class="prepared">Prepared by ${preparedBy.name} for ${account.customerName}</p>
<p class="report-id">Report #${report.id}, version ${report.version}</p>
<div class="${chart ? 'cover-top with-chart' : 'cover-top'}">
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
  ...periodRows(model),
  ['Report date', dateOf(report.generatedAt, timeZone)],
])}
${chart}
</div>
<div class="cards">
${card('Usage', headline.usage ? `${formatKWh(headline.usage.kWh)} kWh` : null, headline.usage ? `from ${sourceName(headline.usage.from)}` : 'not available')}
${card('Cost', headline.cost ? formatMoney(headline.cost.dollars) : null, headline.cost ? `from ${sourceName(headline.cost.from)}` : 'not available')}
${card('Peak demand', peak ? `${formatKw(peak.kW)} kW` : null, peak ? formatLocal(peak.start, timeZone) : 'needs interval data')}
${card('Load factor', intervals && peak && peak.kW > 0 ? formatPct(intervals.analytics.loadFactor * 100) : null, peak ? 'average ÷ peak demand' : 'needs interval data')}
${card('Data coverage', intervals ? formatPct(intervals.quality.coveragePct) : null, intervals ? 'of 15-minute intervals' : 'no interval data')}
</div>
${billSummary(model)}
${missingNotice(model)}
</header>`;
}

/** Lines of body text a Letter or A4 page holds under the cover's headings and margins. */
const PAGE_LINES = 58;

/**
 * Whether the cover ends its page in print. With interval data the analyses that follow fill
 * pages of their own, so they start on page 2; a report without it is short, and its summary
 * follows on the cover's page. A cover too long for one page (long names, many bills and
 * notes) does not force a break either: the break would leave its overflow alone on a page.
 * The length is estimated in lines of text, generously, from what the cover will hold.
 */
function ownsPage(model: ReportModel): boolean {
  if (!model.intervals) return false;
  const { account } = model.input;
  const linesOf = (text: string | null | undefined, perLine: number) =>
    Math.max(1, Math.ceil((text?.length ?? 0) / perLine));
  const title = linesOf(account.accountName || account.customerName, 48) * 2 + 4;
  // The facts sit beside the chart: each wraps at about 34 characters; the chart is 13 lines.
  const factValues = [
    account.accountName,
    account.accountNumber,
    `${account.customerName} (${account.customerEmail ?? ''})`,
    `${account.providerName}, ${account.providerState}`,
    account.serviceAddress,
    (account.meterNumbers ?? []).join(', '),
    'yyyy-mm-dd to yyyy-mm-dd (12 months)',
    'yyyy-mm-dd hh:mm TZ',
  ];
  const facts = factValues.reduce((n, v) => n + linesOf(v, 34) + 0.4, 0);
  const bills = model.input.bills;
  const billRows = Math.ceil(bills.length / 2);
  const billLines =
    3 +
    billRows * 9 +
    bills.reduce((n, b) => n + linesOf(b.fileName, 60) - 1, 0) +
    model.billNotes.reduce((n, note) => n + linesOf(note, 110) + 1, 0);
  const notice =
    model.missing.length > 0 ? 4 + model.missing.reduce((n, m) => n + linesOf(m, 105), 0) : 0;
  const total = title + Math.max(facts, 13) + 6 + billLines + notice;
  return total <= PAGE_LINES;
}

/**
 * The periods the report speaks for, each named for what it is: the interval data's first and
 * last day, and the period recorded on the connection when it says something else (typed by an
 * admin, or read from a bill when there is no interval data).
 */
function periodRows(model: ReportModel): Array<[string, HtmlValue]> {
  const rows: Array<[string, HtmlValue]> = [];
  const view = model.intervals;
  if (view) {
    const months = monthsBetween(view.firstDate, view.lastDate);
    const span = months > 0 ? ` (${months} ${months === 1 ? 'month' : 'months'})` : '';
    rows.push(['Interval data', `${view.firstDate} to ${view.lastDate}${span}`]);
  } else {
    rows.push(['Interval data', notRecorded('None provided')]);
  }
  const { periodStart, periodEnd } = model;
  const sameAsIntervals =
    view !== undefined && periodStart === view.firstDate && periodEnd === view.lastDate;
  if ((periodStart || periodEnd) && !sameAsIntervals) {
    rows.push([
      'Period recorded',
      `${periodStart ?? 'start not recorded'} to ${periodEnd ?? 'end not recorded'}`,
    ]);
  } else if (!view) {
    rows.push(['Period recorded', notRecorded()]);
  }
  return rows;
}

/**
 * What each statement says, newest first: the facts a reader looks for on a bill, as printed on
 * it, and where the bill disagrees with the account as given.
 */
function billSummary(model: ReportModel): SafeHtml {
  const bills = model.input.bills;
  if (bills.length === 0) {
    return html`<div class="bills"><h2>Bills</h2><p class="note">No utility statement was provided.</p></div>`;
  }
  return html`<div class="bills"><h2>${bills.length === 1 ? 'The bill' : `The ${bills.length} bills, newest first`}</h2>
<div class="bill-grid">${bills.map(billCard)}</div>
${model.billNotes.map((note) => html`<p class="bill-note"><span class="warn">Note:</span> ${note}</p>`)}
</div>`;
}

function billCard(bill: ReportBill): SafeHtml {
  if (!bill.hasText) {
    const why = bill.unreadReason ?? 'Its facts could not be read; they are in the file itself.';
    return html`<div class="bill"><p class="file-name">${bill.fileName}</p><p class="note">${why}</p></div>`;
  }
  const period =
    bill.periodStart && bill.periodEnd
      ? `${bill.periodStart} to ${bill.periodEnd} (${periodDays(bill.periodStart, bill.periodEnd)} days)`
      : undefined;
  const value = (v: string | undefined) => v ?? notRecorded('Not found on the bill');
  return html`<div class="bill">${billFacts([
    ['Statement date', value(bill.statementDate)],
    ['Billing period', value(period)],
    ['Rate schedule', value(bill.rateSchedule)],
    ['Usage', value(bill.totalKWh === undefined ? undefined : `${formatKWh(bill.totalKWh)} kWh`)],
    [
      'Amount due',
      value(
        bill.amountDueCents === undefined
          ? undefined
          : amountIn(bill.amountDueCents, bill.currency),
      ),
    ],
    ['Due date', value(bill.dueDate)],
    ['Account number', value(bill.accountNumber)],
    ['Service address', value(bill.serviceAddress)],
  ])}<p class="source">From <span class="file-name">${bill.fileName}</span></p></div>`;
}

/** A bill's facts as short labelled values, several to a line where the card is wide. */
function billFacts(rows: Array<[string, HtmlValue]>): SafeHtml {
  return html`<dl class="bill-facts">${rows.map(
    ([label, value]) =>
      html`<div class="${WIDE_BILL_FACTS.has(label) ? 'wide' : null}"><dt>${label}</dt><dd>${value}</dd></div>`,
  )}</dl>`;
}

/** Facts given two columns of a bill card, to read on one line. */
const WIDE_BILL_FACTS = new Set(['Billing period', 'Service address']);

/** The year's shape at a glance: kWh by month, small, beside the account's facts. */
function coverChart(view: IntervalView): SafeHtml {
  return html`<figure class="figure cover-chart">${monthlyChart(view, 'small')}<figcaption>${
    view.series.hasReceived ? 'Delivered and received kWh' : 'Delivered kWh'
  } by month, from the interval data (details under Usage).</figcaption></figure>`;
}

/**
 * An amount as the bill states it: dollars unless the statement names its currency (a bill from
 * abroad in euros, pounds or Canadian dollars), in that currency's minor units.
 */
function amountIn(minorUnits: number, currency: string | undefined): string {
  if (!currency || currency === 'USD') return formatMoney(minorUnits / 100);
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(minorUnits / 100);
  } catch {
    return `${formatMoney(minorUnits / 100).replace('$', '')} ${currency}`;
  }
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
