import { z } from 'zod';

/** `:id` in a route path: a positive integer. */
export const IdParams = z.object({ id: z.coerce.number().int().positive('Invalid id') });
