import type { ProviderHealth, ProvidersHealth } from '@common/portal-health.ts';
import { useQuery } from '@tanstack/react-query';

/** Health changes as checks finish, not as admins edit: read it again every few minutes. */
const HEALTH_REFRESH_MS = 5 * 60_000;

/** GET /api/providers/health: every utility's health, by provider id. */
export function useProvidersHealth() {
  return useQuery<ProvidersHealth, Error, Map<number, ProviderHealth>>({
    queryKey: ['/api/providers/health'],
    select: (data) => new Map(data.providers.map((health) => [health.providerId, health])),
    refetchInterval: HEALTH_REFRESH_MS,
  });
}

/** GET /api/providers/:id/health: one utility's health, for its edit dialog. */
export function useProviderHealth(providerId: number) {
  // Opening the dialog reads the figures afresh.
  return useQuery<ProviderHealth>({
    queryKey: ['/api/providers', providerId, 'health'],
    staleTime: 0,
  });
}
