import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from './constants.ts';

/**
 * The API contract shared by the Fastify routes and the React pages, so a form and its endpoint
 * cannot drift apart.
 */

export { STARTING_UP_MESSAGE, STARTING_UP_RETRY_SECONDS } from './starting-up.ts';

/** GET /api/system/warnings (admins): what the deployment should fix, in plain words. */
export const SystemWarnings = z.object({ warnings: z.array(z.string()) });
export type SystemWarnings = z.infer<typeof SystemWarnings>;

/** The largest value of a PostgreSQL `integer` (serial) column: every row id fits under it. */
const MAX_ROW_ID = 2_147_483_647;

/** An id written as text: decimal digits only, no sign, spaces, leading zeros or 0x. */
const ID_DIGITS = /^[1-9]\d*$/;

/**
 * A row id from a path, a query or a body: a positive integer the id columns can hold, given as
 * a number or as its one canonical decimal text (so `0x1`, `1%0a`, `01` and `1e0` are refused,
 * not read as 1).
 */
export const rowId = (message = 'Invalid id', tooLarge = message) =>
  z.preprocess(
    (value) =>
      typeof value === 'string' ? (ID_DIGITS.test(value) ? Number(value) : Number.NaN) : value,
    z.number({ error: message }).int(message).positive(message).max(MAX_ROW_ID, tooLarge),
  );

/** A page number of a paged list. */
export const pageNumber = z.coerce.number().int().min(1).max(100_000).default(1);

/** The days a date filter or field may name: the calendar PostgreSQL and JavaScript share. */
const FIRST_DAY = '1900-01-01';
const LAST_DAY = '2199-12-31';

/** A YYYY-MM-DD day between FIRST_DAY and LAST_DAY. */
export const calendarDate = z.iso
  .date('Dates must be YYYY-MM-DD')
  .refine((d) => d >= FIRST_DAY && d <= LAST_DAY, {
    error: `Dates must be between ${FIRST_DAY} and ${LAST_DAY}`,
  });

export const Role = z.enum(['user', 'admin']);
export type Role = z.infer<typeof Role>;

export const PlanType = z.enum(['free', 'basic', 'premium']);
export type PlanType = z.infer<typeof PlanType>;

export const User = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string().nullable(),
  role: Role,
  createdAt: z.iso.datetime(),
  stripeCustomerId: z.string().nullable(),
  paymentMethodId: z.string().nullable(),
  planType: PlanType,
  uniqueFormUrl: z.string(),
});
export type User = z.infer<typeof User>;

const username = z
  .string({ error: 'Username is required' })
  .trim()
  .min(1, 'Username is required')
  .max(50, 'Username must be at most 50 characters')
  .regex(
    /^[\p{L}\p{N}._@-]+$/u,
    'Username may contain letters, digits, dots, dashes, underscores and @',
  );

export { PASSWORD_MIN_LENGTH };

/** The rules for a password a user chooses (registration, set-password links, profile). */
export const newPassword = z
  .string({ error: 'Password is required' })
  .min(1, 'Password is required')
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(256, 'Password must be at most 256 characters');

/**
 * The longest name a sign-in accepts: well above the 50 characters of a registered or added
 * username (the configured first admin's name is not held to those), and far below a length
 * that would be costly to count as a failed sign-in. Longer names are refused as bad input.
 */
const LOGIN_USERNAME_MAX = 254;

export const LoginBody = z.object({
  username: z
    .string({ error: 'Username is required' })
    .trim()
    .min(1, 'Username is required')
    .max(LOGIN_USERNAME_MAX, `Username must be at most ${LOGIN_USERNAME_MAX} characters`),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(256),
});
export type LoginBody = z.infer<typeof LoginBody>;

export const RegisterBody = z.object({
  username,
  email: z
    .preprocess(
      (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
      z.email('Please enter a valid email address').max(254).nullable(),
    )
    .default(null),
  password: newPassword,
});
export type RegisterBody = z.infer<typeof RegisterBody>;
