import { PRIORITY_TURNAROUND, STANDARD_TURNAROUND } from './turnaround.ts';

/**
 * The one set of prices. Every page and billing read them from here, so a price shown is
 * always the price charged.
 */
export type PlanId = 'basic' | 'premium';

export type Plan = {
  id: PlanId;
  name: string;
  description: string;
  /** Price of one report, in cents. */
  pricePerReportCents: number;
  /** Subscription fee per month, in cents. */
  monthlyFeeCents: number;
  setupFeeCents: number;
  features: string[];
  popular: boolean;
  buttonText: string;
  color: 'blue' | 'purple';
  turnaround: string;
};

export const PLANS: Record<PlanId, Plan> = {
  basic: {
    id: 'basic',
    name: 'Pay-Per-Report',
    description: 'Pay only for the reports you request. No monthly commitment.',
    pricePerReportCents: 2999,
    monthlyFeeCents: 0,
    setupFeeCents: 0,
    features: [
      '2 most recent utility statements (PDF)',
      '15-minute interval data files (CSV)',
      'Account information, usage (kWh) and cost',
      'Load-profile charts and data quality summary',
      'Delivered by email and download',
      STANDARD_TURNAROUND,
    ],
    popular: false,
    buttonText: 'Choose Pay-Per-Report',
    color: 'blue',
    turnaround: STANDARD_TURNAROUND,
  },
  premium: {
    id: 'premium',
    name: 'Monthly Subscription',
    description: 'For teams that order reports every month. Save 16% on every report.',
    pricePerReportCents: 2500,
    monthlyFeeCents: 2500,
    setupFeeCents: 0,
    features: [
      'Everything in Pay-Per-Report',
      '$25 per report (16% savings)',
      PRIORITY_TURNAROUND,
      'API access',
      'Usage billed once at month end',
      'Cancel anytime',
    ],
    popular: true,
    buttonText: 'Choose Monthly Subscription',
    color: 'purple',
    turnaround: PRIORITY_TURNAROUND,
  },
};

export const PLAN_LIST: Plan[] = [PLANS.basic, PLANS.premium];

export function planById(id: string | null | undefined): Plan {
  return id === 'premium' ? PLANS.premium : PLANS.basic;
}

/** "$29.99", "$25", "$0": whole dollars drop their cents. */
export function formatCents(cents: number): string {
  const dollars = cents / 100;
  return Number.isInteger(dollars) ? `$${dollars}` : `$${dollars.toFixed(2)}`;
}

/** A user's plan as every page names it: the plan's name, or Free before one is chosen. */
export function planTypeLabel(planType: 'free' | PlanId): string {
  return planType === 'free' ? 'Free' : PLANS[planType].name;
}
