import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiKey, CreatedApiKey, NewApiKeyBody } from '../../../common/api-keys.ts';
import { IdParams } from '../../lib/params.ts';
import { currentUser } from '../../plugins/access.ts';
import type { Services } from '../../services.ts';

/**
 * A premium user's API keys, managed from the dashboard: signed-in sessions only (these routes
 * do not take keys, so a leaked key cannot mint others or hide its tracks).
 */
export function apiKeyRoutes(app: FastifyInstance, { apiKeys }: Pick<Services, 'apiKeys'>) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/api-keys',
    { config: { access: 'user' }, schema: { response: { 200: z.array(ApiKey) } } },
    async (request) => apiKeys.list(currentUser(request)),
  );

  api.post(
    '/api/api-keys',
    {
      config: { access: 'user' },
      schema: { body: NewApiKeyBody, response: { 201: CreatedApiKey } },
    },
    async (request, reply) => {
      const created = await apiKeys.create(currentUser(request), request.body.name);
      return reply.code(201).send(created);
    },
  );

  api.delete(
    '/api/api-keys/:id',
    { config: { access: 'user' }, schema: { params: IdParams, response: { 200: ApiKey } } },
    async (request) => apiKeys.revoke(currentUser(request), request.params.id),
  );
}
