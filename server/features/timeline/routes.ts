import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { Timeline } from '../../../common/timeline.ts';
import { IdParams } from '../../lib/params.ts';
import { currentUser } from '../../plugins/access.ts';
import type { Services } from '../../services.ts';

export function timelineRoutes(app: FastifyInstance, { timeline }: Pick<Services, 'timeline'>) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  // One route for both readers: admins get every line with its detail, the owner the lines
  // about them in plain words, another user a 404.
  api.get(
    '/api/connections/:id/timeline',
    {
      config: { access: 'user', apiKey: true },
      schema: {
        summary: "A connection's history",
        description: 'What happened to the connection, newest first.',
        params: IdParams,
        response: { 200: Timeline },
      },
    },
    async (request) => ({
      events: await timeline.forConnection(request.params.id, currentUser(request)),
    }),
  );
}
