import { formatMoney } from '../format.ts';
import { html, type SafeHtml } from '../html.ts';
import type { ReportRatePlans } from '../types.ts';
import { facts } from './layout.ts';

const money = (cents: number) => formatMoney(cents / 100);
/** `+$1.20` above, `−$1.20` below the statement, `$0.00` the same. */
const signed = (cents: number) =>
  cents === 0 ? money(0) : `${cents > 0 ? '+' : '−'}${money(Math.abs(cents))}`;

/**
 * The newest statement's bill reproduced under the current plan for its own billing period, set
 * against what the statement charged, and why the two differ or cannot be compared.
 */
export function reconciliationBlock(plans: ReportRatePlans): SafeHtml | null {
  const r = plans.reconciliation;
  if (!r) return null;
  const statement = r.statementDate ? `the statement of ${r.statementDate}` : 'the statement';
  const line =
    r.computedCents !== null && r.statementCents !== null && r.differenceCents !== null
      ? html`<p><strong>Computed ${money(r.computedCents)} vs statement ${money(r.statementCents)}, difference ${signed(r.differenceCents)}.</strong></p>`
      : null;
  return html`<h3>Statement check</h3>
<p>The bill of ${statement}, reproduced from the interval data for its own billing period under ${r.planName}, against what the statement charged.</p>
${line}
${facts([
  ['Billing period', `${r.periodStart} to ${r.periodEnd}`],
  ['Computed under the plan', r.computedCents === null ? 'Not computed' : money(r.computedCents)],
  [
    'Statement charges',
    r.statementCents === null
      ? 'Not read'
      : html`${money(r.statementCents)}${r.statementLabel ? html`<div class="source">${r.statementLabel}</div>` : ''}`,
  ],
  ['Difference', r.differenceCents === null ? '—' : signed(r.differenceCents)],
])}
<ul class="notes">${r.reasons.map((reason) => html`<li>${reason}</li>`)}</ul>`;
}
