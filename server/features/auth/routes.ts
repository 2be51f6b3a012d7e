import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LoginBody, RegisterBody, User } from '../../../common/api.ts';
import { ChangeEmailBody, ChangePasswordBody, DEACTIVATED_MESSAGE } from '../../../common/users.ts';
import { AppError, unauthorized } from '../../lib/errors.ts';
import { dummyPasswordHash, verifyPassword } from '../../lib/passwords.ts';
import { currentUser } from '../../plugins/access.ts';
import type { Services } from '../../services.ts';
import { createUser, findUserByUsername, toApiUser } from '../users/service.ts';
import { SESSION_COOKIE } from './sessions.ts';
import {
  clearLoginFailures,
  loginThrottled,
  recordLoginFailure,
  TOO_MANY_FAILURES,
} from './throttle.ts';

const INVALID_LOGIN = 'Invalid username or password';

export function authRoutes(
  app: FastifyInstance,
  { db, sessions, config, users }: Pick<Services, 'db' | 'sessions' | 'config' | 'users'>,
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const limited = {
    rateLimit: {
      max: config.authRateLimit,
      timeWindow: '1 minute',
    },
  };

  // The same attributes when set and when cleared, so that a browser replaces the same cookie.
  const cookieOptions = {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.cookieSecure,
  } as const;

  /** Starts a fresh session, replacing whatever session the browser had (rotation). */
  async function signIn(request: FastifyRequest, reply: FastifyReply, userId: number) {
    await sessions.revoke(request.cookies[SESSION_COOKIE]);
    const { token, expiresAt } = await sessions.create(userId, {
      ip: request.ip,
      userAgent: request.headers['user-agent'],
    });
    reply.setCookie(SESSION_COOKIE, token, { ...cookieOptions, expires: expiresAt });
  }

  api.post(
    '/api/register',
    {
      config: { access: 'public', ...limited },
      schema: { body: RegisterBody, response: { 201: User } },
    },
    async (request, reply) => {
      const row = await createUser(db, { ...request.body, role: 'user' });
      await signIn(request, reply, row.id);
      return reply.code(201).send(toApiUser(row));
    },
  );

  api.post(
    '/api/login',
    {
      // Throttled by failures (throttle.ts), not by attempts: a shared address whose people
      // sign in correctly is never held back.
      config: { access: 'public' },
      schema: { body: LoginBody, response: { 200: User } },
    },
    async (request, reply) => {
      const { username, password } = request.body;
      const throttled = await loginThrottled(db, username, request.ip);
      if (throttled) {
        reply.header('retry-after', throttled.retryAfterSec);
        throw new AppError(429, TOO_MANY_FAILURES, 'rate_limited');
      }
      const row = await findUserByUsername(db, username);
      // Verify against a dummy hash for unknown names so timing does not tell which exist.
      const ok = await verifyPassword(row?.passwordHash ?? (await dummyPasswordHash()), password);
      if (!row || !ok) {
        await recordLoginFailure(db, username, request.ip);
        throw unauthorized(INVALID_LOGIN);
      }
      await clearLoginFailures(db, username, request.ip);
      if (!row.isActive) throw unauthorized(DEACTIVATED_MESSAGE);
      await signIn(request, reply, row.id);
      await users.recordSignIn(row.id);
      return toApiUser(row);
    },
  );

  api.post(
    '/api/logout',
    {
      config: { access: 'public' },
      schema: { response: { 200: z.object({ message: z.string() }) } },
    },
    async (request, reply) => {
      await sessions.revoke(request.cookies[SESSION_COOKIE]);
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
      schema: { body: ChangePasswordBody, response: { 200: z.object({ message: z.string() }) } },
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
}
