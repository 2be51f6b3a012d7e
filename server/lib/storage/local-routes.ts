import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { forbidden, notFound } from '../errors.ts';
import { attachmentDisposition, tooLarge } from './keys.ts';
import { LOCAL_STORAGE_ROUTE, type LocalObjectStore } from './local.ts';

const Params = z.object({ '*': z.string() });
const Query = z.object({
  op: z.string().optional(),
  exp: z.string().optional(),
  max: z.string().optional(),
  size: z.string().optional(),
  type: z.string().optional(),
  name: z.string().optional(),
  sig: z.string().optional(),
});

/** Types a browser may show in place; anything else (HTML, SVG, ...) is always a download. */
const INLINE_TYPES = new Set([
  'application/pdf',
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'text/plain',
  'text/csv',
]);

/**
 * Serves the local store's signed URLs: PUT receives an upload, GET (and HEAD) a download.
 * The signature is the authorization, so the routes are public. The body parsers are replaced
 * inside this plugin only, so the rest of the app keeps its JSON parsing and 1 MB limit.
 */
export async function localStorageRoutes(
  app: FastifyInstance,
  { store }: { store: LocalObjectStore },
) {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    // Any content type: hand the request stream to the handler unread.
    scope.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
    const routes = scope.withTypeProvider<ZodTypeProvider>();

    routes.put(
      `${LOCAL_STORAGE_ROUTE}/*`,
      { config: { access: 'public' }, schema: { params: Params, querystring: Query } },
      async (request, reply) => {
        try {
          const grant = store.verify('put', request.params['*'], request.query);
          const sentType = request.headers['content-type'] ?? '';
          if (sentType.toLowerCase() !== grant.type.toLowerCase()) {
            throw forbidden(`This upload must be sent as ${grant.type}`);
          }
          const declared = request.headers['content-length'];
          if (declared !== undefined && Number(declared) > grant.max) throw tooLarge(grant.max);
          const body = request.body instanceof Readable ? request.body : Readable.from([]);
          const { etag } = await store.receive(grant, body);
          return reply.header('etag', etag).code(200).send();
        } catch (error) {
          // Whatever is left of a refused body is not worth reading on this connection.
          reply.header('connection', 'close');
          throw error;
        }
      },
    );

    // The same grant sent as a form (Uppy's companion-style single request): the signed fields,
    // then the file. Only the file part is stored; its type must be the signed one.
    await scope.register(multipart, { limits: { files: 1, fields: 10, fieldSize: 2048 } });
    routes.post(
      `${LOCAL_STORAGE_ROUTE}/*`,
      { config: { access: 'public' }, schema: { params: Params, querystring: Query } },
      async (request, reply) => {
        try {
          const grant = store.verify('put', request.params['*'], request.query);
          if (!request.isMultipart()) throw forbidden('This upload must be sent as a form');
          // One byte over the limit lets receive() tell "too large" from "exactly the limit".
          const part = await request.file({ limits: { fileSize: grant.max + 1 } });
          if (!part) throw forbidden('The form has no file');
          const fieldType = part.fields['Content-Type'];
          const sentType =
            fieldType && 'value' in fieldType ? String(fieldType.value) : part.mimetype;
          if (sentType.toLowerCase() !== grant.type.toLowerCase()) {
            throw forbidden(`This upload must be sent as ${grant.type}`);
          }
          const { etag } = await store.receive(grant, part.file);
          return reply.header('etag', etag).code(204).send();
        } catch (error) {
          reply.header('connection', 'close');
          throw error;
        }
      },
    );

    routes.get(
      `${LOCAL_STORAGE_ROUTE}/*`,
      { config: { access: 'public' }, schema: { params: Params, querystring: Query } },
      async (request, reply) => {
        const grant = store.verify('get', request.params['*'], request.query);
        const info = await store.head(grant.key);
        if (!info) throw notFound('File not found');
        const type = info.contentType ?? 'application/octet-stream';
        reply.header('content-type', type).header('content-length', info.size);
        reply.header('x-content-type-options', 'nosniff');
        if (grant.name) {
          reply.header('content-disposition', attachmentDisposition(grant.name));
        } else if (!INLINE_TYPES.has(type.split(';')[0]?.trim().toLowerCase() ?? '')) {
          reply.header('content-disposition', 'attachment');
        }
        return reply.send(createReadStream(store.file(grant.key)));
      },
    );
  });
}
