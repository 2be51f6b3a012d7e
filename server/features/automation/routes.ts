import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CredentialTestResult,
  DetectSelectorsBody,
  SelectorDetection,
  VerifyCredentialsBody,
} from '../../../common/automation.ts';
import type { Db } from '../../db/client.ts';
import type { BrowserService } from '../../lib/browser/index.ts';
import { verdictFor } from './classify.ts';
import { detectLoginSelectors, loginTargetFor, testLogin } from './service.ts';

/** Each call holds a browser page for seconds: a few a minute per admin is plenty. */
const rateLimit = { max: 30, timeWindow: '1 minute' };

export function automationRoutes(app: FastifyInstance, deps: { db: Db; browser: BrowserService }) {
  const { db, browser } = deps;
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
    async (request) => {
      const { username, password } = request.body;
      const target = await loginTargetFor(db, request.body);
      const result = await testLogin(browser, target, { username, password });
      const { success, message } = verdictFor(result, 'test');
      return { success, message, outcome: result.outcome };
    },
  );
}
