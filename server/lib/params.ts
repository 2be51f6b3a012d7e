import { z } from 'zod';

/** The largest value of a PostgreSQL `integer` (serial) column. */
export const MAX_ROW_ID = 2_147_483_647;

/** `:id` in a route path: a positive integer that fits the id columns. */
export const IdParams = z.object({
  id: z.coerce
    .number({ error: 'Invalid id' })
    .int('Invalid id')
    .positive('Invalid id')
    .max(MAX_ROW_ID, 'Invalid id'),
});
