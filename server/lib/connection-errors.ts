/**
 * Whether an error says that the database connection is gone: the server restarted, failed
 * over, or closed the connection (an idle timeout, an administrator), or refuses new ones for a
 * moment. Nothing is wrong with the request or the job that met it; the pool opens a new
 * connection for the next query. Other errors (a bad statement, a broken constraint, a bug) say
 * no such thing.
 */
export function isConnectionLost(error: unknown): boolean {
  return someCause(error, (cause) => {
    const { code, message } = cause as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (CONNECTION_CODES.has(code) || code.startsWith('08'))) {
      return true;
    }
    return typeof message === 'string' && CONNECTION_MESSAGES.some((m) => message.includes(m));
  });
}

/**
 * PostgreSQL's "connection exception" class is 08 (checked by prefix). 57P01: terminated by an
 * administrator (or a fast shutdown); 57P02: the server crashed; 57P03: it is starting or
 * stopping. The rest are the socket's own words.
 */
const CONNECTION_CODES = new Set([
  '57P01',
  '57P02',
  '57P03',
  'ECONNRESET',
  'ECONNREFUSED',
  'EPIPE',
]);

/** What node-postgres says when the socket closed under it, and of a client left unusable. */
const CONNECTION_MESSAGES = [
  'Connection terminated',
  'terminating connection',
  'Client has encountered a connection error and is not queryable',
];

/**
 * Looks through an error and what it wraps: Drizzle wraps the driver's error (`cause`), and a
 * refused connection to a host with several addresses is one error per address (`errors`).
 */
function someCause(error: unknown, test: (cause: object) => boolean, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 5) return false;
  if (test(error)) return true;
  const { cause, errors } = error as { cause?: unknown; errors?: unknown };
  if (someCause(cause, test, depth + 1)) return true;
  return Array.isArray(errors) && errors.some((inner) => someCause(inner, test, depth + 1));
}
