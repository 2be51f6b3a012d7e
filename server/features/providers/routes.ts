import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  Provider,
  ProviderInput,
  ProviderUpdate,
  PublicProvider,
} from '../../../common/providers.ts';
import { IdParams } from '../../lib/params.ts';
import type { Services } from '../../services.ts';

export function providerRoutes(app: FastifyInstance, { providers }: Pick<Services, 'providers'>) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  // Public: the customer form lists active providers. Admins get every provider, in full.
  api.get(
    '/api/providers',
    {
      config: { access: 'public' },
      schema: { response: { 200: z.union([z.array(Provider), z.array(PublicProvider)]) } },
    },
    async (request) => providers.list({ admin: request.user?.role === 'admin' }),
  );

  api.post(
    '/api/providers',
    { config: { access: 'admin' }, schema: { body: ProviderInput, response: { 201: Provider } } },
    async (request, reply) => reply.code(201).send(await providers.create(request.body)),
  );

  api.put(
    '/api/providers/:id',
    {
      config: { access: 'admin' },
      schema: { params: IdParams, body: ProviderUpdate, response: { 200: Provider } },
    },
    async (request) => providers.update(request.params.id, request.body),
  );

  api.delete(
    '/api/providers/:id',
    {
      config: { access: 'admin' },
      schema: { params: IdParams, response: { 200: z.object({ message: z.string() }) } },
    },
    async (request) => {
      const provider = await providers.delete(request.params.id);
      return { message: `${provider.name} deleted` };
    },
  );
}
