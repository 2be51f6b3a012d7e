import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import type { JobQueue } from '../../jobs/queue.ts';

/**
 * Liveness for load balancers: answers once the database is migrated and reachable, and says
 * whether the job queue has started (it starts after the HTTP server, on a new database a few
 * seconds later).
 */
export function healthRoutes(app: FastifyInstance, deps: { database: Database; queue: JobQueue }) {
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
      await deps.database.db.execute(sql`select 1`);
      return {
        status: 'ok' as const,
        database: deps.database.kind,
        jobs: deps.queue.ready ? ('ready' as const) : ('starting' as const),
      };
    },
  );
}
