import type { Connection } from '@common/connections.ts';
import { useQuery } from '@tanstack/react-query';

export const MY_CONNECTIONS_QUERY_KEY = ['/api/my-connections'] as const;

/** GET /api/my-connections: the signed-in user's own connections, newest first. */
export function useMyConnections() {
  return useQuery<Connection[]>({ queryKey: MY_CONNECTIONS_QUERY_KEY });
}
