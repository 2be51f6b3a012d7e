import type { MonthlyUsage } from '../../intervals/index.ts';
import { barChart } from '../charts/bars.ts';
import { isNumber } from '../figures.ts';
import { formatKWh, formatKw, formatLocalDate, formatMoney, formatMonth } from '../format.ts';
import { type HtmlValue, html, type SafeHtml } from '../html.ts';
import type { IntervalView } from '../interval-view.ts';
import type { ReportModel } from '../model.ts';
import { type Column, facts, figure, notRecorded, section, table } from './layout.ts';

const DELIVERED = '#1f5fa8';
const RECEIVED = '#e08a1e';

export function usageSection(model: ReportModel): SafeHtml {
  const { headline, input, intervals } = model;
  const { account } = input;
  const recorded: string[] = [];
  if (headline.usage?.from !== 'connection' && isNumber(account.usageKwh)) {
    recorded.push(`${formatKWh(account.usageKwh)} kWh`);
  }
  if (headline.cost?.from !== 'connection' && isNumber(account.costCents)) {
    recorded.push(formatMoney(account.costCents / 100));
  }
  const rows: Array<[string, HtmlValue]> = [
    [
      'Usage (delivered)',
      headline.usage
        ? html`<strong>${formatKWh(headline.usage.kWh)} kWh</strong><div class="source">${headline.usage.source}</div>`
        : notRecorded('Not available'),
    ],
    [
      'Cost',
      headline.cost
        ? html`<strong>${formatMoney(headline.cost.dollars)}</strong><div class="source">${headline.cost.source}</div>`
        : notRecorded('Not available'),
    ],
  ];
  if (intervals?.series.hasReceived) {
    const a = intervals.analytics;
    rows.push(['Received (exported to the grid)', `${formatKWh(a.receivedKWh)} kWh`]);
    rows.push(['Net (delivered − received)', `${formatKWh(a.netKWh)} kWh`]);
  }
  if (recorded.length > 0) rows.push(['Recorded on the connection', recorded.join(', ')]);
  return section(
    'usage',
    'Usage and billing summary',
    facts(rows),
    intervals ? monthly(intervals) : null,
    model.bills.length > 0 ? billTable(model) : null,
    lineItems(model),
    billingHistoryTable(model),
    !intervals && model.bills.length === 0 && !model.input.billingHistory?.length
      ? html`<p class="note">No monthly breakdown is available: there is no interval data${
          headline.usage?.from === 'connection'
            ? ', only the totals recorded on the connection'
            : ''
        }.</p>`
      : null,
  );
}

function monthly(view: IntervalView): SafeHtml {
  const { analytics, series } = view;
  const months = analytics.monthly;
  const withReceived = series.hasReceived;
  const withCost = series.hasCost;
  const days = (m: MonthlyUsage) =>
    analytics.daily.filter((d) => d.date.startsWith(m.month)).length;
  const value = (m: MonthlyUsage, v: number | undefined, format: (n: number) => string) =>
    m.slots === 0 ? notRecorded('no data') : isNumber(v) ? format(v) : notRecorded('—');
  const columns: Column[] = [
    { label: 'Month' },
    { label: 'Days with data', numeric: true },
    { label: 'Delivered kWh', numeric: true },
    ...(withReceived
      ? [
          { label: 'Received kWh', numeric: true },
          { label: 'Net kWh', numeric: true },
        ]
      : []),
    ...(withCost ? [{ label: 'Cost', numeric: true }] : []),
    { label: 'Peak kW', numeric: true },
  ];
  const rows = months.map((m) => [
    formatMonth(m.month),
    `${days(m)} of ${daysInMonth(m.month)}`,
    value(m, m.deliveredKWh, formatKWh),
    ...(withReceived ? [value(m, m.receivedKWh, formatKWh), value(m, m.netKWh, formatKWh)] : []),
    ...(withCost ? [value(m, m.cost, formatMoney)] : []),
    value(m, m.peakKw, formatKw),
  ]);
  const footer: HtmlValue[] = [
    'Total',
    String(analytics.daily.length),
    formatKWh(analytics.deliveredKWh),
    ...(withReceived ? [formatKWh(analytics.receivedKWh), formatKWh(analytics.netKWh)] : []),
    ...(withCost ? [isNumber(analytics.cost) ? formatMoney(analytics.cost) : '—'] : []),
    analytics.peak ? formatKw(analytics.peak.kW) : '—',
  ];
  const chart = monthlyChart(view, 'full');
  return html`<h3>By month</h3>
${table(columns, rows, { footer, caption: `Local calendar months (${series.timeZone}), from the interval data.` })}
${figure(chart, withReceived ? 'Delivered and received kWh by month.' : 'Delivered kWh by month.')}`;
}

/**
 * Delivered (and received) kWh by local month: full width in the usage section, each bar with
 * its value; `small` on the cover, the year's shape at a glance (the values follow in Usage).
 */
