import type { PlanId, SetupIntentResponse } from '@common/billing.ts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api.ts';

/**
 * POST /api/create-setup-intent: a new SetupIntent for the chosen plan (in test mode, the
 * server says so instead). A SetupIntent is used once, so the answer is dropped as soon as the
 * page is left (`gcTime: 0`) and the next visit asks for a new one.
 */
export function useSetupIntent(plan: PlanId, enabled: boolean) {
  return useQuery({
    queryKey: ['/api/create-setup-intent', plan],
    queryFn: () => apiRequest<SetupIntentResponse>('POST', '/api/create-setup-intent', { plan }),
    enabled,
    gcTime: 0,
  });
}
