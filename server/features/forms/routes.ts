import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CustomerSubmission, FormOwner, SubmissionResult } from '../../../common/forms.ts';
import type { Services } from '../../services.ts';
import { mfaToken } from '../automation/service.ts';

const LinkParams = z.object({ uniqueFormUrl: z.string().min(1).max(100) });

/** What a logo may do when opened on its own: draw, with inline styles, and nothing else. */
const LOGO_CSP = "default-src 'none'; style-src 'unsafe-inline'";

/** The public customer form: whose link it is, their logo, and the submission. */
export function formRoutes(
  app: FastifyInstance,
  { config, connections, users }: Pick<Services, 'config' | 'connections' | 'users'>,
) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/form-owner/:uniqueFormUrl',
    { config: { access: 'public' }, schema: { params: LinkParams, response: { 200: FormOwner } } },
    async (request) => users.formOwner(request.params.uniqueFormUrl),
  );

  // The owner's logo, public like the form it belongs to. An SVG is only ever shown through
  // <img>; served alone, this policy keeps it from running anything or loading anything.
  api.get(
    '/api/form-owner/:uniqueFormUrl/logo',
    {
      config: { access: 'public' },
      schema: { params: LinkParams, querystring: z.object({ v: z.string().max(100).optional() }) },
    },
    async (request, reply) => {
      const logo = await users.formLogo(request.params.uniqueFormUrl);
      return reply
        .type(logo.contentType)
        .header('content-security-policy', LOGO_CSP)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'public, max-age=300')
        .send(Buffer.from(logo.bytes.buffer, logo.bytes.byteOffset, logo.bytes.byteLength));
    },
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
      // The credential check and the webhooks follow in the background (connection.created).
      const result = await connections.createFromSubmission(
        request.params.uniqueFormUrl,
        request.body,
      );
      return reply.code(result.created ? 201 : 200).send({
        id: result.id,
        status: result.status,
        codeToken: mfaToken(config.sessionSecret, result.id),
      });
    },
  );
}
