import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';
import { signedIn } from '../test/factories.ts';
import { KEY_NOT_ACCEPTED } from './access.ts';
import { API_TITLE } from './api-docs.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Operation = {
  operationId?: string;
  summary?: string;
  security?: Record<string, string[]>[];
  parameters?: { in: string; name: string }[];
  requestBody?: { content: Record<string, { schema: object }> };
  responses: Record<string, { content?: Record<string, { schema: object }>; headers?: object }>;
};
type Document = {
  openapi: string;
  info: { title: string; license?: { name: string; url: string } };
  servers?: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, { type: string; scheme?: string; in?: string }> };
};

/** Every route a key may call, as the routes declare them (`apiKey: true`). */
const KEY_ROUTES = [
  'get /api/v1/my-connections',
  'get /api/v1/connections/{id}',
  'get /api/v1/connections/{id}/files',
  'get /api/v1/files/{id}/download',
  'get /api/v1/connections/{id}/intervals',
  'get /api/v1/connections/{id}/intervals.csv',
  'get /api/v1/connections/{id}/gas.csv',
  'get /api/v1/tariffs',
  'post /api/v1/connections/{id}/bill-estimate',
  'get /api/v1/my/reports',
  'get /api/v1/connections/{id}/reports',
  'get /api/v1/reports/{id}/preview',
  'get /api/v1/reports/{id}/download/{format}',
  'get /api/v1/usage',
  'get /api/v1/billing',
  'post /api/v1/record-usage',
  'get /api/v1/my/webhooks',
  'post /api/v1/my/webhooks',
  'put /api/v1/my/webhooks/{id}',
  'delete /api/v1/my/webhooks/{id}',
  'post /api/v1/my/webhooks/{id}/test',
  'get /api/v1/my/webhooks/{id}/deliveries',
];

async function document(): Promise<Document> {
  const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(res.statusCode).toBe(200);
  return res.json();
}

const operations = (doc: Document) =>
  Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({ id: `${method} ${path}`, path, method, op })),
  );

