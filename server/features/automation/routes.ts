import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CredentialTestResult,
  DetectSelectorsBody,
  RetrievalRequested,
  SelectorDetection,
  VerifyCredentialsBody,
} from '../../../common/automation.ts';
import { MfaChallengeView, MfaChoiceBody, MfaCodeBody, MfaToken } from '../../../common/mfa.ts';
import { IdParams } from '../../lib/params.ts';
import { currentUser } from '../../plugins/access.ts';
import type { Services } from '../../services.ts';
import { requestRetrieval } from './retrieve-now.ts';
import { detectLoginSelectors, testCredentials } from './service.ts';

/** Each call holds a browser page for seconds: a few a minute per admin is plenty. */
const rateLimit = { max: 30, timeWindow: '1 minute' };

export function automationRoutes(
  app: FastifyInstance,
  {
    db,
    browser,
    connections,
    queue,
    mfa,
  }: Pick<Services, 'db' | 'browser' | 'connections' | 'queue' | 'mfa'>,
) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/detect-selectors',
    {
      config: { access: 'admin', rateLimit },
      schema: { body: DetectSelectorsBody, response: { 200: SelectorDetection } },
    },
    async (request) => detectLoginSelectors(browser, request.body.loginUrl),
  );

  api.post(
    '/api/verify-credentials',
    {
      config: { access: 'admin', rateLimit },
      schema: { body: VerifyCredentialsBody, response: { 200: CredentialTestResult } },
    },
    async (request) => testCredentials(db, browser, request.body),
  );

  // "Retrieve now": the login again, then the bills and the usage export, in the background.
  api.post(
    '/api/connections/:id/retrieve',
    {
      config: { access: 'admin', rateLimit },
      schema: { params: IdParams, response: { 202: RetrievalRequested } },
    },
    async (request, reply) => {
      const answer = await requestRetrieval(
        { connections, queue },
        request.params.id,
        currentUser(request),
      );
      return reply.code(202).send(answer);
    },
  );

  // The customer's code page: the link's token is the only key, so tries are limited per
  // address, and nothing but the provider's name is shown.
  const codeRateLimit = { max: 30, timeWindow: '1 minute' };
  api.get(
    '/api/mfa/:token',
    {
      config: { access: 'public', rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: { params: MfaToken, response: { 200: MfaChallengeView } },
    },
    async (request) => mfa.view(request.params.token),
  );

  api.post(
    '/api/mfa/:token/choice',
    {
      config: { access: 'public', rateLimit: codeRateLimit },
      schema: { params: MfaToken, body: MfaChoiceBody, response: { 200: MfaChallengeView } },
    },
    async (request) => mfa.choose(request.params.token, request.body.option),
  );

  api.post(
    '/api/mfa/:token/code',
    {
      config: { access: 'public', rateLimit: codeRateLimit },
      schema: { params: MfaToken, body: MfaCodeBody, response: { 200: MfaChallengeView } },
    },
    async (request) => mfa.submitCode(request.params.token, request.body.code),
  );
}
