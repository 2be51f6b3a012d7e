/**
 * What the API answers (503, with Retry-After) while a new embedded database is being created;
 * the client waits and shows that the service is starting. Kept apart from the zod schemas of
 * `api.ts`, so the first page's script can read it without carrying zod.
 */
export const STARTING_UP_MESSAGE = 'Starting up... The service will answer in a moment.';
/** Seconds a caller waits before asking again while the service starts. */
export const STARTING_UP_RETRY_SECONDS = 1;
