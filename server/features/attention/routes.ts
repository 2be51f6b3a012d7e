import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AttentionPage, AttentionQuery } from '../../../common/attention.ts';
import type { Services } from '../../services.ts';

/** The admins' Needs attention list: what waits for a person, most urgent first. */
export function attentionRoutes(app: FastifyInstance, { attention }: Pick<Services, 'attention'>) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/api/admin/attention',
    {
      config: { access: 'admin' },
      schema: { querystring: AttentionQuery, response: { 200: AttentionPage } },
    },
    async (request) => attention.list(request.query),
  );
}
