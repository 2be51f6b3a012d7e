import type { PublicProvider } from '@common/providers.ts';
import { useQuery } from '@tanstack/react-query';

/**
 * GET /api/providers, the ones a customer may choose. Anonymous callers get only active
 * providers; a signed-in admin testing the form gets all of them, hence the filter.
 */
export function useActiveProviders() {
  return useQuery<PublicProvider[], Error, PublicProvider[]>({
    queryKey: ['/api/providers'],
    select: (providers) => providers.filter((provider) => provider.isActive),
  });
}
