import type { IncomingMessage } from 'node:http';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SESSION_COOKIE } from '../features/auth/sessions.ts';
import { API_V1, scopeAccess } from './access.ts';

export const API_TITLE = 'Utility Reports API';
/** The security schemes' names in the document: the key, and the dashboard's session. */
const SCHEME = 'apiKey';
const SESSION_SCHEME = 'sessionCookie';

/**
 * `/api/v1/...` is the versioned address of the routes a key may call; it is routed as
 * `/api/...` (Fastify's rewriteUrl), and the access hook answers 404 for any other route there.
 */
export function apiVersionAlias(req: IncomingMessage): string {
  const url = req.url ?? '/';
  return url.startsWith(API_V1) ? `/api/${url.slice(API_V1.length)}` : url;
}

const ErrorMessage = z.object({ message: z.string() });
/** What any key route may answer besides its own result, in the one `{message}` shape. */
const ERRORS = {
  400: ErrorMessage.describe('Invalid input: the message names the problem'),
  401: ErrorMessage.describe('Unknown or revoked key, or a deactivated account'),
  403: ErrorMessage.describe('The account is not on the Monthly Subscription plan'),
  404: ErrorMessage.describe('Not found, or not yours'),
  429: ErrorMessage.describe('Too many requests with this key; see Retry-After'),
};

const RATE_HEADERS = {
  'RateLimit-Limit': { type: 'integer', description: 'Requests allowed per minute per key' },
  'RateLimit-Remaining': { type: 'integer', description: 'Requests left in this minute' },
  'RateLimit-Reset': { type: 'integer', description: 'Seconds until the minute restarts' },
};

const csv = (description: string) => ({
  description,
  content: { 'text/csv': { schema: { type: 'string' } } },
});
const binary = { type: 'string', format: 'binary' };
/**
 * A download route answers 302 to a short-lived address (this server or the S3 bucket), which
 * serves the file: what a client that follows redirects receives, as the route's 200.
 */
const download = (description: string, types: string[]) => ({
  200: {
    description: `${description}, once the redirect is followed (fetch follows it; curl needs -L)`,
    content: Object.fromEntries(types.map((type) => [type, { schema: binary }])),
  },
  302: {
    type: 'null',
    description: 'Redirect to a short-lived download address',
    headers: { Location: { type: 'string' } },
  },
});
/** Answers that are not JSON, by route: a file, a page, or a redirect to a download. */
const NON_JSON: Record<string, Record<number, object>> = {
  '/api/connections/:id/intervals.csv': { 200: csv('Interval CSV') },
  '/api/connections/:id/gas.csv': { 200: csv('Gas CSV') },
  '/api/reports/:id/preview': {
    200: { description: 'Report HTML', content: { 'text/html': { schema: { type: 'string' } } } },
  },
  '/api/files/:id/download': download('The file as it was uploaded (most often a PDF bill)', [
    'application/pdf',
    'text/csv',
    'application/octet-stream',
  ]),
  '/api/reports/:id/download/:format': download('The report in the format asked for', [
    'application/pdf',
    'application/zip',
    'text/html',
  ]),
};
/** Lists answered as a bare array carry their next cursor in a header. */
const ARRAY_LISTS = new Set(['/api/my-connections']);

const TAGS: [RegExp, string][] = [
  [/tariffs|bill-estimate/, 'Rate plans'],
  [/webhooks/, 'Webhooks'],
  [/intervals/, 'Intervals'],
  [/files/, 'Files'],
  [/reports/, 'Reports'],
  [/usage|billing/, 'Billing'],
  [/connections/, 'Connections'],
];

const DESCRIPTION = `Your own connections, interval data, files, reports, usage and webhooks, for
accounts on the Monthly Subscription plan.

**Authentication**: create a key in the dashboard (Account & API) and send it as
\`Authorization: Bearer ur_live_...\`. Keys reach only these routes and only your own data.

**Rate limit**: a budget of requests per minute per key; every answer carries the
\`RateLimit-Limit\`, \`RateLimit-Remaining\` and \`RateLimit-Reset\` headers, and beyond the
budget the answer is 429 with \`Retry-After\`.

**Pagination**: lists take \`limit\` (1 to 100) and \`cursor\`; the next page's cursor is
\`nextCursor\` (null on the last page), or the \`Next-Cursor\` header for lists answered as an array.

**Errors**: every error answers \`{"message": "..."}\` with its HTTP status.`;

