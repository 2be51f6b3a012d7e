import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { defineJob } from '../jobs/types.ts';

/**
 * Refreshes the planner's statistics. PostgreSQL's autovacuum does this on its own; the
 * embedded PGlite has no autovacuum, and without statistics the admin search picks slow plans.
 */
export const analyzeJob = defineJob({
  name: 'database-analyze',
  payload: z.object({}),
  schedule: '41 * * * *',
  async handler(_payload, { db }) {
    await db.execute(sql`analyze`);
  },
});
