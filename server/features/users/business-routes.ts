import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  BUSINESS_LOGO_MAX_BYTES,
  BusinessProfile,
  BusinessProfileBody,
} from '../../../common/business.ts';
import { currentUser } from '../../plugins/access.ts';
import type { Services } from '../../services.ts';

/**
 * The signed-in user's business identity: company name and reply-to address (JSON), and the
 * logo, sent as the file's own bytes (any declared type: the bytes decide what it is).
 */
export function businessRoutes(app: FastifyInstance, { users }: Pick<Services, 'users'>) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const actor = (request: FastifyRequest) => ({ id: currentUser(request).id, ip: request.ip });

  api.get(
    '/api/user/business',
    { config: { access: 'user' }, schema: { response: { 200: BusinessProfile } } },
    (request) => users.business(currentUser(request).id),
  );

  api.put(
    '/api/user/business',
    {
      config: { access: 'user' },
      schema: { body: BusinessProfileBody, response: { 200: BusinessProfile } },
    },
    (request) => users.updateBusiness(actor(request), request.body),
  );

  api.delete(
    '/api/user/business/logo',
    { config: { access: 'user' }, schema: { response: { 200: BusinessProfile } } },
    (request) => users.removeLogo(actor(request)),
  );

  // Each upload is stored and the old one deleted: a person choosing a logo needs a few a
  // minute, a script filling the store many more.
  const logoLimit = { max: 60, timeWindow: '1 minute' };

  // The logo's bytes as the body. A body a little over the limit is read, so that the answer
  // is a plain 400 saying the limit; one far over it is cut off at 413.
  app.register(async (raw) => {
    raw.removeAllContentTypeParsers();
    raw.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: BUSINESS_LOGO_MAX_BYTES * 4 },
      (_request, body, done) => done(null, body),
    );
    raw.withTypeProvider<ZodTypeProvider>().put(
      '/api/user/business/logo',
      {
        config: { access: 'user', rateLimit: logoLimit },
        schema: { response: { 200: BusinessProfile } },
      },
      (request) =>
        users.replaceLogo(
          actor(request),
          Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
        ),
    );
  });
}
