import type { BillingSummary } from '@common/billing.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api.ts';
import { invalidateAfterBillingChange } from '@/lib/billing-queries.ts';

/** POST /api/billing/cancel: the subscription ends with the period already paid for. */
export function useCancelSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<BillingSummary>('POST', '/api/billing/cancel'),
    onSuccess: () => invalidateAfterBillingChange(queryClient),
  });
}
