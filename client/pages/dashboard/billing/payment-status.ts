import type { PlanType, User } from '@common/api.ts';
import { formatCents, PLANS, planTypeLabel } from '@common/plans.ts';

/** A user can pay for reports once both Stripe ids (customer and card) are stored. */
export function hasPaymentMethod(user: Pick<User, 'stripeCustomerId' | 'paymentMethodId'>) {
  return Boolean(user.stripeCustomerId && user.paymentMethodId);
}

/** The plan as the dashboard names it: "Free" until one is chosen, at the basic price. */
export function planSummary(planType: PlanType): { label: string; price: string } {
  if (planType === 'premium') {
    const plan = PLANS.premium;
    return {
      label: plan.name,
      price: `${formatCents(plan.pricePerReportCents)} per report + ${formatCents(plan.monthlyFeeCents)} per month`,
    };
  }
  const plan = PLANS.basic;
  return {
    label: planTypeLabel(planType),
    price: `${formatCents(plan.pricePerReportCents)} per report`,
  };
}
