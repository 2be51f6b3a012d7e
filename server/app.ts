import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance, type FastifyReply, LogController } from 'fastify';
import { hasZodFastifySchemaValidationErrors, validatorCompiler } from 'fastify-type-provider-zod';
import type { DestinationStream } from 'pino';
import { STARTING_UP_MESSAGE, STARTING_UP_RETRY_SECONDS } from '../common/api.ts';
import { type Config, fastifyTrustProxy } from './config.ts';
import type { Database } from './db/client.ts';
import { attentionRoutes } from './features/attention/routes.ts';
import { apiKeyRoutes } from './features/auth/api-key-routes.ts';
import { authRoutes } from './features/auth/routes.ts';
import { REVOCATION_CHANNEL } from './features/auth/sessions.ts';
import { portalHealthRoutes } from './features/automation/health-routes.ts';
import { automationRoutes } from './features/automation/routes.ts';
import { billingRoutes } from './features/billing/routes.ts';
import { connectionRoutes } from './features/connections/routes.ts';
import { formRoutes } from './features/forms/routes.ts';
import { healthRoutes } from './features/health/routes.ts';
import { intervalRoutes } from './features/intervals/routes.ts';
import { metricsRoutes } from './features/metrics/routes.ts';
import { noticeRoutes } from './features/notifications/notice-routes.ts';
import { outboxRoutes } from './features/notifications/routes.ts';
import { objectRoutes } from './features/objects/routes.ts';
import { providerRoutes } from './features/providers/routes.ts';
import { reportRoutes } from './features/reports/routes.ts';
import { sampleReportRoutes } from './features/reports/sample/routes.ts';
import { tariffRoutes } from './features/tariffs/routes.ts';
import { timelineRoutes } from './features/timeline/routes.ts';
import { userRoutes } from './features/users/routes.ts';
import { webhookRoutes } from './features/webhooks/routes.ts';
import { isConnectionLost } from './lib/connection-errors.ts';
import { AppError, databaseAway, RetryLaterError } from './lib/errors.ts';
import { logRedaction, registerRequestLog } from './lib/log-redaction.ts';
import { rateLimitCounting } from './lib/rate-limits.ts';
import { echoRequestId, requestIdOf } from './lib/request-id.ts';
import { responseSerializerCompiler } from './lib/serializer.ts';
import { LocalObjectStore, localStorageRoutes, type ObjectStore } from './lib/storage/index.ts';
import { serverTiming } from './lib/timing.ts';
import { unlockVault } from './lib/vault-keys.ts';
import { registerAccessControl } from './plugins/access.ts';
import { apiVersionAlias, registerApiDocs } from './plugins/api-docs.ts';
import { registerClient } from './plugins/client-pages.ts';
import { registerCsrfCheck } from './plugins/csrf.ts';
import { registerInputGuard } from './plugins/input-guard.ts';
import { closeServices, createServices, type Services } from './services.ts';

export type AppDeps = {
  config: Config;
  database: Database;
  /** Defaults to the store the configuration names; tests may pass their own. */
  store?: ObjectStore;
  /** `inline` runs enqueued jobs in-process without pg-boss (tests). */
  jobMode?: 'queue' | 'inline';
  /** Where log lines go (tests read them); standard output by default. */
  logStream?: DestinationStream;
};

const API_HEADERS = {
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'cross-origin-resource-policy': 'same-origin',
};

