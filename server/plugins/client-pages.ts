import { existsSync } from 'node:fs';
import path from 'node:path';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the built React app; unknown non-API paths get index.html so the router decides.
 * Helmet's full set (CSP and all) is registered in this scope only: the pages need it, and the
 * API's JSON answers get a fixed set computed once (API_HEADERS in app.ts) instead of helmet's
 * per-request work, which cost more than half of a cached GET /api/user.
 */
export async function registerClient(
  app: FastifyInstance,
  clientDir: string | undefined,
  sources: { storage: string[]; stripe: boolean },
) {
  // Stripe.js, its iframes (Payment Element, 3-D Secure) and its API, as Stripe's CSP guide
  // lists them; only when Stripe is configured (test mode loads nothing of Stripe's).
  const stripe = sources.stripe
    ? {
        script: ['https://js.stripe.com'],
        frame: ['https://js.stripe.com', 'https://hooks.stripe.com'],
        connect: ['https://api.stripe.com'],
        img: ['https://*.stripe.com'],
      }
    : { script: [], frame: [], connect: [], img: [] };
  await app.register(async (pages) => {
    await pages.register(helmet, {
      contentSecurityPolicy: {
        directives: {
          'default-src': ["'self'"],
          'script-src': ["'self'", ...stripe.script],
          'frame-src': ["'self'", ...stripe.frame],
          'img-src': ["'self'", 'data:', 'blob:', ...sources.storage, ...stripe.img],
          'connect-src': ["'self'", ...sources.storage, ...stripe.connect],
          'upgrade-insecure-requests': null,
        },
      },
      // Stripe's 3-D Secure and wallet flows open popups that must keep their opener.
      crossOriginOpenerPolicy: sources.stripe ? { policy: 'same-origin-allow-popups' } : undefined,
    });
    servePages(pages, clientDir);
  });
}

function servePages(app: FastifyInstance, clientDir: string | undefined) {
  const hasClient = clientDir && existsSync(path.join(clientDir, 'index.html'));
  if (hasClient) {
    app.register(fastifyStatic, {
      root: clientDir,
      wildcard: false,
      index: false,
      setHeaders: (res, filePath) => {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.header('cache-control', 'public, max-age=31536000, immutable');
        }
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const wantsPage =
      hasClient &&
      request.method === 'GET' &&
      !request.url.startsWith('/api/') &&
      !request.url.startsWith('/assets/');
    if (wantsPage) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.code(404).send({ message: 'Not found' });
  });
}
