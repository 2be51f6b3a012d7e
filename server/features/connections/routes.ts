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
import type { Db } from '../../db/client.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import type { ObjectStore } from '../../lib/storage/index.ts';
import type { CredentialVault } from '../../lib/vault.ts';
import { currentUser } from '../../plugins/access.ts';
import { importFileJob } from '../intervals/jobs.ts';
import type { WebhookEvents } from '../webhooks/events.ts';
import { revealCredentials } from './credentials.ts';
import { deleteFile, fileDownloadUrl, listFiles, recordFile } from './files.ts';
import { getConnection, latestConnections, listConnections, updateConnection } from './service.ts';
import { computeStats } from './stats.ts';

const IdParams = z.object({ id: z.coerce.number().int().positive('Invalid id') });
/** My Connections shows at most this many, newest first. */
const MY_CONNECTIONS_LIMIT = 500;

export function connectionRoutes(
  app: FastifyInstance,
  deps: {
    db: Db;
    store: ObjectStore;
    vault: CredentialVault;
    queue: JobQueue;
    events: WebhookEvents;
  },
) {
  const { db, store, vault, queue, events } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/connections',
    {
      config: { access: 'admin' },
      schema: { querystring: ConnectionQuery, response: { 200: ConnectionPage } },
    },
    async (request) => listConnections(db, request.query),
  );

  api.get(
    '/api/my-connections',
    { config: { access: 'user' }, schema: { response: { 200: z.array(Connection) } } },
    async (request) => {
      const user = currentUser(request);
      // Admins too see only their own here: this is the "my" list.
      return latestConnections(db, { id: user.id, role: 'user' }, MY_CONNECTIONS_LIMIT);
    },
  );

  api.get(
    '/api/connections/:id',
    { config: { access: 'user' }, schema: { params: IdParams, response: { 200: Connection } } },
    async (request) => getConnection(db, request.params.id, currentUser(request)),
  );

  api.put(
    '/api/connections/:id',
    {
      config: { access: 'admin' },
      schema: { params: IdParams, body: ConnectionUpdate, response: { 200: Connection } },
    },
    async (request) => {
      const { connection, previousStatus } = await updateConnection(
        db,
        request.params.id,
        request.body,
        currentUser(request),
      );
      if (connection.status !== previousStatus) {
        await events.emit('connection.status_changed', {
          connectionId: connection.id,
          from: previousStatus,
          to: connection.status,
        });
      }
      return connection;
    },
  );

  api.post(
    '/api/connections/:id/credentials',
    {
      config: { access: 'admin' },
      schema: { params: IdParams, response: { 200: RevealedCredentials } },
    },
    async (request) =>
      revealCredentials(db, vault, request.params.id, currentUser(request), request.ip),
  );

  api.get(
    '/api/connections/:id/files',
    {
      config: { access: 'user' },
      schema: { params: IdParams, response: { 200: z.array(ConnectionFile) } },
    },
    async (request) => listFiles(db, request.params.id, currentUser(request)),
  );

  api.put(
    '/api/connections/:id/files',
    {
      config: { access: 'admin' },
      schema: { params: IdParams, body: FileRecord, response: { 201: ConnectionFile } },
    },
    async (request, reply) => {
      const file = await recordFile(
        db,
        store,
        request.params.id,
        request.body,
        currentUser(request),
      );
      // Interval files are read in the background; the file shows the outcome when done.
      if (file.importStatus === 'pending') await queue.enqueue(importFileJob, { fileId: file.id });
      await events.emit('connection.file_added', {
        connectionId: file.connectionId,
        fileId: file.id,
        fileName: file.fileName,
        fileType: file.fileType,
      });
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
      const row = await deleteFile(db, store, request.params.id, currentUser(request));
      return { message: `${row.fileName} deleted` };
    },
  );

  api.get(
    '/api/files/:id/download',
    { config: { access: 'user' }, schema: { params: IdParams } },
    async (request, reply) => {
      const url = await fileDownloadUrl(db, store, request.params.id, currentUser(request));
      return reply.redirect(url, 302);
    },
  );

  api.get(
    '/api/stats',
    { config: { access: 'admin' }, schema: { response: { 200: Stats } } },
    async () => computeStats(db),
  );
}
