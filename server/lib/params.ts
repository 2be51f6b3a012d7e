import { z } from 'zod';
import { rowId } from '../../common/api.ts';

/** `:id` in a route path: a positive integer that fits the id columns. */
export const IdParams = z.object({ id: rowId() });
