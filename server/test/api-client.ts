import type { FastifyInstance, InjectOptions } from 'fastify';
import createClient from 'openapi-fetch';
import type { paths } from '../../common/api-v1-types.ts';

/** Statuses whose answer has no body (a Response refuses one). */
const NO_BODY = new Set([101, 204, 205, 304]);

/**
 * The API as a client generated from its OpenAPI document calls it: `openapi-fetch` typed by
 * the generated `paths`, with the key as `Authorization: Bearer`, its requests sent through
 * `app.inject()` (no listening server). A test written with it stops compiling when a route's
 * documented path, parameters or answers change.
 */
export function keyClient(app: FastifyInstance, key: string) {
  return createClient<paths>({
    baseUrl: 'http://localhost',
    headers: { authorization: `Bearer ${key}` },
    fetch: async (request) => {
      const url = new URL(request.url);
      const body = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
      const res = await app.inject({
        method: request.method as InjectOptions['method'],
        url: url.pathname + url.search,
        headers: Object.fromEntries(request.headers),
        payload: body,
      });
      const headers = new Headers();
      for (const [name, value] of Object.entries(res.headers)) {
        for (const one of [value ?? []].flat()) headers.append(name, String(one));
      }
      const status = res.statusCode;
      return new Response(NO_BODY.has(status) ? null : new Uint8Array(res.rawPayload), {
        status,
        headers,
      });
    },
  });
}
