import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { readinessRoute } from './features/health/readiness.ts';
import { metricsRoutes } from './features/metrics/routes.ts';
import { responseSerializerCompiler } from './lib/serializer.ts';
import type { Services } from './services.ts';

/**
 * The few addresses a separate worker (`npm run worker`) serves on METRICS_PORT: GET /metrics
 * for a scraper holding METRICS_TOKEN, and GET /api/health and GET /api/ready for whatever
 * watches the process. A worker's own counters (its job runs, portal sign-ins and retrievals,
 * emails, browser pages) exist only in that process, so without this a Prometheus scrape of
 * the API processes would never see them. Nothing else is served: no session, no API.
 */
export async function serveWorkerHttp(
  services: Services,
  address: { port: number; host: string },
): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler({ check: false }));
  metricsRoutes(app, services);
  readinessRoute(app, services);
  app.get('/api/health', async () => ({
    status: 'ok',
    worker: true,
    jobs: services.queue.ready ? 'ready' : 'starting',
  }));
  await app.listen(address);
  return app;
}
