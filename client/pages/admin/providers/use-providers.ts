import type { Provider, ProviderInput, ProviderUpdate } from '@common/providers.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast.ts';
import { apiRequest } from '@/lib/api.ts';
import { showError, showErrorAs } from '@/lib/error-toast.ts';

/** Admins get every provider, in full (other callers get only the active ones). */
const PROVIDERS_QUERY_KEY = ['/api/providers'] as const;

const SAVE_IMAGE_FAILED = 'Failed to save image information.';

export function useProviders() {
  return useQuery<Provider[]>({ queryKey: PROVIDERS_QUERY_KEY });
}

/**
 * The POST of a new provider (which takes no selectors) was done but the PUT of its selectors
 * failed: the provider exists, so the dialog closes rather than invite a duplicate.
 */
export class SelectorsNotSavedError extends Error {
  override name = 'SelectorsNotSavedError';

  constructor(
    readonly provider: Provider,
    cause: Error,
  ) {
    super(`${provider.name} was added, but its login selectors were not saved: ${cause.message}`);
  }
}

/**
 * POST /api/providers, then, when the admin chose login selectors on the new provider, PUT
 * them onto it (POST takes no selectors).
 */
export function useCreateProvider() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      body,
      selectors,
    }: {
      body: ProviderInput;
      /** The whole update (PUT needs name and state too) carrying the chosen selectors. */
      selectors: ProviderUpdate | null;
    }) => {
      const provider = await apiRequest<Provider>('POST', '/api/providers', body);
      if (!selectors) return provider;
      try {
        return await apiRequest<Provider>('PUT', `/api/providers/${provider.id}`, selectors);
      } catch (error) {
        throw new SelectorsNotSavedError(provider, error as Error);
      }
    },
    onSuccess: (provider) => {
      toast({ title: 'Provider Added', description: `${provider.name} was added.` });
      return queryClient.invalidateQueries({ queryKey: PROVIDERS_QUERY_KEY });
    },
    onError: (error) => {
      showError(error);
      if (error instanceof SelectorsNotSavedError) {
        return queryClient.invalidateQueries({ queryKey: PROVIDERS_QUERY_KEY });
      }
    },
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
    onError: showErrorAs({ description: SAVE_IMAGE_FAILED }),
  });
}
