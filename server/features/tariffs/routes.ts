import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BillEstimate,
  BillEstimateInput,
  PublicTariff,
  Tariff,
  TariffInput,
  TariffQuery,
  TariffsCreated,
} from '../../../common/tariffs.ts';
import { IdParams } from '../../lib/params.ts';
import { currentUser } from '../../plugins/access.ts';
import type { Services } from '../../services.ts';

/** Estimates a person (or a key's holder) may ask for in a minute: each prices a year of data. */
const ESTIMATES_PER_MINUTE = 30;

export function tariffRoutes(app: FastifyInstance, { tariffs }: Pick<Services, 'tariffs'>) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  // Counted per account once the caller is known (preHandler), not per address: a key and the
  // dashboard of the same user share the budget.
  const estimateLimit = {
    max: ESTIMATES_PER_MINUTE,
    timeWindow: '1 minute',
    hook: 'preHandler' as const,
    keyGenerator: (request: FastifyRequest) => `bill-estimate:${request.user?.id ?? request.ip}`,
    errorResponseBuilder: () => ({
      statusCode: 429,
      message: `At most ${ESTIMATES_PER_MINUTE} bill estimates a minute. Please wait a moment and try again.`,
    }),
  };

  api.post(
    '/api/tariffs',
    {
      config: { access: 'admin' },
      schema: {
        summary: 'Import URDB tariffs for a provider',
        description:
          'One URDB rate object creates one tariff and answers it. A URDB rate API answer `{"items": [...]}` creates one tariff per item, all or none, and answers `{"tariffs": [...]}` in the order of the items. 400 names the field the engine refuses (`urdb.items[1].energyweekdayschedule[3]: ...`) or an unknown provider.',
        body: TariffInput,
        response: { 201: z.union([Tariff, TariffsCreated]) },
      },
    },
    async (request, reply) => reply.code(201).send(await tariffs.create(request.body)),
  );

  // Users list a provider's tariffs to choose one for an estimate; admins also see where the
  // figures come from and when they were imported.
  api.get(
    '/api/tariffs',
    {
      config: { access: 'user', apiKey: true },
      schema: {
        summary: 'Tariffs to price interval data under',
        operationId: 'listTariffs',
        description:
          "The imported tariffs, by provider and name; `providerId` keeps one provider's (400 when there is no such provider).",
        querystring: TariffQuery,
        response: { 200: z.union([z.array(Tariff), z.array(PublicTariff)]) },
      },
    },
    async (request) => tariffs.list(request.query, { admin: request.user?.role === 'admin' }),
  );

  api.delete(
    '/api/tariffs/:id',
    {
      config: { access: 'admin' },
      schema: { params: IdParams, response: { 200: z.object({ message: z.string() }) } },
    },
    async (request) => {
      const tariff = await tariffs.delete(request.params.id);
      return { message: `${tariff.name} deleted` };
    },
  );

  api.post(
    '/api/connections/:id/bill-estimate',
    {
      config: { access: 'user', apiKey: true, rateLimit: estimateLimit },
      schema: {
        summary: "A connection's bill under a tariff",
        operationId: 'estimateBill',
        description:
          "Prices the connection's newest interval data under a tariff: a stored one (`tariffId`) or a URDB rate object given here (`urdb`), exactly one of them. Bills are calendar months in the data's time zone, or with `periods: \"statements\"` the billing periods of the connection's statements and billing history. Every amount is in whole cents except `total` (dollars). For the owner once a report on the connection is paid for (402 before), and admins; 409 when the connection has no interval data, or no billing period within it.",
        params: IdParams,
        body: BillEstimateInput,
        response: { 200: BillEstimate },
      },
    },
    async (request) => tariffs.estimate(request.params.id, request.body, currentUser(request)),
  );
}
