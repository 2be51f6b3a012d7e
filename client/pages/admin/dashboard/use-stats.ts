import type { Stats } from '@common/connections.ts';
import { useQuery } from '@tanstack/react-query';
import { STATS_QUERY_KEY } from '../connections/use-connections.ts';

/** GET /api/stats: the four figures and their month-on-month trends. */
export function useStats() {
  return useQuery<Stats>({ queryKey: STATS_QUERY_KEY });
}
