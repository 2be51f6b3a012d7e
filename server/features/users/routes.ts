import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ACCOUNT_DELETED_MESSAGE,
  DeleteUserBody,
  FORGOT_PASSWORD_ANSWER,
  ForgotPasswordBody,
  NewUserBody,
  PasswordTokenBody,
  PasswordTokenInfo,
  SetPasswordBody,
  UserActionResult,
  UserList,
  UserListItem,
  UserListQuery,
  UserUpdateBody,
} from '../../../common/users.ts';
import { IdParams } from '../../lib/params.ts';
import { currentUser } from '../../plugins/access.ts';
import type { Services } from '../../services.ts';
import { businessRoutes } from './business-routes.ts';

const Message = z.object({ message: z.string() });

/**
 * User Management (admin), the one-time password links (anyone holding one) and the signed-in
 * user's business identity.
 */
export function userRoutes(app: FastifyInstance, { users, config }: Services) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  businessRoutes(app, { users });
  const actor = (request: FastifyRequest) => ({ id: currentUser(request).id, ip: request.ip });
  const limited = { rateLimit: { max: config.authRateLimit, timeWindow: '1 minute' } };

  api.get(
    '/api/users',
    {
      config: { access: 'admin' },
      schema: { querystring: UserListQuery, response: { 200: UserList } },
    },
    (request) => users.list(request.query),
  );

  api.post(
    '/api/users',
    {
      config: { access: 'admin' },
      schema: { body: NewUserBody, response: { 201: UserActionResult } },
    },
    async (request, reply) =>
      reply.code(201).send(await users.create(actor(request), request.body)),
  );

  api.patch(
    '/api/users/:id',
    {
      config: { access: 'admin' },
      schema: { params: IdParams, body: UserUpdateBody, response: { 200: UserListItem } },
    },
    (request) => users.update(actor(request), request.params.id, request.body),
  );

  for (const [path, purpose] of [
    ['reset-password', 'reset_password'],
    ['send-credentials', 'set_password'],
  ] as const) {
    api.post(
      `/api/users/:id/${path}`,
      {
        config: { access: 'admin' },
        schema: { params: IdParams, response: { 200: UserActionResult } },
      },
      (request) => users.sendLink(actor(request), request.params.id, purpose),
    );
  }

  for (const [path, active] of [
    ['deactivate', false],
    ['reactivate', true],
  ] as const) {
    api.post(
      `/api/users/:id/${path}`,
      {
        config: { access: 'admin' },
        schema: { params: IdParams, response: { 200: UserListItem } },
      },
      (request) => users.setActive(actor(request), request.params.id, active),
    );
  }

  api.delete(
    '/api/users/:id',
    {
      config: { access: 'admin' },
      schema: { params: IdParams, body: DeleteUserBody, response: { 200: Message } },
    },
    async (request) => {
      await users.delete(actor(request), request.params.id, request.body.username);
      return { message: ACCOUNT_DELETED_MESSAGE };
    },
  );

  // The links are public: the token is the credential. Rate limited like login.
  api.post(
    '/api/password/check',
    {
      config: { access: 'public', ...limited },
      schema: { body: PasswordTokenBody, response: { 200: PasswordTokenInfo } },
    },
    (request) => users.checkLink(request.body.token),
  );

  api.post(
    '/api/password/set',
    {
      config: { access: 'public', ...limited },
      schema: { body: SetPasswordBody, response: { 200: Message } },
    },
    async (request) => {
      await users.setPasswordWithLink(request.body.token, request.body.password, request.ip);
      return { message: 'Your password is set. Sign in with it now.' };
    },
  );

  api.post(
    '/api/password/forgot',
    {
      config: { access: 'public', ...limited },
      schema: { body: ForgotPasswordBody, response: { 200: Message } },
    },
    (request) => {
      // Not awaited: an answer that took longer for existing accounts would tell which exist.
      users.forgotPassword(request.body.identifier, request.ip).catch((err: unknown) => {
        request.log.error({ err }, 'a password reset link could not be sent');
      });
      return Promise.resolve({ message: FORGOT_PASSWORD_ANSWER });
    },
  );
}
