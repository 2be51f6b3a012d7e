import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';

/** Liveness for load balancers: answers once the database is migrated and reachable. */
export function healthRoutes(app: FastifyInstance, deps: { database: Database }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/health',
    {
      config: { access: 'public' },
      schema: { response: { 200: z.object({ status: z.literal('ok'), database: z.string() }) } },
    },
    async () => {
      await deps.database.db.execute(sql`select 1`);
      return { status: 'ok' as const, database: deps.database.kind };
    },
  );
}
