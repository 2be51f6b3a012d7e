import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { OutboxIdParams, OutboxMessage, OutboxPage, OutboxQuery } from '../../../common/mail.ts';
import type { Services } from '../../services.ts';

const Message = z.object({ message: z.string() });

/** The Outbox panel's API: every message the service sent or kept, for admins only. */
export function outboxRoutes(app: FastifyInstance, { mailer }: Pick<Services, 'mailer'>) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const admin = { access: 'admin' as const };

  api.get(
    '/api/admin/outbox',
    { config: admin, schema: { querystring: OutboxQuery, response: { 200: OutboxPage } } },
    async (request) => mailer.list(request.query),
  );

  api.get(
    '/api/admin/outbox/:id',
    { config: admin, schema: { params: OutboxIdParams, response: { 200: OutboxMessage } } },
    async (request) => mailer.get(request.params.id),
  );

  api.post(
    '/api/admin/outbox/:id/retry',
    { config: admin, schema: { params: OutboxIdParams, response: { 202: Message } } },
    async (request, reply) => {
      await mailer.retry(request.params.id);
      return reply.code(202).send({ message: 'Message queued again' });
    },
  );
}
