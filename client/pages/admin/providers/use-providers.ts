import type { Provider, ProviderInput, ProviderUpdate } from '@common/providers.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast.ts';
import { apiRequest } from '@/lib/api.ts';

/** Admins get every provider, in full (other callers get only the active ones). */
export const PROVIDERS_QUERY_KEY = ['/api/providers'] as const;

export const SAVE_IMAGE_FAILED = 'Failed to save image information.';

function showError(error: Error) {
  toast({ title: 'Error', description: error.message, variant: 'destructive' });
}

export function useProviders() {
  return useQuery<Provider[]>({ queryKey: PROVIDERS_QUERY_KEY });
}

export function useCreateProvider() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProviderInput) => apiRequest<Provider>('POST', '/api/providers', body),
    onSuccess: (provider) => {
      toast({ title: 'Provider Added', description: `${provider.name} was added.` });
      return queryClient.invalidateQueries({ queryKey: PROVIDERS_QUERY_KEY });
    },
    onError: showError,
  });
}

export function useUpdateProvider() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: ProviderUpdate }) =>
      apiRequest<Provider>('PUT', `/api/providers/${id}`, body),
    onSuccess: (provider) => {
      toast({ title: 'Provider Updated', description: `${provider.name} was saved.` });
      return queryClient.invalidateQueries({ queryKey: PROVIDERS_QUERY_KEY });
    },
    onError: showError,
  });
}

export function useDeleteProvider() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (provider: Pick<Provider, 'id'>) =>
      apiRequest<{ message: string }>('DELETE', `/api/providers/${provider.id}`),
    onSuccess: ({ message }) => {
      toast({ title: 'Provider Deleted', description: message });
      return queryClient.invalidateQueries({ queryKey: PROVIDERS_QUERY_KEY });
    },
    onError: showError,
  });
}

/** Turns an uploaded logo's address into the public path the provider keeps (`/objects/logos/…`). */
export function useSaveProviderImage() {
  return useMutation({
    mutationFn: (uploadURL: string) =>
      apiRequest<{ objectPath: string }>('PUT', '/api/provider-images', { imageUrl: uploadURL }),
    onError: () =>
      toast({ title: 'Error', description: SAVE_IMAGE_FAILED, variant: 'destructive' }),
  });
}
