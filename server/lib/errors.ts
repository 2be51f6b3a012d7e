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

/** Refused for now (429): the answer's Retry-After header says how many seconds to wait. */
export class RetryLaterError extends AppError {
  constructor(
    message: string,
    readonly retryAfterSec: number,
  ) {
    super(429, message, 'rate_limited');
  }
}

export const badRequest = (message: string) => new AppError(400, message, 'bad_request');
export const unauthorized = (message = 'Not signed in') =>
  new AppError(401, message, 'unauthorized');
export const forbidden = (message = 'You do not have access to this') =>
  new AppError(403, message, 'forbidden');
export const notFound = (message = 'Not found') => new AppError(404, message, 'not_found');
export const conflict = (message: string) => new AppError(409, message, 'conflict');
