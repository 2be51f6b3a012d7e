import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ApiRoute } from './plugins/access.ts';
import { createTestApp, type TestApp } from './test/app.ts';
import { createProvider, submission, submitForm } from './test/connections.ts';
import { signedIn } from './test/factories.ts';
import {
  HOSTILE_CURSORS,
  HOSTILE_VALUES,
  INCOMPRESSIBLE,
  jsonSchemaOf,
  leafPaths,
  pathValue,
  replaceAt,
  shaped,
  tableDigest,
} from './test/fuzz.ts';

/**
 * Every JSON route of the app, called by nobody, a user and an admin with inputs generated from
 * the route's own zod schemas and mixed with hostile values: no answer is a 5xx, every refusal
 * is `{ message }`, and a refused request leaves every table as it was.
 */

// A fixed seed by default, so a failure is reproducible; FUZZ_SEED explores further.
const SEED = Number(process.env.FUZZ_SEED ?? 20261124);
const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS ?? 4);

/** Routes left out, and why. */
const SKIPPED = new Set([
  // Ends the session the other requests use; it takes no input.
  'POST /api/logout',
  // Without a browser it answers 503 in words for visitors, not naming CHROMIUM_PATH; it takes
  // no input (sample-report.api.test.ts covers it).
  'GET /api/sample-report.pdf',
]);

/** Tables whose rows count refused requests on purpose (failed sign-ins, for throttling). */
const COUNTS_REFUSALS = ['login_failures'];

type Role = 'anonymous' | 'user' | 'admin';
type Sample = { url: string; query: unknown; body: unknown; raw: boolean };
type Parts = { params: string[]; query: unknown; body: unknown; raw?: boolean };

const HOSTILE_PATHS = fc.sample(pathValue, { seed: SEED, numRuns: 40 });

function urlOf(route: ApiRoute, params: string[]): string {
  let i = 0;
  return route.url.replace(/:(\w+)/g, () => params[i++] ?? '1').replace(/\*$/, 'x/y');
}

const parses = (schema: unknown, value: unknown) =>
  !(schema instanceof z.ZodType) || schema.safeParse(value).success;

/**
 * A route's requests: `random` ones shaped by its schemas with hostile parts mixed in, and
 * `mutated` ones that take a valid request (found among generated ones) and replace one part
 * at a time, each path parameter and each leaf of the query and body, with a hostile value.
 */
