import type { BillingSummary, PlanId } from '@common/billing.ts';
import { formatCents, PLANS } from '@common/plans.ts';
import { formatLongDate } from './usage-display.ts';

/** The other plan a paying user can switch to; none before a plan is chosen. */
export function switchTarget(plan: BillingSummary['plan']): PlanId | null {
  if (plan === 'basic') return 'premium';
  if (plan === 'premium') return 'basic';
  return null;
}

export function switchLabel(target: PlanId): string {
  return `Switch to ${PLANS[target].name}`;
}

type Confirmation = { title: string; description: string; confirmLabel: string };

function periodEndText(periodEnd: string | null): string {
  return periodEnd ? ` (${formatLongDate(periodEnd)})` : '';
}

/** What a switch does, said before it is done. */
export function switchConfirmation(target: PlanId, periodEnd: string | null): Confirmation {
  const basic = PLANS.basic;
  const premium = PLANS.premium;
  if (target === 'premium') {
    return {
      title: `Switch to ${premium.name}?`,
      description:
        `The ${formatCents(premium.monthlyFeeCents)} monthly fee starts today, charged to your ` +
        `card on file. Each report then costs ${formatCents(premium.pricePerReportCents)}, ` +
        'billed at month end.',
      confirmLabel: 'Start subscription',
    };
  }
  return {
    title: `Switch to ${basic.name}?`,
    description:
      `Your subscription is not renewed after the current period${periodEndText(periodEnd)}. ` +
      `Reports then cost ${formatCents(basic.pricePerReportCents)} each, charged when you ` +
      'request them.',
    confirmLabel: 'Switch plan',
  };
}

/** Cancelling keeps the period already paid for. */
export function cancelConfirmation(periodEnd: string | null): Confirmation {
  return {
    title: 'Cancel your subscription?',
    description:
      `It stays active until the end of the current period${periodEndText(periodEnd)} and is ` +
      'not renewed. Nothing more is charged for the monthly fee.',
    confirmLabel: 'Cancel subscription',
  };
}
