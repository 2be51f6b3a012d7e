import type { RecordUsageResponse } from '@common/billing.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api.ts';
import { invalidateAfterBillingChange } from '@/lib/billing-queries.ts';

/**
 * POST /api/usage/:id/confirm: after the cardholder confirmed a charge with Stripe.js, the
 * server re-reads the payment and starts the report.
 */
export function useConfirmUsage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (usageId: number) =>
      apiRequest<RecordUsageResponse>('POST', `/api/usage/${usageId}/confirm`),
    onSettled: () => invalidateAfterBillingChange(queryClient),
  });
}
