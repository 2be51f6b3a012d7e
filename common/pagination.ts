import { z } from 'zod';

/**
 * Cursor pagination of the lists an API key reads (newest first). Without `cursor` and `limit`
 * a list answers what the dashboard has always received; `nextCursor` leads to the next page
 * and is null on the last one.
 */
export const PageQuery = z.object({
  cursor: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,200}$/, 'Invalid cursor')
    .optional()
    .describe('The `nextCursor` of the previous page'),
  limit: z.coerce
    .number({ error: 'limit must be a number from 1 to 100' })
    .int('limit must be a number from 1 to 100')
    .min(1, 'limit must be a number from 1 to 100')
    .max(100, 'limit must be a number from 1 to 100')
    .optional()
    .describe('Items per page, 1 to 100'),
});
export type PageQuery = z.infer<typeof PageQuery>;

export const NextCursor = z
  .string()
  .nullable()
  .describe('Pass as `cursor` for the next page; null on the last page');

/** The header that carries the next page's cursor on lists answered as a bare array. */
export const NEXT_CURSOR_HEADER = 'next-cursor';
