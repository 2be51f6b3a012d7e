import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  Connection,
  ConnectionFile,
  ConnectionPage,
  ConnectionQuery,
  ConnectionUpdate,
  FileRecord,
  RevealedCredentials,
  Stats,
} from '../../../common/connections.ts';
import { NEXT_CURSOR_HEADER, PageQuery } from '../../../common/pagination.ts';
import { pageOf } from '../../lib/cursor.ts';
import { IdParams } from '../../lib/params.ts';
import { currentUser } from '../../plugins/access.ts';
import type { Services } from '../../services.ts';

/** My Connections shows at most this many, newest first (without `limit`). */
const MY_CONNECTIONS_LIMIT = 500;
/** The caller's own data, also with an API key (listed in the OpenAPI document). */
const ownData = { access: 'user', apiKey: true } as const;

export function connectionRoutes(
  app: FastifyInstance,
  { connections }: Pick<Services, 'connections'>,
) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/connections',
    {
      config: { access: 'admin' },
      schema: { querystring: ConnectionQuery, response: { 200: ConnectionPage } },
    },
    async (request) => connections.list(request.query),
  );

  api.get(
    '/api/my-connections',
    {
      config: ownData,
      schema: {
        summary: 'List your connections',
        operationId: 'listConnections',
        description: `Newest first. The next page's cursor is in the \`Next-Cursor\` response header, absent on the last page.`,
        querystring: PageQuery,
        response: { 200: z.array(Connection) },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      // Admins too see only their own here: this is the "my" list.
      const page = await connections.latest(
        { id: user.id, role: 'user' },
        pageOf(request.query, MY_CONNECTIONS_LIMIT),
      );
      // The body stays the array the dashboard has always read; the cursor rides in a header.
      if (page.nextCursor) reply.header(NEXT_CURSOR_HEADER, page.nextCursor);
      return page.connections;
    },
  );

  api.get(
    '/api/connections/:id',
    {
      config: ownData,
      schema: {
        summary: 'Get a connection',
        operationId: 'getConnection',
        params: IdParams,
        response: { 200: Connection },
      },
    },
    async (request) => connections.get(request.params.id, currentUser(request)),
  );

  api.put(
    '/api/connections/:id',
    {
      config: { access: 'admin' },
      schema: { params: IdParams, body: ConnectionUpdate, response: { 200: Connection } },
    },
    async (request) => connections.update(request.params.id, request.body, currentUser(request)),
  );

  api.post(
    '/api/connections/:id/credentials',
    {
      config: { access: 'admin' },
      schema: { params: IdParams, response: { 200: RevealedCredentials } },
    },
    async (request) =>
      connections.revealCredentials(request.params.id, currentUser(request), request.ip),
  );

  api.post(
    '/api/connections/:id/credentials/confirm',
    {
      config: { access: 'admin' },
      schema: { params: IdParams, response: { 200: Connection } },
    },
    async (request) =>
      connections.confirmLogin(request.params.id, currentUser(request), request.ip),
  );

  api.get(
    '/api/connections/:id/files',
    {
      config: ownData,
      schema: {
        summary: "List a connection's files",
        operationId: 'listConnectionFiles',
        params: IdParams,
        response: { 200: z.array(ConnectionFile) },
      },
    },
    async (request) => connections.listFiles(request.params.id, currentUser(request)),
  );

  api.put(
    '/api/connections/:id/files',
    {
      config: { access: 'admin' },
      schema: { params: IdParams, body: FileRecord, response: { 201: ConnectionFile } },
    },
    async (request, reply) => {
      const file = await connections.recordFile(
        request.params.id,
        request.body,
        currentUser(request),
      );
      return reply.code(201).send(file);
    },
  );

  api.delete(
    '/api/files/:id',
    {
      config: { access: 'admin' },
      schema: { params: IdParams, response: { 200: z.object({ message: z.string() }) } },
    },
    async (request) => {
      const row = await connections.deleteFile(request.params.id, currentUser(request));
      return { message: `${row.fileName} deleted` };
    },
  );

  api.get(
    '/api/files/:id/download',
    {
      config: ownData,
      schema: {
        summary: 'Download a file',
        operationId: 'downloadFile',
        description:
          'Redirects (302) to a short-lived download address; available once a report on the connection was paid for.',
        params: IdParams,
      },
    },
    async (request, reply) => {
      const url = await connections.fileDownloadUrl(request.params.id, currentUser(request));
      return reply.redirect(url, 302);
    },
  );

  api.get(
    '/api/stats',
    { config: { access: 'admin' }, schema: { response: { 200: Stats } } },
    async () => connections.stats(),
  );
}
