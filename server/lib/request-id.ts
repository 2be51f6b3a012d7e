import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

/** The header a balancer or a caller may send its own id in, and that every answer carries. */
const REQUEST_ID_HEADER = 'x-request-id';

/**
 * An id taken from outside is written into every log line of the request: it must stay short
 * and plain, so that it can neither forge log fields nor flood them.
 */
const SANE_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/**
 * Fastify's `genReqId`: the caller's `X-Request-Id` when it is sane (so one id follows a request
 * through a balancer into our logs), otherwise a new random one.
 */
export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && SANE_ID.test(given) ? given : randomUUID();
}

/** Every answer says which id its log lines (and its jobs' lines) carry. */
export function echoRequestId(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
}