function samplesFor(route: ApiRoute, seed: number, known: Record<string, string>) {
  const schema = route.schema ?? {};
  const names = [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1] as string);
  const goodParams = names.map((n) => known[n] ?? '1');
  const queryShape = jsonSchemaOf(schema.querystring);
  const bodyShape = jsonSchemaOf(schema.body);
  const toSample = (p: Parts): Sample => ({
    url: urlOf(route, p.params),
    query: p.query,
    body: p.body,
    raw: Boolean(p.raw) && route.method !== 'GET',
  });

  const random = fc
    .sample(
      fc.record({
        params: fc.tuple(...names.map(() => pathValue), fc.constant('')),
        query: queryShape ? shaped(queryShape) : fc.constant({}),
        body: bodyShape ? shaped(bodyShape) : fc.constant(undefined),
        raw: fc.integer({ min: 0, max: 5 }).map((n) => n === 0),
      }),
      { seed, numRuns: RUNS_PER_ROUTE },
    )
    .map(toSample);

  const candidates = fc.sample(
    fc.record({
      query: queryShape ? shaped(queryShape, false) : fc.constant({}),
      body: bodyShape ? shaped(bodyShape, false) : fc.constant(undefined),
    }),
    { seed, numRuns: 80 },
  );
  const valid = candidates.filter(
    (c) => parses(schema.querystring, c.query) && parses(schema.body, c.body),
  );
  const bases = (valid.length ? valid : candidates).slice(0, 2);
  const mutated: Sample[] = [];
  let turn = seed;
  const nextHostile = () => HOSTILE_VALUES[turn++ % HOSTILE_VALUES.length];
  const nasty = (value: unknown, path: (string | number)[]) => {
    const leaf = path.reduce<unknown>(
      (v, k) => (v as Record<string | number, unknown>)?.[k],
      value,
    );
    return [...likeButWorse(leaf, path.at(-1)), nextHostile()];
  };
  for (const base of bases) {
    const good: Parts = { params: goodParams, ...base };
    mutated.push(toSample(good));
    for (const path of leafPaths(base.query)) {
      if (path.length === 0) continue;
      for (const bad of nasty(base.query, path)) {
        mutated.push(toSample({ ...good, query: replaceAt(base.query, path, bad) }));
      }
    }
    if (base.body !== undefined) {
      for (const path of leafPaths(base.body)) {
        for (const bad of nasty(base.body, path)) {
          mutated.push(toSample({ ...good, body: replaceAt(base.body, path, bad) }));
        }
      }
    }
  }
  // Optional parameters both bases left out: a valid request naming every top-level one gets
  // them spoiled too, so that an optional cursor or filter is never skipped by chance.
  const everything = (shape: ReturnType<typeof jsonSchemaOf>) =>
    shape?.properties ? { ...shape, required: Object.keys(shape.properties) } : shape;
  const full = fc
    .sample(
      fc.record({
        query: queryShape ? shaped(everything(queryShape), false) : fc.constant({}),
        body: bodyShape ? shaped(everything(bodyShape), false) : fc.constant(undefined),
      }),
      { seed, numRuns: 40 },
    )
    .find((c) => parses(schema.querystring, c.query) && parses(schema.body, c.body));
  const named = (part: 'query' | 'body', key: string | number | undefined) =>
    bases.some((b) => Object.hasOwn((b[part] as object | undefined) ?? {}, String(key)));
  if (full) {
    const good: Parts = { params: goodParams, ...full };
    for (const part of ['query', 'body'] as const) {
      for (const path of leafPaths(full[part])) {
        if (path.length === 0 || named(part, path[0])) continue;
        for (const bad of nasty(full[part], path)) {
          mutated.push(toSample({ ...good, [part]: replaceAt(full[part], path, bad) }));
        }
      }
    }
  }
  names.forEach((_, i) => {
    for (const value of ['a%00b', '2147483648', 'x'.repeat(120), HOSTILE_PATHS[turn++ % 40]]) {
      const params = [...goodParams];
      params[i] = value as string;
      mutated.push(toSample({ params, query: bases[0]?.query, body: bases[0]?.body }));
    }
  });
  return { random, mutated, valid: valid.length > 0 };
}

/**
 * Values of the same type as a valid one that a database or a parser may choke on: for any text
 * also one too long for an index, and for a cursor ones at and past the calendar's end.
 */
function likeButWorse(leaf: unknown, name: string | number | undefined): unknown[] {
  if (typeof leaf === 'number') return [2_147_483_648, 1e308];
  if (typeof leaf !== 'string') return [];
  if (/^\d{4}-\d\d-\d\d/.test(leaf)) return ['0000-01-01', '9999-12-31'];
  const worse = [`${leaf}\u0000`, `${leaf}\u001b`, `${leaf}${INCOMPRESSIBLE}`];
  return name === 'cursor' ? [...worse, ...HOSTILE_CURSORS] : worse;
}

/** The roles a route lets in, which get the mutated requests. */
const ALLOWED: Record<ApiRoute['access'], Role[]> = {
  public: ['anonymous'],
  user: ['user', 'admin'],
  admin: ['admin'],
};

