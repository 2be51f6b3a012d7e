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
import { IdParams } from '../../lib/params.ts';
import { currentUser } from '../../plugins/access.ts';
import type { Services } from '../../services.ts';

/** My Connections shows at most this many, newest first. */
const MY_CONNECTIONS_LIMIT = 500;

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
    { config: { access: 'user' }, schema: { response: { 200: z.array(Connection) } } },
    async (request) => {
      const user = currentUser(request);
      // Admins too see only their own here: this is the "my" list.
      return connections.latest({ id: user.id, role: 'user' }, MY_CONNECTIONS_LIMIT);
    },
  );

  api.get(
    '/api/connections/:id',
    { config: { access: 'user' }, schema: { params: IdParams, response: { 200: Connection } } },
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

  api.get(
    '/api/connections/:id/files',
    {
      config: { access: 'user' },
      schema: { params: IdParams, response: { 200: z.array(ConnectionFile) } },
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
    { config: { access: 'user' }, schema: { params: IdParams } },
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
