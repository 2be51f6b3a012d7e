import { barChart } from '../charts/bars.ts';
import { formatMoney, formatMonth } from '../format.ts';
import { type HtmlValue, html, type SafeHtml } from '../html.ts';
import type { ReportModel } from '../model.ts';
import type { ReportRatePlan, ReportRatePlans } from '../types.ts';
import { type Column, facts, figure, method, section, table } from './layout.ts';
import { reconciliationBlock } from './rate-plans-reconciliation.ts';

const CURRENT = '#1f5fa8';
const CHEAPEST = '#2e8b57';

const money = (cents: number) => formatMoney(cents / 100);

/** `+$12.30` dearer, `−$12.30` cheaper than the current plan, `$0.00` the same. */
function difference(cents: number | null): string {
  if (cents === null) return '—';
  if (cents === 0) return money(0);
  return `${cents > 0 ? '+' : '−'}${money(Math.abs(cents))}`;
}

/** Where a plan's figures come from, under its name wherever a figure of it is given. */
function provenance(plan: ReportRatePlan): SafeHtml {
  return html`<div class="source">Effective ${plan.effectiveDate ?? 'date not stated'} · Source: ${plan.source ?? 'not stated'}</div>`;
}

/**
 * The provider's rate plans priced on the interval data: the plan the newest statement names,
 * its bills reproduced month by month, and every plan ranked by annual cost against it. No
 * section without interval data or plans (the input then has no `ratePlans`).
 */
export function ratePlansSection(model: ReportModel): SafeHtml | null {
  const plans = model.input.ratePlans;
  if (!plans || plans.plans.length === 0 || !model.intervals) return null;
  const current = plans.plans.find((p) => p.current);
  const cheapest = plans.plans[0] as ReportRatePlan;
  const span = `${plans.periodStart} to ${plans.periodEnd} (${plans.days} days)`;
  return section(
    'rate-plans',
    'Rate plans',
    html`<p>${model.input.account.providerName}’s rate plans, each priced on the interval data of ${span}, billed by local calendar month.</p>`,
    current ? currentPlan(plans, current) : noCurrentPlan(plans),
    reconciliationBlock(plans),
    ranking(plans, current),
    monthly(current, cheapest),
    notes(plans),
    method(
      'each plan’s energy, fixed, demand and minimum charges applied to the metered quarter hours at their local hour, day type and month (weekends and the utility’s own holidays on the weekend schedule, the US federal holidays for a utility without a list); each line rounded to the cent once. The annual cost is the bills’ total scaled to 365 days. Taxes, surcharges and credits a plan’s rates do not carry are not included.',
    ),
  );
}

function currentPlan(plans: ReportRatePlans, plan: ReportRatePlan): SafeHtml {
  const statement = plans.statementDate ? `of ${plans.statementDate}` : 'provided';
  return html`<h3>Current plan</h3>${facts([
    [
      'Plan',
      html`<strong>${plan.name}</strong><div class="source">The statement ${statement} names the rate schedule “${plans.rateSchedule ?? ''}”.</div>${provenance(plan)}`,
    ],
    [
      `Bills, ${plans.periodStart} to ${plans.periodEnd}`,
      html`<strong>${money(plan.totalCents)}</strong>`,
    ],
    ['Annual cost', money(plan.annualCents)],
  ])}`;
}

function noCurrentPlan(plans: ReportRatePlans): SafeHtml {
  return plans.rateSchedule
    ? html`<p class="note">The statement${plans.statementDate ? ` of ${plans.statementDate}` : ''} names the rate schedule “${plans.rateSchedule}”, which is none of the plans below; they are ranked without a current plan.</p>`
    : html`<p class="note">No statement names a rate schedule, so the plans are ranked without a current plan.</p>`;
}

function ranking(plans: ReportRatePlans, current: ReportRatePlan | undefined): SafeHtml {
  const columns: Column[] = [
    { label: 'Rank', numeric: true },
    { label: 'Plan' },
    { label: 'Bills over the period', numeric: true },
    { label: 'Annual cost', numeric: true },
    ...(current ? [{ label: 'Difference to current', numeric: true }] : []),
  ];
  const rows = plans.plans.map((plan): HtmlValue[] => [
    String(plan.rank),
    html`<strong>${plan.name}</strong>${plan.current ? ' (current)' : ''}${provenance(plan)}`,
    money(plan.totalCents),
    money(plan.annualCents),
    ...(current ? [plan.current ? '—' : difference(plan.differenceCents)] : []),
  ]);
  return html`<h3>Plans ranked by annual cost</h3>
${table(columns, rows, {
  caption: current
    ? 'Cheapest first; a negative difference is a saving on the current plan.'
    : 'Cheapest first.',
  stack: true,
})}`;
}

/** The bills month by month under the current plan and the cheapest one. */
function monthly(current: ReportRatePlan | undefined, cheapest: ReportRatePlan): SafeHtml {
  const shown = current && current !== cheapest ? [current, cheapest] : [current ?? cheapest];
  const first = shown[0] as ReportRatePlan;
  const monthOf = (m: ReportRatePlan['months'][number]) =>
    `${formatMonth(m.start.slice(0, 7))}${m.partial ? ` (${m.days} days)` : ''}`;
  const labelOf = (plan: ReportRatePlan) => `${plan.name}${plan.current ? ' (current)' : ''}`;
  const columns: Column[] = [
    { label: 'Month' },
    ...shown.map((plan) => ({ label: labelOf(plan), numeric: true })),
  ];
  const rows = first.months.map((m, i) => [
    monthOf(m),
    ...shown.map((plan) => {
      const bill = plan.months[i];
      return bill ? money(bill.totalCents) : '—';
    }),
  ]);
  const footer = ['Total', ...shown.map((plan) => money(plan.totalCents))];
  const chart = barChart({
    title: 'Monthly bills by plan',
    unit: 'USD',
    labels: first.months.map((m) => formatMonth(m.start.slice(0, 7))),
    ticks: first.months.map((m, i) => ({
      text: formatMonth(m.start.slice(0, 7)).slice(0, 3),
      sub: i === 0 || m.start.slice(5, 7) === '01' ? m.start.slice(0, 4) : null,
    })),
    series: shown.map((plan, k) => ({
      name: labelOf(plan),
      color: k === 0 && plan.current ? CURRENT : CHEAPEST,
      values: plan.months.map((m) => m.totalCents / 100),
    })),
    describe: (label, s, v) => `${label}, ${s.name}: ${formatMoney(v)}`,
  });
  const title = current
    ? current === cheapest
      ? 'Monthly bills on the current plan, the cheapest'
      : 'Monthly bills on the current and the cheapest plan'
    : 'Monthly bills on the cheapest plan';
  return html`<h3>${title}</h3>
${table(columns, rows, { footer, caption: 'Each local calendar month’s bill, as the plan prices it.' })}
${figure(chart, `${title}.`)}`;
}

function notes(plans: ReportRatePlans): SafeHtml | null {
  const all = [
    ...plans.notes,
    ...new Set(plans.plans.flatMap((plan) => plan.notes.map((n) => `${plan.name}: ${n}`))),
  ];
  if (all.length === 0) return null;
  return html`<ul class="notes">${all.map((n) => html`<li>${n}</li>`)}</ul>`;
}