export function monthlyChart(view: IntervalView, size: 'full' | 'small'): SafeHtml {
  const months = view.analytics.monthly;
  const withReceived = view.series.hasReceived;
  return barChart({
    title: 'Energy by month',
    unit: 'kWh',
    size,
    labels: months.map((m) => formatMonth(m.month)),
    ticks: months.map((m, i) => ({
      text: formatMonth(m.month).slice(0, 3),
      sub: i === 0 || m.month.endsWith('-01') ? m.month.slice(0, 4) : null,
    })),
    series: [
      {
        name: 'Delivered',
        color: DELIVERED,
        values: months.map((m) => (m.slots > 0 ? m.deliveredKWh : null)),
      },
      ...(withReceived
        ? [
            {
              name: 'Received',
              color: RECEIVED,
              values: months.map((m) => (m.slots > 0 ? m.receivedKWh : null)),
            },
          ]
        : []),
    ],
    describe:
      size === 'full'
        ? (label, s, v) => `${label}, ${s.name.toLowerCase()}: ${formatKWh(v)} kWh`
        : undefined,
  });
}

function billTable(model: ReportModel): SafeHtml {
  const zone = model.timeZone;
  const when = (ms: number | undefined | null, end = false) =>
    isNumber(ms) ? formatLocalDate(end ? ms - 1 : ms, zone) : '?';
  return html`<h3>Bill summaries in the interval file</h3>
${table(
  [
    { label: 'Billing period' },
    { label: 'Stated kWh', numeric: true },
    { label: 'Bill amount', numeric: true },
  ],
  model.bills.map((b) => [
    `${when(b.periodStart)} to ${when(b.periodEnd, true)}`,
    isNumber(b.statedKWh) ? formatKWh(b.statedKWh) : notRecorded('not stated'),
    isNumber(b.statedCost) ? formatMoney(b.statedCost) : notRecorded('not stated'),
  ]),
  {
    caption:
      'As stated by the utility (ESPI UsageSummary); compared with the intervals under Data quality.',
  },
)}`;
}

function daysInMonth(isoMonth: string): number {
  const year = Number(isoMonth.slice(0, 4));
  const month = Number(isoMonth.slice(5, 7));
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** The line items the interval file's bills carry (ESPI costAdditionalDetailLastPeriod). */
function lineItems(model: ReportModel): SafeHtml | null {
  const zone = model.timeZone;
  const bills = (model.input.intervals?.quality.bills ?? []).filter((b) => b.lineItems?.length);
  if (bills.length === 0) return null;
  const rows = bills.flatMap((bill) =>
    bill.lineItems.map((item) => [
      `${formatLocalDate(bill.periodStart, zone)} to ${formatLocalDate(bill.periodStart + bill.periodSeconds * 1000 - 1, zone)}`,
      item.note ?? notRecorded('no description'),
      item.quantity
        ? `${item.quantity.unit === 'kWh' ? formatKWh(item.quantity.value) : item.quantity.value} ${item.quantity.unit}`.trim()
        : '—',
      isNumber(item.amount) ? formatMoney(item.amount) : notRecorded('not stated'),
    ]),
  );
  return html`<h3>Bill line items in the interval file</h3>
${table(
  [
    { label: 'Billing period' },
    { label: 'Item' },
    { label: 'Quantity', numeric: true },
    { label: 'Amount', numeric: true },
  ],
  rows,
  { caption: 'As the utility itemised each bill (ESPI UsageSummary line items).' },
)}`;
}

/** The utility's billing history as its file lists it: usage in the file's own unit. */
function billingHistoryTable(model: ReportModel): SafeHtml | null {
  const bills = model.input.billingHistory ?? [];
  if (bills.length === 0) return null;
  const withDemand = bills.some((b) => isNumber(b.demandKw));
  const withRate = bills.some((b) => b.rate);
  const usage = (b: (typeof bills)[number]) => {
    if (!isNumber(b.usage)) return notRecorded('not stated');
    if (b.unit === 'kWh') return `${formatKWh(b.usage)} kWh`;
    return `${formatKWh(b.usage)} ${b.unit ?? '(unit not stated)'}`;
  };
  return html`<h3>Billing history</h3>
${table(
  [
    { label: 'Billing period' },
    { label: 'Days', numeric: true },
    { label: 'Usage', numeric: true },
    { label: 'Amount', numeric: true },
    ...(withDemand ? [{ label: 'Demand kW', numeric: true }] : []),
    ...(withRate ? [{ label: 'Rate' }] : []),
  ],
  bills.map((b) => [
    `${b.periodStart} to ${b.periodEnd}`,
    String(b.days),
    usage(b),
    isNumber(b.costCents) ? formatMoney(b.costCents / 100) : notRecorded('not stated'),
    ...(withDemand ? [isNumber(b.demandKw) ? formatKw(b.demandKw) : '—'] : []),
    ...(withRate ? [b.rate ?? '—'] : []),
  ]),
  {
    caption: `As listed in the utility’s billing history (${[...new Set(bills.map((b) => b.fileName))].join(', ')}), usage in the unit the file gives; bills in kWh are compared with the intervals under Data quality.`,
  },
)}`;
}
