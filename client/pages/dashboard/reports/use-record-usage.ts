import type { RecordUsageBody, RecordUsageResponse } from '@common/billing.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api.ts';
import { invalidateAfterBillingChange } from '@/lib/billing-queries.ts';

/**
 * POST /api/record-usage: requests (and pays for) a report on a connection. A declined card
 * can leave a failed record behind, so the lists are refreshed whatever the answer.
 */
export function useRecordUsage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RecordUsageBody) =>
      apiRequest<RecordUsageResponse>('POST', '/api/record-usage', body),
    onSettled: () => invalidateAfterBillingChange(queryClient),
  });
}
