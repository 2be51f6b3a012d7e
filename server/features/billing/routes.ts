import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BillingSummary,
  BillingTerms,
  ChangePlanBody,
  ConfirmSetupBody,
  RecordUsageBody,
  RecordUsageResponse,
  RefundBody,
  SetupIntentBody,
  SetupIntentResponse,
  TestCardBody,
  UsageRecord,
  UsageResponse,
} from '../../../common/billing.ts';
import { PageQuery } from '../../../common/pagination.ts';
import { pageOf } from '../../lib/cursor.ts';
import { IdParams } from '../../lib/params.ts';
import { currentUser } from '../../plugins/access.ts';
import type { Services } from '../../services.ts';

const Message = z.object({ message: z.string() });
/** Card entry is what card-testing attacks hammer: a few a minute per address is plenty. */
const paymentLimit = { max: 30, timeWindow: '1 minute' };
/** Buying reports: generous enough for a bulk run over many connections. */
const usageLimit = { max: 600, timeWindow: '1 minute' };
/** Usage records answered without `limit` (what the dashboard has always received). */
const USAGE_LIST_LIMIT = 1000;

export function billingRoutes(
  app: FastifyInstance,
  { billing, config }: Pick<Services, 'billing' | 'config'>,
) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/billing/terms',
    { config: { access: 'public' }, schema: { response: { 200: BillingTerms } } },
    async () => ({ reportDeadlineDays: config.reportDeadlineDays }),
  );

  api.post(
    '/api/create-setup-intent',
    {
      config: { access: 'user', rateLimit: paymentLimit },
      schema: { body: SetupIntentBody, response: { 200: SetupIntentResponse } },
    },
    async (request) => billing.createSetupIntent(currentUser(request), request.body.plan),
  );

  api.post(
    '/api/billing/confirm-setup',
    {
      config: { access: 'user', rateLimit: paymentLimit },
      schema: { body: ConfirmSetupBody, response: { 200: BillingSummary } },
    },
    async (request) => billing.confirmSetup(currentUser(request), request.body.setupIntentId),
  );

  api.post(
    '/api/billing/test-card',
    {
      config: { access: 'user', rateLimit: paymentLimit },
      schema: { body: TestCardBody, response: { 200: BillingSummary } },
    },
    async (request) => billing.recordTestCard(currentUser(request), request.body.plan),
  );

  // Also with an API key: only premium users hold working keys, so a request goes on the
  // month's invoice (no card confirmation needed), at most once per connection in flight.
  api.post(
    '/api/record-usage',
    {
      config: { access: 'user', apiKey: true, rateLimit: usageLimit },
      schema: {
        summary: 'Request a report on a connection',
        operationId: 'requestReport',
        description:
          "Buys a utility report on one of your connections; on the Monthly Subscription it is added to the month's invoice. Asking again while a request is open answers that request instead of charging twice.",
        body: RecordUsageBody,
        response: { 200: RecordUsageResponse },
      },
    },
    async (request) => billing.recordUsage(currentUser(request), request.body),
  );

  api.post(
    '/api/usage/:id/confirm',
    {
      config: { access: 'user', rateLimit: usageLimit },
      schema: { params: IdParams, response: { 200: RecordUsageResponse } },
    },
    async (request) => billing.confirmUsage(currentUser(request), request.params.id),
  );

  api.get(
    '/api/usage',
    {
      config: { access: 'user', apiKey: true },
      schema: {
        summary: 'List your report requests and what they cost',
        operationId: 'listUsage',
        querystring: PageQuery,
        response: { 200: UsageResponse },
      },
    },
    async (request) => billing.usage(currentUser(request), pageOf(request.query, USAGE_LIST_LIMIT)),
  );

  api.get(
    '/api/billing',
    {
      config: { access: 'user', apiKey: true },
      schema: {
        summary: 'Your plan, card and subscription',
        operationId: 'getBilling',
        response: { 200: BillingSummary },
      },
    },
    async (request) => billing.summary(currentUser(request)),
  );

  api.post(
    '/api/billing/plan',
    {
      config: { access: 'user', rateLimit: paymentLimit },
      schema: { body: ChangePlanBody, response: { 200: BillingSummary } },
    },
    async (request) => billing.changePlan(currentUser(request), request.body.plan),
  );

  api.post(
    '/api/billing/cancel',
    {
      config: { access: 'user', rateLimit: paymentLimit },
      schema: { response: { 200: BillingSummary } },
    },
    async (request) => billing.cancelSubscription(currentUser(request)),
  );

  api.post(
    '/api/usage/:id/refund',
    {
      config: { access: 'admin' },
      schema: { params: IdParams, body: RefundBody, response: { 200: RecordUsageResponse } },
    },
    async (request) =>
      billing.refund(currentUser(request).id, request.params.id, request.body.reason),
  );

  api.get(
    '/api/connections/:id/usage',
    {
      config: { access: 'admin' },
      schema: { params: IdParams, response: { 200: z.array(UsageRecord) } },
    },
    async (request) => billing.requestsOf(request.params.id),
  );

  // Stripe's events: the raw body is needed for the signature, so JSON is not parsed here.
  app.register(async (raw) => {
    raw.removeAllContentTypeParsers();
    raw.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: 512 * 1024 },
      (_req, body, done) => done(null, body),
    );
    raw
      .withTypeProvider<ZodTypeProvider>()
      .post(
        '/api/stripe/webhook',
        { config: { access: 'public' }, schema: { response: { 200: Message } } },
        async (request) => {
          const signature = request.headers['stripe-signature'];
          const outcome = await billing.handleEvent(
            Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
            typeof signature === 'string' ? signature : undefined,
          );
          return { message: outcome };
        },
      );
  });
}
