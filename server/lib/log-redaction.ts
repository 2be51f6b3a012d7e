import type { FastifyInstance, FastifyRequest } from 'fastify';
import pino from 'pino';

/** Query parameters whose values are credentials (one-time password links, signed links). */
const SECRET_PARAMS = /([?&](?:token|signature|sig|key|X-Amz-Signature|X-Amz-Credential)=)[^&#]*/gi;

/**
 * Paths whose next segment is a credential: the code page a code-request email links to, and
 * the API it calls (anyone holding the token can type a code into the customer's login); the
 * customer's login check and the emailed fix page, and their APIs (the token lets its holder
 * replace the customer's login). The customer form's link is left alone: it is public, printed
 * on purpose for customers to visit.
 */
const SECRET_SEGMENTS =
  /^(\/+(?:api\/+mfa|form\/+code|api\/+login-check|api\/+login-fix|form\/+fix)\/+)[^/?#]+/i;

/**
 * A request address as it may be logged: secret query values and secret path segments
 * replaced by `[redacted]`.
 */
export const redactUrl = (url: string) =>
  url.replace(SECRET_SEGMENTS, '$1[redacted]').replace(SECRET_PARAMS, '$1[redacted]');

/** Fastify's request serializer, but the URL without the secrets a link may carry. */
function requestSerializer(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/**
 * Keys whose values never reach a log line: credentials, and the personal fields of customers
 * and users (names of people are logged nowhere by key; these are the ones that hold them).
 */
const REDACTED_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  '*.password',
  '*.utilityPassword',
  '*.utilityUsername',
  '*.token',
  '*.email',
  '*.phone',
  '*.address',
  '*.serviceAddress',
  '*.accountName',
  '*.accountNumber',
  '*.body',
];

type SerializedError = Record<string, unknown> & { type: string; message: string; stack: string };

/** Drizzle writes a failed query's parameters into its message (and so its stack). */
const PARAMS_IN_TEXT = /\nparams: [\s\S]*?(?=\n\s+at |$)/;

function withoutValues(error: SerializedError): SerializedError {
  const out: SerializedError = { ...error };
  // Bound values (names, emails, addresses, sealed credentials) and the database's echo of
  // them ("Key (email)=(...) already exists") stay out; the query text has only placeholders.
  for (const key of ['params', 'parameters', 'values', 'detail', 'where']) delete out[key];
  for (const key of ['message', 'stack'] as const) {
    if (typeof out[key] === 'string')
      out[key] = out[key].replace(PARAMS_IN_TEXT, '\nparams: [redacted]');
  }
  if (out.cause && typeof out.cause === 'object') {
    const cause = out.cause instanceof Error ? pino.stdSerializers.err(out.cause) : out.cause;
    out.cause = withoutValues(cause as SerializedError);
  }
  return out;
}

/** pino's error serializer, without the values a failed query carries. */
function errorSerializer(error: Error): SerializedError {
  return withoutValues(pino.stdSerializers.err(error) as unknown as SerializedError);
}

/** The logger options of every process: levels aside, what may and may not be written. */
export const logRedaction = {
  redact: REDACTED_PATHS,
  serializers: { req: requestSerializer, err: errorSerializer },
};

/**
 * One line per answered request (Fastify's own two lines per request are turned off). A refused
 * request (429) is logged at most once a minute per address and route: a flood of them is one line,
 * not megabytes.
 */
export function registerRequestLog(app: FastifyInstance) {
  const refused = new Map<string, number>();
  app.addHook('onResponse', (request, reply, done) => {
    const line = {
      req: request,
      res: { statusCode: reply.statusCode },
      responseTime: reply.elapsedTime,
    };
    if (reply.statusCode !== 429) {
      request.log.info(line, 'request completed');
      return done();
    }
    // A minute from the last line, not the clock's minute: a flood that crossed one wrote two.
    const now = Date.now();
    const key = `${request.ip} ${request.routeOptions.url ?? request.url}`;
    const last = refused.get(key);
    if (last !== undefined && now - last < 60_000) return done();
    if (refused.size > 10_000) refused.clear();
    refused.set(key, now);
    request.log.warn(
      line,
      'too many requests: refused (further refusals in the next minute are not logged)',
    );
    done();
  });
}
