import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CustomerSubmission, FormOwner, SubmissionResult } from '../../../common/forms.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { CredentialVault } from '../../lib/vault.ts';
import { verifyConnectionCredentialsJob } from '../automation/jobs.ts';
import type { WebhookEvents } from '../webhooks/events.ts';
import { findFormOwner, submitForm } from './service.ts';

const LinkParams = z.object({ uniqueFormUrl: z.string().min(1).max(100) });

export function formRoutes(
  app: FastifyInstance,
  deps: { db: Db; vault: CredentialVault; config: Config; events: WebhookEvents },
) {
  const { db, vault, config, events } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/form-owner/:uniqueFormUrl',
    { config: { access: 'public' }, schema: { params: LinkParams, response: { 200: FormOwner } } },
    async (request) => ({
      username: (await findFormOwner(db, request.params.uniqueFormUrl)).username,
    }),
  );

  api.post(
    '/api/form/:uniqueFormUrl',
    {
      config: {
        access: 'public',
        rateLimit: { max: config.formRateLimit, timeWindow: '1 minute' },
      },
      schema: {
        params: LinkParams,
        body: CustomerSubmission,
        response: { 200: SubmissionResult, 201: SubmissionResult },
      },
    },
    async (request, reply) => {
      const result = await submitForm(db, vault, request.params.uniqueFormUrl, request.body);
      if (result.created) {
        // The check and the webhooks run in the background; the customer never waits for them.
        await app.queue
          .enqueue(verifyConnectionCredentialsJob, { connectionId: result.id })
          .catch((err) => request.log.error({ err }, 'could not queue the credential check'));
        await events
          .emit('connection.created', { connectionId: result.id, status: result.status })
          .catch((err) => request.log.error({ err }, 'could not queue the webhooks'));
      }
      return reply.code(result.created ? 201 : 200).send({ id: result.id, status: result.status });
    },
  );
}
