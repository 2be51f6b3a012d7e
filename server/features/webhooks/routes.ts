import type { FastifyContextConfig, FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  UserWebhookInput,
  WebhookDelivery,
  WebhookEndpoint,
  WebhookInput,
} from '../../../common/webhooks.ts';
import { IdParams } from '../../lib/params.ts';
import { currentUser } from '../../plugins/access.ts';
import type { Services } from '../../services.ts';
import type { EndpointOwner } from './endpoints.ts';
import { WebhooksService } from './service.ts';

const Message = z.object({ message: z.string() });

/**
 * The same endpoint routes twice: the admins' endpoints under /api/webhooks (every connection,
 * every event), and a premium user's own under /api/my/webhooks (their connections, the events
 * of UserWebhookInput; API keys welcome). `ownerOf` scopes every call.
 */
function endpointRoutes(
  app: FastifyInstance,
  webhooks: WebhooksService,
  scope: {
    prefix: string;
    config: FastifyContextConfig;
    body: typeof WebhookInput | typeof UserWebhookInput;
    ownerOf: (request: FastifyRequest) => EndpointOwner;
  },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { prefix, body, ownerOf } = scope;
  // Who may act is settled before the input is read: a user off the plan gets the plan's
  // message (403), not the input rules.
  const route = {
    config: scope.config,
    preValidation: async (request: FastifyRequest) => {
      ownerOf(request);
    },
  };

  api.get(
    prefix,
    {
      ...route,
      schema: {
        summary: 'List your webhook endpoints',
        operationId: 'listWebhooks',
        response: { 200: z.array(WebhookEndpoint) },
      },
    },
    async (request) => webhooks.list(ownerOf(request)),
  );

  api.post(
    prefix,
    {
      ...route,
      schema: {
        summary: 'Add a webhook endpoint',
        operationId: 'createWebhook',
        body,
        response: { 201: WebhookEndpoint },
      },
    },
    async (request, reply) => {
      const owner = ownerOf(request);
      const endpoint = await webhooks.create(request.body, currentUser(request).id, owner);
      return reply.code(201).send(endpoint);
    },
  );

  api.put(
    `${prefix}/:id`,
    {
      ...route,
      schema: {
        summary: 'Change a webhook endpoint',
        operationId: 'updateWebhook',
        params: IdParams,
        body,
        response: { 200: WebhookEndpoint },
      },
    },
    async (request) => webhooks.update(request.params.id, request.body, ownerOf(request)),
  );

  api.delete(
    `${prefix}/:id`,
    {
      ...route,
      schema: {
        summary: 'Delete a webhook endpoint',
        operationId: 'deleteWebhook',
        params: IdParams,
        response: { 200: Message },
      },
    },
    async (request) => {
      await webhooks.delete(request.params.id, ownerOf(request));
      return { message: 'Webhook deleted' };
    },
  );

  api.post(
    `${prefix}/:id/test`,
    {
      ...route,
      schema: {
        summary: 'Send a test event to a webhook endpoint',
        operationId: 'testWebhook',
        params: IdParams,
        response: { 202: Message },
      },
    },
    async (request, reply) => {
      await webhooks.sendTest(request.params.id, ownerOf(request));
      return reply.code(202).send({ message: 'Test delivery sent' });
    },
  );

  api.get(
    `${prefix}/:id/deliveries`,
    {
      ...route,
      schema: {
        summary: "List a webhook endpoint's recent deliveries",
        operationId: 'listWebhookDeliveries',
        params: IdParams,
        response: { 200: z.array(WebhookDelivery) },
      },
    },
    async (request) => webhooks.deliveries(request.params.id, ownerOf(request)),
  );
}

export function webhookRoutes(app: FastifyInstance, { webhooks }: Pick<Services, 'webhooks'>) {
  endpointRoutes(app, webhooks, {
    prefix: '/api/webhooks',
    config: { access: 'admin' },
    body: WebhookInput,
    ownerOf: () => 'admins',
  });
  endpointRoutes(app, webhooks, {
    prefix: '/api/my/webhooks',
    config: { access: 'user', apiKey: true },
    body: UserWebhookInput,
    ownerOf: (request) => WebhooksService.ownerFor(currentUser(request)),
  });

  app
    .withTypeProvider<ZodTypeProvider>()
    .post(
      '/api/webhook-deliveries/:id/retry',
      { config: { access: 'admin' }, schema: { params: IdParams, response: { 202: Message } } },
      async (request, reply) => {
        await webhooks.retryDelivery(request.params.id, 'admins');
        return reply.code(202).send({ message: 'Delivery queued again' });
      },
    );
}
