import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { defineJob } from '../lib/jobs/types.ts';
import type { Db } from './client.ts';

/**
 * Refreshes the planner's statistics. PostgreSQL's autovacuum does this on its own; the
 * embedded PGlite has no autovacuum, and without statistics the admin search picks slow plans.
 */
export const analyzeJob = defineJob({
  name: 'database-analyze',
  payload: z.object({}),
  schedule: '41 * * * *',
  async handler(_payload, { db }: { db: Db }) {
    await db.execute(sql`analyze`);
  },
});
