import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from '../features/auth/sessions.ts';
import { forbidden } from '../lib/errors.ts';

export const CROSS_SITE_MESSAGE =
  'This request came from another site and was refused. Open the page on this site and try again.';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const SESSION = new RegExp(`(?:^|;)\\s*${SESSION_COOKIE}=`);

/** The origin a `Referer` names; a value that is no address counts as a foreign one. */
function refererOrigin(referer: string): string {
  try {
    return new URL(referer).origin;
  } catch {
    return 'null';
  }
}

/**
 * Whether a request that changes something came from one of our own pages. Browsers say where
 * a request came from with `Sec-Fetch-Site` (and `Origin`); a sibling subdomain or another port
 * is "same-site" and gets the session cookie under SameSite=Lax, so only "same-origin" passes.
 * An older browser may send neither but a `Referer`: the page it names is taken as the origin.
 * A client that sends none of them is not a browser acting for someone else.
 */
function fromOwnPages(request: FastifyRequest, publicOrigin: string): boolean {
  const site = request.headers['sec-fetch-site'];
  if (site) return site === 'same-origin' || site === 'none';
  const referer = request.headers.referer;
  const origin = request.headers.origin ?? (referer ? refererOrigin(referer) : undefined);
  if (!origin) return true;
  return origin === publicOrigin || origin === `${request.protocol}://${request.host}`;
}

/**
 * CSRF: every state-changing request that carries a session cookie must come from this app's
 * own origin, or it is refused with 403 before its body is read. Requests without the cookie
 * (the public form, API keys, Stripe's events) have no session to abuse.
 */
export function registerCsrfCheck(app: FastifyInstance, publicUrl: string) {
  const publicOrigin = new URL(publicUrl).origin;
  app.addHook('onRequest', (request, _reply, done) => {
    if (SAFE_METHODS.has(request.method)) return done();
    const cookie = request.headers.cookie;
    if (!cookie || !SESSION.test(cookie)) return done();
    if (fromOwnPages(request, publicOrigin)) return done();
    done(forbidden(CROSS_SITE_MESSAGE));
  });
}
