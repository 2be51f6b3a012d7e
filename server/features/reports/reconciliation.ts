import { moneyText } from '../../../common/quantities.ts';
import type { CanonicalSeries } from '../../lib/intervals/index.ts';
import type { ReportBill, ReportReconciliation } from '../../lib/report/index.ts';
import type { UrdbRate } from '../../lib/tariffs/index.ts';
import { reconcileStatement } from '../../lib/tariffs/reconcile.ts';

/**
 * The period's electric charges a statement gives, and what they are made of: the utility's
 * delivery and a supplier's generation when both are printed (PG&E's statements of community
 * choice customers), else its current charges, else the delivery charges alone (which hold
 * the utility's own generation for a bundled customer). Never the amount due, which carries
 * earlier balances and payments.
 */
function chargesOf(bill: ReportBill): {
  cents?: number;
  label: string | null;
  generation?: number;
} {
  const { currentChargesCents: current, deliveryChargesCents: delivery } = bill;
  const generation = bill.generationChargesCents;
  if (delivery !== undefined && generation !== undefined) {
    return {
      cents: current ?? delivery + generation,
      label: `delivery ${moneyText(delivery)} and generation ${moneyText(generation)}`,
      generation,
    };
  }
  if (current !== undefined) return { cents: current, label: 'current charges' };
  if (delivery !== undefined) return { cents: delivery, label: 'delivery charges' };
  return { label: null };
}

/**
 * The statement's bill reproduced from the whole interval series (a statement may be older than
 * the last 12 months) under the plan its rate schedule names, against its charges; null when
 * the statement gives no billing period.
 */
export function reconciliationOf(
  series: CanonicalSeries,
  statement: ReportBill,
  plan: { name: string; startDate: string | null; rate: UrdbRate },
): ReportReconciliation | null {
  const { periodStart, periodEnd } = statement;
  if (!periodStart || !periodEnd) return null;
  const charges = chargesOf(statement);
  const result = reconcileStatement(
    series,
    plan.rate,
    {
      start: periodStart,
      end: periodEnd,
      chargesCents: charges.cents,
      generationCents: charges.generation,
      totalKWh: statement.totalKWh,
    },
    { effectiveDate: plan.startDate },
  );
  return {
    planName: plan.name,
    statementDate: statement.statementDate ?? null,
    periodStart,
    periodEnd,
    computedCents: result.computedCents,
    statementCents: result.statementCents,
    statementLabel: charges.label,
    differenceCents: result.differenceCents,
    reasons: result.reasons,
  };
}
