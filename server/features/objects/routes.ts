import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ProviderImageBody,
  ProviderImageResponse,
  UploadPurpose,
  UploadRequestBody,
  UploadResponse,
} from '../../../common/uploads.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { currentUser } from '../../plugins/access.ts';
import type { Services } from '../../services.ts';
import { acceptLogo, PREFIX, planUpload, signUpload } from './service.ts';

const CompanionParamsQuery = z
  .object({
    filename: z.string().max(1024).optional(),
    type: z.string().max(255).optional(),
    'metadata[purpose]': UploadPurpose.optional(),
    'metadata[name]': z.string().max(255).optional(),
  })
  .loose();

const CompanionParamsResponse = z.object({
  method: z.literal('POST'),
  url: z.string(),
  fields: z.record(z.string(), z.string()),
  headers: z.record(z.string(), z.string()),
});

/** Upload addresses one administrator may ask for: a burst, and a day's quota. */
export const UPLOADS_PER_MINUTE = 30;
const UPLOADS_PER_DAY = 1000;

export function objectRoutes(app: FastifyInstance, { store }: Pick<Services, 'store'>) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  // Only administrators upload (connection files, logos), and each within a rate and a quota,
  // counted per account once the caller is known (preHandler), not per address.
  const perUser = (request: FastifyRequest) => `upload:${request.user?.id ?? request.ip}`;
  const rateLimit = {
    max: UPLOADS_PER_MINUTE,
    timeWindow: '1 minute',
    hook: 'preHandler' as const,
    keyGenerator: perUser,
    errorResponseBuilder: () => ({
      statusCode: 429,
      message: `At most ${UPLOADS_PER_MINUTE} uploads a minute. Please wait a moment and try again.`,
    }),
  };
  let daily: ReturnType<FastifyInstance['createRateLimit']> | undefined;
  const dailyQuota = async (request: FastifyRequest) => {
    daily ??= app.createRateLimit({
      max: UPLOADS_PER_DAY,
      timeWindow: 24 * 60 * 60 * 1000,
      keyGenerator: (req) => `upload-day:${req.user?.id}`,
    });
    const state = await daily(request);
    if (!state.isAllowed && state.isExceeded) {
      throw new AppError(
        429,
        `The daily quota of ${UPLOADS_PER_DAY} uploads is used up. It renews within 24 hours.`,
        'rate_limited',
      );
    }
  };

  // The server chooses the key and bounds the size and type; the browser only sends the body.
  api.post(
    '/api/objects/upload',
    {
      config: { access: 'admin', rateLimit },
      preHandler: dailyQuota,
      schema: { body: UploadRequestBody, response: { 200: UploadResponse } },
    },
    async (request) => signUpload(store, currentUser(request), request.body),
  );

  // Companion-style parameters for Uppy's AwsS3 plugin (`companionEndpoint: '/api/uploads'`).
  api.get(
    '/api/uploads/s3/params',
    {
      config: { access: 'admin', rateLimit },
      preHandler: dailyQuota,
      schema: { querystring: CompanionParamsQuery, response: { 200: CompanionParamsResponse } },
    },
    async (request) => {
      const q = request.query;
      const plan = planUpload(currentUser(request), {
        purpose: q['metadata[purpose]'] ?? 'connection-file',
        fileName: q['metadata[name]'] ?? q.filename,
        contentType: q.type,
      });
      const signed = await store.signPostUpload(plan);
      return { method: signed.method, url: signed.url, fields: signed.fields, headers: {} };
    },
  );

  api.put(
    '/api/provider-images',
    {
      config: { access: 'admin' },
      schema: { body: ProviderImageBody, response: { 200: ProviderImageResponse } },
    },
    async (request) => ({ objectPath: await acceptLogo(store, request.body.imageUrl) }),
  );

  // Logos are public (the customer form shows them); a short-lived signed redirect serves them.
  api.get(
    '/objects/logos/:name',
    { schema: { params: z.object({ name: z.string().regex(/^[A-Za-z0-9_-]+\.(png|jpg)$/) }) } },
    async (request, reply) => {
      const key = `${PREFIX.logo}${request.params.name}`;
      if (!(await store.head(key))) throw notFound('Logo not found');
      const url = await store.signDownload({ key, expiresInSec: 600 });
      return reply.header('cache-control', 'public, max-age=300').redirect(url, 302);
    },
  );
}