describe('GET /api/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document with a bearer scheme', async () => {
    const doc = await document();
    const result = await new Validator().validate(
      doc as unknown as Parameters<Validator['validate']>[0],
    );
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.title).toBe(API_TITLE);
    expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.components.securitySchemes.sessionCookie).toMatchObject({
      type: 'apiKey',
      in: 'cookie',
    });
    // Clients generated from it call this deployment.
    expect(doc.servers).toEqual([{ url: t.config.publicUrl, description: 'This service' }]);
    expect(doc.info.license?.url).toBe(`${t.config.publicUrl}/pricing`);
  });

  it('names and summarises every operation once, for generated clients', async () => {
    const ops = operations(await document());
    const ids = ops.map((o) => o.op.operationId);
    expect(
      ids.every((id) => id && /^[a-z][A-Za-z]+$/.test(id)),
      ids.join(),
    ).toBe(true);
    expect(new Set(ids).size).toBe(ops.length);
    for (const { id, op } of ops) expect(op.summary?.length, id).toBeGreaterThan(5);
  });

  it('lists exactly the key routes, under /api/v1, each with its schemas and the bearer scheme', async () => {
    const doc = await document();
    const ops = operations(doc);
    expect(ops.map((o) => o.id).sort()).toEqual([...KEY_ROUTES].sort());
    for (const { id, op } of ops) {
      const signedLink = id === 'get /api/v1/reports/{id}/download/{format}' ? [{}] : [];
      expect(op.security, id).toEqual([{ apiKey: [] }, { sessionCookie: [] }, ...signedLink]);
      const success = Object.keys(op.responses).filter((s) => /^[23]/.test(s));
      expect(success.length, id).toBeGreaterThan(0);
      for (const status of ['401', '403', '429']) {
        expect(op.responses[status]?.content?.['application/json']?.schema, id).toMatchObject({
          properties: { message: { type: 'string' } },
        });
      }
      for (const status of success) {
        // A download's file is served by the address it redirects to, without the rate headers.
        if (status === '200' && op.responses['302']) continue;
        expect(op.responses[status]?.headers, id).toHaveProperty('RateLimit-Remaining');
      }
    }
    const byId = Object.fromEntries(ops.map((o) => [o.id, o.op]));
    // The zod schemas of the routes, converted: params, query, body and the answers.
    const list = byId['get /api/v1/my-connections'];
    expect(list?.parameters?.map((p) => `${p.in}:${p.name}`).sort()).toEqual([
      'query:cursor',
      'query:limit',
    ]);
    expect(list?.responses['200']?.headers).toHaveProperty('Next-Cursor');
    expect(list?.responses['200']?.content?.['application/json']?.schema).toMatchObject({
      type: 'array',
      items: { type: 'object', properties: { id: { type: 'integer' }, status: {} } },
    });
    expect(byId['get /api/v1/connections/{id}']?.parameters).toEqual([
      expect.objectContaining({ in: 'path', name: 'id', required: true }),
    ]);
    expect(
      byId['post /api/v1/record-usage']?.requestBody?.content['application/json']?.schema,
    ).toMatchObject({ properties: { connectionId: {} } });
    expect(
      byId['get /api/v1/usage']?.responses['200']?.content?.['application/json']?.schema,
    ).toMatchObject({ properties: { usage: {}, nextCursor: {}, totalCostCents: {} } });
    expect(
      byId['get /api/v1/connections/{id}/intervals.csv']?.responses['200']?.content,
    ).toHaveProperty('text/csv');
    expect(
      byId['post /api/v1/connections/{id}/bill-estimate']?.requestBody?.content['application/json']
        ?.schema,
    ).toMatchObject({ properties: { tariffId: {}, urdb: {}, periods: {} } });
    expect(
      byId['post /api/v1/connections/{id}/bill-estimate']?.responses['200']?.content?.[
        'application/json'
      ]?.schema,
    ).toMatchObject({ properties: { total: {}, totalCents: {}, months: {}, components: {} } });
    expect(byId['get /api/v1/files/{id}/download']?.responses['302']?.headers).toHaveProperty(
      'Location',
    );
    // What a client that follows the redirect receives.
    expect(
      Object.keys(
        byId['get /api/v1/reports/{id}/download/{format}']?.responses['200']?.content ?? {},
      ),
    ).toEqual(['application/pdf', 'application/zip', 'text/html']);
    expect(byId['get /api/v1/files/{id}/download']?.responses['200']?.content).toHaveProperty(
      'application/pdf',
    );
  });

  it('lists no admin, account or key-management route', async () => {
    const paths = Object.keys((await document()).paths);
    for (const hidden of ['stats', 'users', 'api-keys', 'user', 'login', 'billing/plan', 'docs']) {
      expect(paths).not.toContain(`/api/v1/${hidden}`);
      expect(paths).not.toContain(`/api/${hidden}`);
    }
    expect(paths.every((p) => p.startsWith('/api/v1/'))).toBe(true);
  });

  it('every documented route takes a key (none answers "not available with an API key")', async () => {
    const who = await signedIn(t.app, t.database.db);
    await t.app.inject({
      method: 'POST',
      url: '/api/billing/test-card',
      payload: { plan: 'premium' },
      headers: { cookie: who.cookie },
    });
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/api-keys',
      payload: { name: 'docs' },
      headers: { cookie: who.cookie },
    });
    const key = created.json().key as string;
    for (const { id, path, method } of operations(await document())) {
      const url = path
        .replace('{id}', '1')
        .replace('{format}', 'pdf')
        .replace(/^\/api\/v1\//, '/api/v1/');
      const res = await t.app.inject({
        method: method.toUpperCase() as 'GET' | 'POST',
        url,
        payload: method === 'post' ? { connectionId: 1 } : undefined,
        headers: { authorization: `Bearer ${key}` },
      });
      expect(res.statusCode, id).toBeLessThan(500);
      expect(res.body, id).not.toContain(KEY_NOT_ACCEPTED);
    }
  });
});

describe('GET /api/docs', () => {
  it('serves the reference page and its assets from this server', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain(`<title>${API_TITLE}</title>`);
    const assets = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1] ?? '');
    expect(assets.length).toBeGreaterThan(3);
    for (const asset of assets) {
      expect(asset, 'nothing from a CDN').not.toMatch(/^(https?:)?\/\//);
      const url = asset.startsWith('/') ? asset : `/api/docs/${asset.replace(/^\.\//, '')}`;
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(200);
    }
    expect(page.headers['content-security-policy']).toMatch(/script-src 'self';/);
    const spec = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(Object.keys(spec.json().paths)).toContain('/api/v1/my-connections');
  });
});
