import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LoginBody, RegisterBody, User } from '../../../common/api.ts';
import {
  ChangeEmailBody,
  ChangePasswordBody,
  DeleteOwnAccountBody,
} from '../../../common/users.ts';
import { currentUser } from '../../plugins/access.ts';
import type { Services } from '../../services.ts';
import { toApiUser } from '../users/service.ts';
import type { Client, SignedIn } from './service.ts';
import { SESSION_COOKIE } from './sessions.ts';

const Message = z.object({ message: z.string() });

export function authRoutes(
  app: FastifyInstance,
  { auth, config, users }: Pick<Services, 'auth' | 'config' | 'users'>,
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const limited = { rateLimit: { max: config.authRateLimit, timeWindow: '1 minute' } };

  // The same attributes when set and when cleared, so that a browser replaces the same cookie.
  const cookieOptions = {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.cookieSecure,
  } as const;

  const clientOf = (request: FastifyRequest): Client => ({
    ip: request.ip,
    userAgent: request.headers['user-agent'],
    sessionToken: request.cookies[SESSION_COOKIE],
  });

  /** Hands the browser its new session and answers with the signed-in user. */
  const signedIn = (reply: FastifyReply, { user, session }: SignedIn) => {
    reply.setCookie(SESSION_COOKIE, session.token, {
      ...cookieOptions,
      expires: session.expiresAt,
    });
    return toApiUser(user);
  };

  api.post(
    '/api/register',
    {
      config: { access: 'public', ...limited },
      schema: { body: RegisterBody, response: { 201: User } },
    },
    async (request, reply) =>
      reply.code(201).send(signedIn(reply, await auth.register(request.body, clientOf(request)))),
  );

  api.post(
    '/api/login',
    {
      // Throttled by failures in the auth service, not by attempts per minute.
      config: { access: 'public' },
      schema: { body: LoginBody, response: { 200: User } },
    },
    async (request, reply) => signedIn(reply, await auth.login(request.body, clientOf(request))),
  );

  api.post(
    '/api/logout',
    { config: { access: 'public' }, schema: { response: { 200: Message } } },
    async (request, reply) => {
      await auth.logout(request.cookies[SESSION_COOKIE]);
      reply.clearCookie(SESSION_COOKIE, cookieOptions);
      return { message: 'Signed out' };
    },
  );

  api.get(
    '/api/user',
    { config: { access: 'user' }, schema: { response: { 200: User } } },
    async (request) => toApiUser(currentUser(request)),
  );

  // The signed-in user's own password and email; the current password confirms each change.
  api.put(
    '/api/user/password',
    {
      config: { access: 'user', ...limited },
      schema: { body: ChangePasswordBody, response: { 200: Message } },
    },
    async (request) => {
      await users.changePassword(currentUser(request), request.body, {
        sessionToken: request.cookies[SESSION_COOKIE],
        ip: request.ip,
      });
      return { message: 'Your password was changed. Your other sessions were signed out.' };
    },
  );

  api.put(
    '/api/user/email',
    {
      config: { access: 'user', ...limited },
      schema: { body: ChangeEmailBody, response: { 200: User } },
    },
    async (request) =>
      toApiUser(await users.changeEmail(currentUser(request), request.body, request.ip)),
  );

  // Deleting one's own account: the password confirms it; the session ends with the account.
  api.delete(
    '/api/user',
    {
      config: { access: 'user', ...limited },
      schema: { body: DeleteOwnAccountBody, response: { 200: Message } },
    },
    async (request, reply) => {
      await users.deleteOwn(currentUser(request), request.body.password, request.ip);
      reply.clearCookie(SESSION_COOKIE, cookieOptions);
      return { message: 'Your account and its data were deleted.' };
    },
  );
}
