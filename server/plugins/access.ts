import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { API_KEY_PLAN_ENDED } from '../../common/api-keys.ts';
import { DEACTIVATED_MESSAGE } from '../../common/users.ts';
import type { ApiKeyStore, KeyHolder, KeyLookup } from '../features/auth/api-keys.ts';
import type { SessionStore } from '../features/auth/sessions.ts';
import { SESSION_COOKIE } from '../features/auth/sessions.ts';
import type { UserRow } from '../features/users/service.ts';
import { AppError, forbidden, notFound, unauthorized } from '../lib/errors.ts';

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
    /** The API key the request came with (`viaKey`); null for a session or nobody. */
    apiKeyId: number | null;
  }
  interface FastifyInstance {
    /** The access every route of this scope has unless it declares its own (see scopeAccess). */
    defaultAccess?: Access;
    /** Every /api route as registered, with who may call it (the role matrix and fuzz tests). */
    apiRoutes: ApiRoute[];
  }
}

/** One registered /api route: its method, path, access and input schemas. */
export type ApiRoute = {
  method: string;
  url: string;
  access: Access;
  apiKey: boolean;
  schema: { params?: unknown; querystring?: unknown; body?: unknown } | undefined;
};

/** The versioned address of the API (`/api/v1/...`), for the routes a key may call. */
export const API_V1 = '/api/v1/';

export const KEY_NOT_ACCEPTED =
  'This route is not available with an API key. Sign in to the dashboard to use it.';
export const UNKNOWN_KEY = 'This API key is not valid. Check that it was copied whole.';
export const REVOKED_KEY = 'This API key was revoked. Create a new key in the dashboard.';

/**
 * Routes a plugin registers without our route options (the API reference's pages and assets)
 * get this access; every other route still declares its own.
 */
export function scopeAccess(scope: FastifyInstance, access: Access): void {
  scope.decorate('defaultAccess', access);
}

/**
 * The one resolver of who is calling: a session cookie, or `Authorization: Bearer <key>` on
 * the routes that take keys. `keyRateLimit` requests per minute are allowed per key.
 */
export function registerAccessControl(
  app: FastifyInstance,
  deps: { sessions: SessionStore; apiKeys: ApiKeyStore; keyRateLimit: number },
) {
  const { sessions, apiKeys } = deps;
  app.decorateRequest('user', null);
  app.decorateRequest('apiKeyId', null);
  const apiRoutes: ApiRoute[] = [];
  app.decorate('apiRoutes', apiRoutes);

  app.addHook('onRoute', function (route) {
    if (!route.url.startsWith('/api/')) return;
    const access = route.config?.access ?? this.defaultAccess;
    if (!access) {
      throw new Error(`Route ${route.method} ${route.url} does not declare config.access`);
    }
    if (access === 'admin' && route.config?.apiKey) {
      throw new Error(`Route ${route.method} ${route.url} is for admins: API keys never reach it`);
    }
    route.config = { ...route.config, access };
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      apiRoutes.push({
        method,
        url: route.url,
        access,
        apiKey: Boolean(route.config?.apiKey),
        schema: route.schema as ApiRoute['schema'],
      });
    }
  });

  const keyLimit = keyRateLimiter(app, deps.keyRateLimit);

  // /api/v1/... is the same route as /api/... (rewriteUrl), for the key routes only. Any other
  // route there is not found before anything counts the request: an app-wide hook runs before
  // a route's own (its per-address limit), and the key's budget is spent only later.
  app.addHook('onRequest', (request: FastifyRequest, _reply, done) => {
    const { access, apiKey } = request.routeOptions.config;
    if (access && !apiKey && request.originalUrl.startsWith(API_V1)) return done(notFound());
    done();
  });

  // Before validation, so a caller who may not use a route learns nothing about its input rules.
  // A callback hook, not an async one: a cached session is checked without a promise.
  app.addHook('preValidation', (request: FastifyRequest, reply, done) => {
    const { access, apiKey } = request.routeOptions.config;
    if (!access) return done();
    const key = bearerOf(request.headers.authorization);
    // A public route a key cannot use does not need to know who calls: the key is ignored.
    if (key !== undefined && (access !== 'public' || apiKey)) {
      if (!apiKey) return done(forbidden(KEY_NOT_ACCEPTED));
      const cached = apiKeys.cached(key);
      (cached ? Promise.resolve(cached) : apiKeys.resolve(key))
        .then((found) => {
          accept(request, found);
          return keyLimit(request, reply);
        })
        .then(() => done(), done);
      return;
    }
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

/** The key of `Authorization: Bearer <key>`; undefined without that header or scheme. */
function bearerOf(header: string | undefined): string | undefined {
  if (!header || !/^bearer\s/i.test(header)) return undefined;
  return header.slice(7).trim();
}

/**
 * Lets a key's request through as its user, or says why not. A key acts as a plain user on
 * its holder's own data, whatever the holder's role: an admin's key reads the admin's own
 * connections, not everyone's.
 */
function accept(request: FastifyRequest, found: KeyLookup): void {
  if (found === 'unknown') throw unauthorized(UNKNOWN_KEY);
  if (found === 'revoked') throw unauthorized(REVOKED_KEY);
  const { keyId, user }: KeyHolder = found;
  if (!user.isActive) throw unauthorized(DEACTIVATED_MESSAGE);
  if (user.planType !== 'premium') throw forbidden(API_KEY_PLAN_ENDED);
  request.user = user.role === 'user' ? user : { ...user, role: 'user' };
  request.apiKeyId = keyId;
}

/**
 * Per-key limit with the IETF draft's RateLimit-Limit/Remaining/Reset headers; beyond it, 429
 * with Retry-After. One budget per key over every route, counted by @fastify/rate-limit's store
 * (on PostgreSQL in the database, so every API process spends the same budget).
 */
function keyRateLimiter(app: FastifyInstance, max: number) {
  let limiter: ReturnType<FastifyInstance['createRateLimit']> | undefined;
  return async (request: FastifyRequest, reply: FastifyReply) => {
    // Created on first use: @fastify/rate-limit is registered after this plugin.
    limiter ??= app.createRateLimit({
      max,
      timeWindow: 60_000,
      keyGenerator: (req) => `api-key:${req.apiKeyId}`,
    });
    const state = await limiter(request);
    if (state.isAllowed) return;
    reply.header('ratelimit-limit', state.max);
    reply.header('ratelimit-remaining', state.remaining);
    reply.header('ratelimit-reset', state.ttlInSeconds);
    if (state.isExceeded) {
      reply.header('retry-after', state.ttlInSeconds);
      throw new AppError(
        429,
        `Too many requests with this API key (at most ${max} a minute). Try again in ${state.ttlInSeconds} seconds.`,
        'rate_limited',
      );
    }
  };
}

/** The signed-in user of a route declared `user` or `admin`. */
export function currentUser(request: FastifyRequest): UserRow {
  if (!request.user) throw unauthorized();
  return request.user;
}
