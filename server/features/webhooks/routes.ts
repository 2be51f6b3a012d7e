import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { WebhookDelivery, WebhookEndpoint, WebhookInput } from '../../../common/webhooks.ts';
import type { Db } from '../../db/client.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { currentUser } from '../../plugins/access.ts';
import type { WebhookEvents } from './events.ts';
import { webhookDeliveryJob } from './jobs.ts';
import {
  createEndpoint,
  deleteEndpoint,
  findDelivery,
  getEndpoint,
  listDeliveries,
  listEndpoints,
  toDelivery,
  updateEndpoint,
} from './service.ts';

const IdParams = z.object({ id: z.coerce.number().int().positive('Invalid id') });
const Message = z.object({ message: z.string() });

export function webhookRoutes(
  app: FastifyInstance,
  deps: { db: Db; events: WebhookEvents; queue: JobQueue },
) {
  const { db, events, queue } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const admin = { access: 'admin' as const };

  api.get(
    '/api/webhooks',
    { config: admin, schema: { response: { 200: z.array(WebhookEndpoint) } } },
    async () => listEndpoints(db),
  );

  api.post(
    '/api/webhooks',
    { config: admin, schema: { body: WebhookInput, response: { 201: WebhookEndpoint } } },
    async (request, reply) => {
      const endpoint = await createEndpoint(db, request.body, currentUser(request).id);
      events.invalidate();
      return reply.code(201).send(endpoint);
    },
  );

  api.put(
    '/api/webhooks/:id',
    {
      config: admin,
      schema: { params: IdParams, body: WebhookInput, response: { 200: WebhookEndpoint } },
    },
    async (request) => {
      const endpoint = await updateEndpoint(db, request.params.id, request.body);
      events.invalidate();
      return endpoint;
    },
  );

  api.delete(
    '/api/webhooks/:id',
    { config: admin, schema: { params: IdParams, response: { 200: Message } } },
    async (request) => {
      await deleteEndpoint(db, request.params.id);
      events.invalidate();
      return { message: 'Webhook deleted' };
    },
  );

  api.post(
    '/api/webhooks/:id/test',
    { config: admin, schema: { params: IdParams, response: { 202: Message } } },
    async (request, reply) => {
      const endpoint = await getEndpoint(db, request.params.id);
      await events.emit('ping', { message: 'Test delivery from UtilityReports' }, endpoint.id);
      return reply.code(202).send({ message: 'Test delivery sent' });
    },
  );

  api.get(
    '/api/webhooks/:id/deliveries',
    { config: admin, schema: { params: IdParams, response: { 200: z.array(WebhookDelivery) } } },
    async (request) => (await listDeliveries(db, request.params.id)).map(toDelivery),
  );

  api.post(
    '/api/webhook-deliveries/:id/retry',
    { config: admin, schema: { params: IdParams, response: { 202: Message } } },
    async (request, reply) => {
      const delivery = await findDelivery(db, request.params.id);
      await queue.enqueue(webhookDeliveryJob, { deliveryId: delivery.id });
      return reply.code(202).send({ message: 'Delivery queued again' });
    },
  );
}
