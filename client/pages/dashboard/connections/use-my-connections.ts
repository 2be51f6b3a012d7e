import type { Connection } from '@common/connections.ts';
import { useQuery } from '@tanstack/react-query';
import { MY_CONNECTIONS_QUERY_KEY } from '@/lib/billing-queries.ts';

/** GET /api/my-connections: the signed-in user's own connections, newest first. */
export function useMyConnections() {
  return useQuery<Connection[]>({ queryKey: MY_CONNECTIONS_QUERY_KEY });
}
