/** The one error type services throw; the error handler turns it into `{ message }`. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly code = 'error',
  ) {
    super(message);
    this.name = 'AppError';
  }
}

/**
 * Refused for now (429 unless told otherwise): the answer's Retry-After header says how many
 * seconds to wait.
 */
export class RetryLaterError extends AppError {
  constructor(
    message: string,
    readonly retryAfterSec: number,
    statusCode = 429,
    code = 'rate_limited',
  ) {
    super(statusCode, message, code);
  }
}

/** Seconds to wait after the database was out of reach: about what a restart or failover takes. */
const DATABASE_AWAY_RETRY_SECONDS = 5;

/**
 * The database was out of reach (a restart, a failover, a dropped connection): 503 with
 * Retry-After. Nothing was wrong with the request; sent again a little later, it goes through.
 * Unlike the start-up answer, the client does not send it again by itself: part of the request
 * may have been done, and the user decides.
 */
export const databaseAway = () =>
  new RetryLaterError(
    'The service is briefly unavailable. Please try again in a few seconds.',
    DATABASE_AWAY_RETRY_SECONDS,
    503,
    'unavailable',
  );

export const badRequest = (message: string) => new AppError(400, message, 'bad_request');
export const unauthorized = (message = 'Not signed in') =>
  new AppError(401, message, 'unauthorized');
export const forbidden = (message = 'You do not have access to this') =>
  new AppError(403, message, 'forbidden');
export const notFound = (message = 'Not found') => new AppError(404, message, 'not_found');
export const conflict = (message: string) => new AppError(409, message, 'conflict');

/**
 * Text that PostgreSQL can store: it refuses the NUL character in text columns and the \u0000
 * escape in JSON, and a reason that quotes a broken upload may carry either. Each becomes the
 * replacement character, so the reason still shows where the file was broken.
 */
export const storableText = (text: string): string =>
  text.includes('\u0000') ? text.replaceAll('\u0000', '\uFFFD') : text;

/** The same for every text inside a value (a job's error as pg-boss records it). */
export function storableValue(value: unknown): unknown {
  if (typeof value === 'string') return storableText(value);
  if (Array.isArray(value)) return value.map(storableValue);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, storableValue(v)]));
  }
  return value;
}
