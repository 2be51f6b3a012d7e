import { QueryClient, type QueryFunction } from '@tanstack/react-query';
import { ApiError, apiRequest } from './api.ts';

/** The URL of a query: its key parts joined with '/', so a key names what it reads. */
export function queryKeyToUrl(queryKey: readonly unknown[]): string {
  return queryKey.map(String).join('/');
}

type On401 = 'returnNull' | 'throw';

/** A query function reading the key's URL; `returnNull` turns "not signed in" into null. */
export function getQueryFn<T>(options: { on401: On401 }): QueryFunction<T | null> {
  return async ({ queryKey }) => {
    try {
      return await apiRequest<T>('GET', queryKeyToUrl(queryKey));
    } catch (error) {
      if (options.on401 === 'returnNull' && error instanceof ApiError && error.status === 401) {
        return null;
      }
      throw error;
    }
  };
}

/** Queries never refetch by themselves, never go stale and never retry; writes never retry. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        refetchOnWindowFocus: false,
        refetchInterval: false,
        staleTime: Number.POSITIVE_INFINITY,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
