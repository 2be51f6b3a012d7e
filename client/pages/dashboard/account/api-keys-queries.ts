import type { ApiKey, CreatedApiKey } from '@common/api-keys.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api.ts';

/** GET /api/api-keys: the user's keys, newest first (revoked and dormant ones too). */
const API_KEYS_QUERY_KEY = ['/api/api-keys'] as const;

export function useApiKeys() {
  return useQuery<ApiKey[]>({ queryKey: API_KEYS_QUERY_KEY });
}

/** POST /api/api-keys: the answer carries the key itself, the only time it is ever sent. */
export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => apiRequest<CreatedApiKey>('POST', '/api/api-keys', { name }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: API_KEYS_QUERY_KEY }),
  });
}

/** DELETE /api/api-keys/:id: the key stops working at once. */
export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest<ApiKey>('DELETE', `/api/api-keys/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: API_KEYS_QUERY_KEY }),
  });
}
