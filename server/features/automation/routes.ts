import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CredentialTestResult,
  DetectSelectorsBody,
  RetrievalRequested,
  SelectorDetection,
  VerifyCredentialsBody,
} from '../../../common/automation.ts';
import {
  CheckToken,
  FixLinkAnswer,
  FixLinkSent,
  FixLinkView,
  LoginCheckView,
  NewLoginBody,
} from '../../../common/credential-check.ts';
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
    loginChecks,
    config,
  }: Pick<Services, 'db' | 'browser' | 'connections' | 'queue' | 'mfa' | 'loginChecks' | 'config'>,
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

  // The customer's own credential check: the token the form's answer gave (or the fix page's
  // next step) is the only key; typing a login again is limited like the form itself.
  const formRateLimit = { max: config.formRateLimit, timeWindow: '1 minute' };
  api.get(
    '/api/login-check/:token',
    {
      config: { access: 'public', rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: { params: CheckToken, response: { 200: LoginCheckView } },
    },
    async (request) => loginChecks.view(request.params.token),
  );

  api.post(
    '/api/login-check/:token/login',
    {
      config: { access: 'public', rateLimit: formRateLimit },
      schema: { params: CheckToken, body: NewLoginBody, response: { 200: LoginCheckView } },
    },
    async (request) => loginChecks.retype(request.params.token, request.body),
  );

  // The single-use link emailed after a later refusal.
  api.get(
    '/api/login-fix/:token',
    {
      config: { access: 'public', rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: { params: CheckToken, response: { 200: FixLinkView } },
    },
    async (request) => loginChecks.fixView(request.params.token),
  );

  api.post(
    '/api/login-fix/:token',
    {
      config: { access: 'public', rateLimit: formRateLimit },
      schema: { params: CheckToken, body: NewLoginBody, response: { 200: FixLinkAnswer } },
    },
    async (request) => loginChecks.fix(request.params.token, request.body),
  );

  // A new fix link for the customer: the user for their own connections, an admin for any.
  api.post(
    '/api/connections/:id/fix-link',
    {
      config: { access: 'user', rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: { params: IdParams, response: { 200: FixLinkSent } },
    },
    async (request) => loginChecks.resendFixLink(request.params.id, currentUser(request)),
  );
}
