import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ProviderHealth, ProvidersHealth } from '../../../common/portal-health.ts';
import { IdParams } from '../../lib/params.ts';
import type { Services } from '../../services.ts';

/** Each utility's health, for admins: the reasons of failures are the service's own. */
export function portalHealthRoutes(
  app: FastifyInstance,
  { portalHealth }: Pick<Services, 'portalHealth'>,
) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/providers/health',
    { config: { access: 'admin' }, schema: { response: { 200: ProvidersHealth } } },
    async () => ({ providers: await portalHealth.list() }),
  );

  api.get(
    '/api/providers/:id/health',
    {
      config: { access: 'admin' },
      schema: { params: IdParams, response: { 200: ProviderHealth } },
    },
    async (request) => portalHealth.forProvider(request.params.id),
  );
}
