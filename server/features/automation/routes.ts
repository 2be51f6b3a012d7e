import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CredentialTestResult,
  DetectSelectorsBody,
  SelectorDetection,
  VerifyCredentialsBody,
} from '../../../common/automation.ts';
import type { Services } from '../../services.ts';
import { detectLoginSelectors, testCredentials } from './service.ts';

/** Each call holds a browser page for seconds: a few a minute per admin is plenty. */
const rateLimit = { max: 30, timeWindow: '1 minute' };

export function automationRoutes(
  app: FastifyInstance,
  { db, browser }: Pick<Services, 'db' | 'browser'>,
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
}
