import type { AttentionPage } from '@common/attention.ts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api.ts';

const ATTENTION_QUERY_KEY = ['/api/admin/attention'] as const;
/** The list changes as checks, codes and retrievals finish: read again every minute. */
const ATTENTION_POLL_MS = 60_000;

/** GET /api/admin/attention: one page of what waits for a person, most urgent first. */
export function useAttention(page: number) {
  return useQuery({
    queryKey: [...ATTENTION_QUERY_KEY, page],
    queryFn: () => apiRequest<AttentionPage>('GET', `/api/admin/attention?page=${page}`),
    // The list counts everything; the pagination's "1,000+" never applies.
    select: (data) => ({ ...data, totalCapped: false }),
    placeholderData: keepPreviousData,
    refetchInterval: ATTENTION_POLL_MS,
  });
}
