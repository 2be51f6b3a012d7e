import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance } from 'fastify';

/** Time spent waiting on outside services during one request, by service name. */
const waits = new AsyncLocalStorage<Map<string, number>>();

/** Counts time the current request spent waiting on an outside service (Stripe). */
export function recordWait(service: string, ms: number): void {
  const store = waits.getStore();
  if (store) store.set(service, (store.get(service) ?? 0) + ms);
}

/**
 * Every API response says where its time went in a `Server-Timing` header: `total` is the
 * server's time from the request's arrival to the response, and each outside service it waited
 * on has its own entry, so the product's own share is `total` minus those (browsers' devtools
 * show the header; `npm run bench` reads it).
 */
export function serverTiming(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    if (!request.url.startsWith('/api/')) return done();
    waits.run(new Map(), done);
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    const store = waits.getStore();
    if (store && request.url.startsWith('/api/')) {
      const entries = [...store].map(([name, ms]) => `${name};dur=${ms.toFixed(2)}`);
      entries.push(`total;dur=${reply.elapsedTime.toFixed(2)}`);
      reply.header('server-timing', entries.join(', '));
    }
    done(null, payload);
  });
}
