import type { PlanId } from '@common/billing.ts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api.ts';

/** POST /api/billing/test-card: test mode only; records the test card and the plan. */
export function useAddTestCard() {
  return useMutation({
    mutationFn: (plan: PlanId) => apiRequest<unknown>('POST', '/api/billing/test-card', { plan }),
  });
}
