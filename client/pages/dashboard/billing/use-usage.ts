import type { UsageResponse } from '@common/billing.ts';
import { useQuery } from '@tanstack/react-query';
import { USAGE_QUERY_KEY } from '@/lib/billing-queries.ts';

/** GET /api/usage: the user's report requests and what they cost. */
export function useUsage() {
  return useQuery<UsageResponse>({ queryKey: USAGE_QUERY_KEY });
}
