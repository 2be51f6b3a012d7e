import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance } from 'fastify';

/** Time spent waiting on outside services during one request, by service name. */
const waits = new AsyncLocalStorage<Map<string, number>>();

/** Counts time the current request spent waiting on an outside service (Stripe). */
export function recordWait(service: string, ms: number): void {
  const store = waits.getStore();
  if (store) store.set(service, (store.get(service) ?? 0) + ms);
}

/** Methods that read: none of our reads waits on an outside service. */
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Every API response says where its time went in a `Server-Timing` header: `total` is the
 * server's time from the request's arrival to the response, and each outside service it waited
 * on has its own entry, so the product's own share is `total` minus those (browsers' devtools
 * show the header; `npm run bench` reads it).
 *
 * Only requests that change something (the ones that call Stripe) get a store to record their
 * waits in. An AsyncLocalStorage in use makes Node run a hook for every promise the process
 * creates, which cost a signed-in GET several percent of its throughput; so the storage is
 * switched off again whenever no such request is under way.
 */
export function serverTiming(app: FastifyInstance): void {
  let open = 0;
  const timed = new WeakSet<object>();
  const finish = (request: object) => {
    if (!timed.delete(request)) return;
    open--;
    if (open === 0) waits.disable();
  };
  app.addHook('onRequest', (request, _reply, done) => {
    if (READS.has(request.method) || !request.url.startsWith('/api/')) return done();
    open++;
    timed.add(request);
    waits.run(new Map(), done);
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.url.startsWith('/api/')) {
      const store = timed.has(request) ? waits.getStore() : undefined;
      const entries = store ? [...store].map(([name, ms]) => `${name};dur=${ms.toFixed(2)}`) : [];
      entries.push(`total;dur=${reply.elapsedTime.toFixed(2)}`);
      reply.header('server-timing', entries.join(', '));
    }
    done(null, payload);
  });
  app.addHook('onResponse', (request, _reply, done) => {
    finish(request);
    done();
  });
  app.addHook('onRequestAbort', (request, done) => {
    finish(request);
    done();
  });
}
