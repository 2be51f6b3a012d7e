import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { WebhookDelivery, WebhookEndpoint, WebhookInput } from '../../../common/webhooks.ts';
import { IdParams } from '../../lib/params.ts';
import { currentUser } from '../../plugins/access.ts';
import type { Services } from '../../services.ts';

const Message = z.object({ message: z.string() });

export function webhookRoutes(app: FastifyInstance, { webhooks }: Pick<Services, 'webhooks'>) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const admin = { access: 'admin' as const };

  api.get(
    '/api/webhooks',
    { config: admin, schema: { response: { 200: z.array(WebhookEndpoint) } } },
    async () => webhooks.list(),
  );

  api.post(
    '/api/webhooks',
    { config: admin, schema: { body: WebhookInput, response: { 201: WebhookEndpoint } } },
    async (request, reply) => {
      const endpoint = await webhooks.create(request.body, currentUser(request).id);
      return reply.code(201).send(endpoint);
    },
  );

  api.put(
    '/api/webhooks/:id',
    {
      config: admin,
      schema: { params: IdParams, body: WebhookInput, response: { 200: WebhookEndpoint } },
    },
    async (request) => webhooks.update(request.params.id, request.body),
  );

  api.delete(
    '/api/webhooks/:id',
    { config: admin, schema: { params: IdParams, response: { 200: Message } } },
    async (request) => {
      await webhooks.delete(request.params.id);
      return { message: 'Webhook deleted' };
    },
  );

  api.post(
    '/api/webhooks/:id/test',
    { config: admin, schema: { params: IdParams, response: { 202: Message } } },
    async (request, reply) => {
      await webhooks.sendTest(request.params.id);
      return reply.code(202).send({ message: 'Test delivery sent' });
    },
  );

  api.get(
    '/api/webhooks/:id/deliveries',
    { config: admin, schema: { params: IdParams, response: { 200: z.array(WebhookDelivery) } } },
    async (request) => webhooks.deliveries(request.params.id),
  );

  api.post(
    '/api/webhook-deliveries/:id/retry',
    { config: admin, schema: { params: IdParams, response: { 202: Message } } },
    async (request, reply) => {
      await webhooks.retryDelivery(request.params.id);
      return reply.code(202).send({ message: 'Delivery queued again' });
    },
  );
}