function queryString(query: unknown): string {
  if (!query || typeof query !== 'object' || Array.isArray(query)) return '';
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (v === undefined) continue;
    search.append(k, typeof v === 'object' ? JSON.stringify(v) : String(v));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

async function send(app: FastifyInstance, route: ApiRoute, sample: Sample, cookie?: string) {
  const withBody =
    route.method !== 'GET' && (route.method !== 'DELETE' || sample.body !== undefined);
  return app.inject({
    method: route.method as 'GET',
    url: `${sample.url}${queryString(sample.query)}`,
    headers: {
      ...(cookie ? { cookie } : {}),
      ...(withBody ? { 'content-type': 'application/json' } : {}),
    },
    payload: withBody
      ? sample.raw
        ? '{"broken": '
        : JSON.stringify(sample.body ?? {})
      : undefined,
  });
}

describe('every JSON route under hostile input', () => {
  let t: TestApp;
  const cookies: Partial<Record<Role, string>> = {};
  const known: Record<string, string> = {};

  beforeAll(async () => {
    // No browser: its routes answer 503 naming CHROMIUM_PATH once their input is valid.
    t = await createTestApp({ CHROMIUM_PATH: '/nonexistent/chromium' });
    cookies.user = (await signedIn(t.app, t.database.db, 'user')).cookie;
    cookies.admin = (await signedIn(t.app, t.database.db, 'admin')).cookie;
    // A provider, a connection and the user's form link, so valid requests reach the database.
    const provider = await createProvider(t.database.db);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/user',
      headers: { cookie: cookies.user },
    });
    known.uniqueFormUrl = me.json().uniqueFormUrl;
    const submitted = await submitForm(
      t.app,
      known.uniqueFormUrl as string,
      submission(provider.id),
    );
    expect(submitted.statusCode).toBe(201);
  });
  afterAll(() => t?.close());

  it('answers no 5xx, refuses with { message } and writes nothing when it refuses', async () => {
    const routes = t.app.apiRoutes.filter((r) => !SKIPPED.has(`${r.method} ${r.url}`));
    expect(routes.length).toBeGreaterThan(60);
    const failures: string[] = [];
    await t.app.services.queue.drain();
    let before = await tableDigest(t.database.db, COUNTS_REFUSALS);
    let requests = 0;
    const withValidBase: string[] = [];
    for (const [index, route] of routes.entries()) {
      const { random, mutated, valid } = samplesFor(route, SEED + index, known);
      if (valid) withValidBase.push(route.url);
      for (const role of ['anonymous', 'user', 'admin'] as Role[]) {
        const samples = ALLOWED[route.access].includes(role) ? [...mutated, ...random] : random;
        for (const sample of samples) {
          const res = await send(t.app, route, sample, cookies[role]);
          requests++;
          // Jobs a request queued run in this process (inline mode): let them finish first.
          await t.app.services.queue.drain();
          const after = await tableDigest(t.database.db, COUNTS_REFUSALS);
          const what = `${role} ${route.method} ${sample.url}${queryString(sample.query)} ${JSON.stringify(sample.body)?.slice(0, 200)}`;
          const browserOff = res.statusCode === 503 && res.body.includes('CHROMIUM_PATH');
          // Readiness says 503 by design here: the test app runs its jobs inline, without a queue.
          const notReady = route.url === '/api/ready' && res.statusCode === 503;
          if (notReady) {
            if (after !== before) failures.push(`${res.statusCode} wrote rows: ${what}`);
          } else if (res.statusCode >= 500 && !browserOff) {
            failures.push(`${res.statusCode} ${what}: ${res.body.slice(0, 200)}`);
          } else if (res.statusCode >= 400) {
            const answer = safeJson(res.body);
            const message = answer?.message;
            // The one error format: `{ message }` and nothing else (no codes or stacks).
            if (typeof message !== 'string' || !message || Object.keys(answer ?? {}).length !== 1) {
              failures.push(
                `${res.statusCode} without a message: ${what}: ${res.body.slice(0, 200)}`,
              );
            }
            if (after !== before) failures.push(`${res.statusCode} wrote rows: ${what}`);
          }
          before = after;
        }
      }
    }
    console.info(`fuzz: ${requests} requests over ${routes.length} routes (seed ${SEED})`);
    expect(requests).toBeGreaterThan(2000);
    // Most routes were also reached with valid input, so the hostile parts got past validation.
    expect(withValidBase.length).toBeGreaterThan(routes.length * 0.8);
    expect(failures).toEqual([]);
  }, 600_000);
});

function safeJson(text: string): { message?: unknown } | undefined {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
