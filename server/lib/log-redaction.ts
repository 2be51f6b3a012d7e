import type { FastifyRequest } from 'fastify';

/** Query parameters whose values are credentials (one-time password links, signed links). */
const SECRET_PARAMS = /([?&](?:token|signature|sig|key|X-Amz-Signature|X-Amz-Credential)=)[^&#]*/gi;

/** A request address as it may be logged: secret query values replaced by `[redacted]`. */
export const redactUrl = (url: string) => url.replace(SECRET_PARAMS, '$1[redacted]');

/** Fastify's request serializer, but the URL without the secrets a link may carry. */
export function requestSerializer(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
