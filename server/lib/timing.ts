import type { FastifyInstance } from 'fastify';
import { currentContext, enterContext, leaveContext } from './request-context.ts';

/** Counts time the current request spent waiting on an outside service (Stripe). */
export function recordWait(service: string, ms: number): void {
  const store = currentContext()?.waits;
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
 * Only requests that change something (the ones that call Stripe, and the ones that queue
 * jobs) get a context to record their waits in, which also carries their id into the jobs they
 * queue (server/lib/request-context.ts): reads pay nothing for it.
 */
export function serverTiming(app: FastifyInstance): void {
  const timed = new WeakSet<object>();
  const finish = (request: object) => {
    if (timed.delete(request)) leaveContext();
  };
  app.addHook('onRequest', (request, _reply, done) => {
    if (READS.has(request.method) || !request.url.startsWith('/api/')) return done();
    timed.add(request);
    enterContext({ requestId: request.id, waits: new Map() }, done);
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.url.startsWith('/api/')) {
      const store = timed.has(request) ? currentContext()?.waits : undefined;
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
