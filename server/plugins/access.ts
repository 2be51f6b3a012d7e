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
    /**
     * Also callable with a premium user's API key (`Authorization: Bearer`), for the caller's own
     * data; listed in the OpenAPI document. Never on `admin` routes.
     */
    apiKey?: boolean;
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
  });

  // Before validation, so a caller who may not use a route learns nothing about its input rules.
  // A callback hook, not an async one: a cached session is checked without a promise.
  app.addHook('preValidation', (request: FastifyRequest, _reply, done) => {
    const access = request.routeOptions.config.access;
    if (!access) return done();
    const token = request.cookies[SESSION_COOKIE];
    const check = (user: UserRow | null) => {
      request.user = user;
      if (access === 'public') return done();
      if (!user) return done(unauthorized());
      if (access === 'admin' && user.role !== 'admin') return done(forbidden());
      done();
    };
    const cached = sessions.cached(token);
    if (cached !== undefined) return check(cached);
    sessions.resolve(token).then(check, done);
  });
}

/** The signed-in user of a route declared `user` or `admin`. */
export function currentUser(request: FastifyRequest): UserRow {
  if (!request.user) throw unauthorized();
  return request.user;
}