/**
 * The reference page's own policy: its scripts and data come from this server only. Swagger UI
 * sets inline styles as it renders, so styles may be inline (scripts may not).
 */
const DOCS_CSP = [
  "default-src 'self'",
  "base-uri 'self'",
  "object-src 'none'",
  "frame-ancestors 'none'",
  "form-action 'self'",
  "script-src 'self'",
  "script-src-attr 'none'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
].join('; ');

type TransformArgs = Parameters<typeof jsonSchemaTransform>[0];

/** Documents the routes a key may call under /api/v1, and hides every other route. */
function documentKeyRoutes(args: TransformArgs) {
  const { schema, url, route } = args;
  if (!route.config?.apiKey || !schema) return { schema: { hide: true }, url };
  const documented = jsonSchemaTransform({
    ...args,
    schema: {
      ...schema,
      tags: [TAGS.find(([pattern]) => pattern.test(url))?.[1] ?? 'Other'],
      // A public key route (a report download) also answers a signed link, with no key at all.
      security: [
        { [SCHEME]: [] },
        { [SESSION_SCHEME]: [] },
        ...(route.config.access === 'public' ? [{}] : []),
      ],
      response: { ...(schema.response as object | undefined), ...ERRORS },
    },
  }).schema as { response: Record<string, object> };
  const response: Record<string, object> = { ...NON_JSON[url], ...documented.response };
  for (const [status, answer] of Object.entries(response)) {
    if (!status.startsWith('2') && !status.startsWith('3')) continue;
    // A download's file comes from the address it redirects to, which sets no rate headers.
    if (status === '200' && NON_JSON[url]?.[302]) continue;
    const headers = ARRAY_LISTS.has(url)
      ? { ...RATE_HEADERS, 'Next-Cursor': { type: 'string', description: 'The next page' } }
      : RATE_HEADERS;
    const own = (answer as { headers?: object }).headers;
    response[status] = { ...answer, headers: { ...own, ...headers } };
  }
  return { schema: { ...documented, response }, url: url.replace(/^\/api\//, API_V1) };
}

/**
 * The OpenAPI 3.1 document of the key routes, generated from their zod schemas, at
 * /api/openapi.json, and its reference page at /api/docs (Swagger UI, served from
 * node_modules under DOCS_CSP: nothing from a CDN). Must be registered before the routes.
 */
export async function registerApiDocs(app: FastifyInstance) {
  const { publicUrl } = app.services.config;
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: API_TITLE,
        version: '1',
        description: DESCRIPTION,
        license: {
          name: 'Proprietary: included in the Monthly Subscription plan',
          url: `${publicUrl}/pricing`,
        },
      },
      servers: [{ url: publicUrl, description: 'This service' }],
      components: {
        securitySchemes: {
          [SCHEME]: {
            type: 'http',
            scheme: 'bearer',
            description: 'An API key from the dashboard (ur_live_...)',
          },
          [SESSION_SCHEME]: {
            type: 'apiKey',
            in: 'cookie',
            name: SESSION_COOKIE,
            description:
              'The session of a user signed in to the dashboard. Changes made with it (POST, PUT, DELETE) are accepted only from the dashboard pages themselves.',
          },
        },
      },
    },
    transform: documentKeyRoutes,
  });

  app.get('/api/openapi.json', { config: { access: 'public' }, schema: { hide: true } }, async () =>
    app.swagger(),
  );

  await app.register(async (docs) => {
    scopeAccess(docs, 'public');
    await docs.register(swaggerUi, {
      routePrefix: '/api/docs',
      staticCSP: DOCS_CSP,
      theme: { title: API_TITLE },
      uiConfig: { deepLinking: true, docExpansion: 'list', defaultModelsExpandDepth: 0 },
    });
  });
}
