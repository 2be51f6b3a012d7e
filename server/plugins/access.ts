import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SessionStore } from '../features/auth/sessions.ts';
import { SESSION_COOKIE } from '../features/auth/sessions.ts';
import type { UserRow } from '../features/users/service.ts';
import { forbidden, unauthorized } from '../lib/errors.ts';

/** Who may call a route. Every /api route must say so; registration fails otherwise. */
export type Access = 'public' | 'user' | 'admin';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    user: UserRow | null;
  }
}

export function registerAccessControl(app: FastifyInstance, sessions: SessionStore) {
  app.decorateRequest('user', null);

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    if (!route.config?.access) {
      throw new Error(`Route ${route.method} ${route.url} does not declare config.access`);
    }
    // JSON answers carry the fixed API header set (app.ts) instead of helmet's page headers.
    (route as { helmet?: boolean }).helmet = false;
  });

  // Before validation, so a caller who may not use a route learns nothing about its input rules.
  app.addHook('preValidation', async (request: FastifyRequest) => {
    const access = request.routeOptions.config.access;
    if (!access) return;
    request.user = await sessions.resolve(request.cookies[SESSION_COOKIE]);
    if (access === 'public') return;
    if (!request.user) throw unauthorized();
    if (access === 'admin' && request.user.role !== 'admin') throw forbidden();
  });
}

/** The signed-in user of a route declared `user` or `admin`. */
export function currentUser(request: FastifyRequest): UserRow {
  if (!request.user) throw unauthorized();
  return request.user;
}
