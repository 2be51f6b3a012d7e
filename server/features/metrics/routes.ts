import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services.ts';

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * GET /metrics: the process's metrics in the Prometheus text format, for a scraper holding
 * METRICS_TOKEN. Without the setting the address does not exist (404); with it, any other caller
 * gets 401. Outside /api, where the scrapers look, and out of the API reference.
 */
export function metricsRoutes(app: FastifyInstance, { config, metrics }: Services) {
  const token = config.metricsToken;
  // Compared as digests of equal length, in constant time: the answer's timing says nothing of
  // how much of a guess was right, nor of the token's length.
  const expected = token ? digest(token) : undefined;
  app.get(
    '/metrics',
    { config: { access: 'public' }, schema: { hide: true } },
    async (request, reply) => {
      if (!expected) return reply.code(404).send({ message: 'Not found' });
      const header = request.headers.authorization ?? '';
      const given = /^bearer\s/i.test(header) ? header.slice(7).trim() : '';
      if (!timingSafeEqual(digest(given), expected)) {
        return reply
          .code(401)
          .header('www-authenticate', 'Bearer realm="metrics"')
          .send({ message: 'This address needs the metrics token.' });
      }
      const text = await metrics.scrape();
      return reply.header('cache-control', 'no-store').type(metrics.contentType).send(text);
    },
  );
}
