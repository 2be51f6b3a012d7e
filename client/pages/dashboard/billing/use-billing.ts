import type { BillingSummary } from '@common/billing.ts';
import { useQuery } from '@tanstack/react-query';
import { BILLING_QUERY_KEY } from '@/lib/billing-queries.ts';

/** GET /api/billing: plan, card, subscription, and whether billing is in test mode. */
export function useBilling() {
  return useQuery<BillingSummary>({ queryKey: BILLING_QUERY_KEY });
}
