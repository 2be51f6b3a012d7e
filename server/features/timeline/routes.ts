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
      // The dashboard's and the admin pages' view: not part of the API keys' documented set.
      config: { access: 'user' },
      schema: {
        params: IdParams,
        response: { 200: Timeline },
      },
    },
    async (request) => ({
      events: await timeline.forConnection(request.params.id, currentUser(request)),
    }),
  );
}