/** Builds the whole HTTP app: plugins, then each feature's routes, then the client. */
export async function buildApp({
  config,
  database,
  store,
  jobMode = 'queue',
  logStream,
}: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: config.logLevel, stream: logStream, ...logRedaction },
    // One line per request, written by registerRequestLog (a flood of refusals is one line).
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: fastifyTrustProxy(config.trustProxy),
    // Every log line of a request carries its id (reqId): the caller's X-Request-Id if sane.
    genReqId: requestIdOf,
    bodyLimit: 1024 * 1024,
    // /api/v1/... is the versioned address of the routes API keys may call.
    rewriteUrl: apiVersionAlias,
    // The router's own refusals (a malformed escape, a path part over 100 characters) answer in
    // the one error format too.
    frameworkErrors: (error, _request, reply) => {
      const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
      (reply as FastifyReply)
        .code(tooLong ? 414 : 400)
        .headers(API_HEADERS)
        .send({ message: tooLong ? 'This address is too long.' : 'This address is not valid.' });
    },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler({ check: config.env === 'test' }));

  // Routes and jobs share one services object; main.ts starts the queue once the app listens.
  const services = createServices({ database, config, log: app.log, store, jobMode });
  app.decorate('services', services);
  app.addHook('onClose', async () => closeServices(services));
  const { sessions } = services;
  echoRequestId(app);
  serverTiming(app);
  if (config.metricsToken) services.metrics.timeRequests(app);
  registerRequestLog(app);
  registerAccessControl(app, {
    sessions,
    apiKeys: services.apiKeys,
    keyRateLimit: config.apiRateLimit,
  });
  registerInputGuard(app);
  registerCsrfCheck(app, config.publicUrl);
  // Logouts and deactivations in other processes reach this one's session cache at once.
  const unlisten = database.ready.then(() =>
    database.listen(REVOCATION_CHANNEL, (payload) => sessions.onRevocation(payload)),
  );
  // Unheard, other processes' logouts reach this one's cache only as its entries expire.
  unlisten.catch((err) => app.log.warn({ err }, 'not listening for revocations'));
  app.addHook('onClose', async () => (await unlisten.catch(() => null))?.());
  // Browsers talk to an S3 bucket directly (uploads, signed downloads): the CSP must allow it.
  const storageOrigin = await services.store.browserOrigin();
  await app.register(cookie);
  // Several processes may serve the API: they count each limit together, in Redis or PostgreSQL.
  const counting = rateLimitCounting({ redisUrl: config.redisUrl, database }, app.log);
  app.addHook('onClose', counting.close);
  await counting.connected;
  await app.register(rateLimit, {
    global: false,
    ...counting.options,
    errorResponseBuilder: () => ({
      statusCode: 429,
      message: 'Too many attempts. Please wait a minute and try again.',
    }),
  });
  // Before the routes: the OpenAPI document is gathered as they register.
  await registerApiDocs(app);

  // API calls wait for migrations and the first admin; static files are served meanwhile, so a
  // new PGlite folder (seconds to create) does not hold up the first page.
  const ready = database.ready
    .then(() => services.users.ensureFirstAdmin(config.admin))
    .then(() => unlockVault(database.db, services.vault, config.credentials, app.log));
  if (config.credentials.warning) app.log.warn(config.credentials.warning);
  ready.catch((err) => app.log.fatal({ err }, 'database start-up failed'));
  app.decorate('databaseReady', ready);
  let isReady = false;
  ready.then(
    () => {
      isReady = true;
    },
    () => {},
  );
  // Until then an API call is answered at once with 503 and Retry-After, instead of being held
  // for as long as the database takes: the client shows that the service is starting.
  app.addHook('onRequest', (request, reply, done) => {
    if (!request.url.startsWith('/api/')) return done();
    reply.headers(API_HEADERS);
    if (isReady) return done();
    reply
      .code(503)
      .header('retry-after', String(STARTING_UP_RETRY_SECONDS))
      .send({ message: STARTING_UP_MESSAGE });
  });

  app.setErrorHandler((error, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      return reply.code(400).send({ message: first?.message ?? 'Invalid request' });
    }
    if (error instanceof AppError) {
      if (error instanceof RetryLaterError) reply.header('retry-after', error.retryAfterSec);
      return reply.code(error.statusCode).send({ message: error.message });
    }
    if (isConnectionLost(error)) {
      // Not the request's fault, nor a bug: the pool reconnects, and the caller may try again.
      request.log.warn({ err: error }, 'request failed: the database connection dropped');
      const away = databaseAway();
      reply.header('retry-after', away.retryAfterSec);
      return reply.code(away.statusCode).send({ message: away.message });
    }
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply
        .code(500)
        .send({ message: 'Something went wrong on our side. Please try again.' });
    }
    return reply.code(status).send({ message: (error as Error).message || 'Bad request' });
  });

  for (const routes of [
    healthRoutes,
    authRoutes,
    apiKeyRoutes,
    providerRoutes,
    objectRoutes,
    connectionRoutes,
    intervalRoutes,
    tariffRoutes,
    formRoutes,
    webhookRoutes,
    automationRoutes,
    portalHealthRoutes,
    billingRoutes,
    outboxRoutes,
    noticeRoutes,
    reportRoutes,
    sampleReportRoutes,
    userRoutes,
    attentionRoutes,
    timelineRoutes,
    metricsRoutes,
  ]) {
    routes(app, services);
  }
  if (services.store instanceof LocalObjectStore) {
    await localStorageRoutes(app, { store: services.store });
  }

  await registerClient(app, config.clientDir, {
    storage: storageOrigin ? [storageOrigin] : [],
    stripe: Boolean(config.stripe),
  });
  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The process's services (server/services.ts), the same object its jobs get. */
    services: Services;
    databaseReady: Promise<void>;
  }
}
