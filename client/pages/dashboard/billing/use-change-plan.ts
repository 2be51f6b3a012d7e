import type { BillingSummary, PlanId } from '@common/billing.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api.ts';
import { invalidateAfterBillingChange } from '@/lib/billing-queries.ts';

/**
 * POST /api/billing/plan: to premium starts the subscription, to basic cancels it at the end
 * of the period.
 */
export function useChangePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (plan: PlanId) => apiRequest<BillingSummary>('POST', '/api/billing/plan', { plan }),
    onSuccess: () => invalidateAfterBillingChange(queryClient),
  });
}
