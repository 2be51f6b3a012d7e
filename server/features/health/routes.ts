import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SystemWarnings } from '../../../common/api.ts';
import type { Services } from '../../services.ts';
import { readinessRoute } from './readiness.ts';

/**
 * Liveness for load balancers: answers once the database is migrated and reachable, and says
 * whether the job queue has started (it starts after the HTTP server, on a new database a few
 * seconds later).
 */
export function healthRoutes(
  app: FastifyInstance,
  services: Pick<Services, 'database' | 'queue' | 'config' | 'store' | 'browser'>,
) {
  const { database, queue, config } = services;
  readinessRoute(app, services);
  // What admins should fix about this deployment; the dashboard shows each as a warning.
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/api/system/warnings',
      { config: { access: 'admin' }, schema: { response: { 200: SystemWarnings } } },
      async () => ({ warnings: [config.credentials.warning].filter((w) => w !== undefined) }),
    );

  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/health',
    {
      config: { access: 'public' },
      schema: {
        response: {
          200: z.object({
            status: z.literal('ok'),
            database: z.string(),
            jobs: z.enum(['starting', 'ready']),
          }),
        },
      },
    },
    async () => {
      await database.db.execute(sql`select 1`);
      return {
        status: 'ok' as const,
        database: database.kind,
        jobs: queue.ready ? ('ready' as const) : ('starting' as const),
      };
    },
  );
}
