import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { z } from 'zod';
import type { Db } from '../db/client.ts';

/** A cursor (see server/lib/cursor.ts) naming this time in milliseconds and row id 1. */
const cursorAt = (ms: number) => Buffer.from(`${ms}.1`).toString('base64url');

/**
 * Cursors at and past the end of year 9999, the last a database can read back, and far past
 * what a JavaScript date can hold.
 */
export const HOSTILE_CURSORS = [
  cursorAt(Date.UTC(9999, 11, 31, 23, 59, 59, 999)),
  cursorAt(Date.UTC(10000, 0, 1)),
  cursorAt(999_999_999_999_999),
];

/**
 * Over 3,000 characters that no database can compress (a run of one letter compresses to a few
 * bytes and slips under an index's size limit; this does not).
 */
export const INCOMPRESSIBLE = Array.from({ length: 50 }, (_, i) =>
  createHash('sha256').update(String(i)).digest('hex'),
).join('');

/**
 * Values an attacker or a broken client sends: ids past the integer columns, NUL and other
 * control characters, dates at the ends of the calendar, overlong strings, cursors past the
 * calendar, markup, lone surrogates, numbers where strings go and the reverse.
 */
const HOSTILE_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  'line\u0007bell',
  '\u001b[31m',
  '\ud800',
  '0',
  '-1',
  '2147483648',
  '9223372036854775808',
  '99999999999999999999999',
  '1e309',
  'NaN',
  '0000-01-01',
  '9999-12-31',
  '2024-02-30',
  '-000001-01-01',
  '0000-01-01T00:00:00Z',
  '<script>alert(1)</script>',
  "' or 1=1 --",
  '../../etc/passwd',
  '%00',
  'x'.repeat(101),
  'x'.repeat(5000),
  INCOMPRESSIBLE,
  ...HOSTILE_CURSORS,
  'http://169.254.169.254/latest/meta-data/',
  'javascript:alert(1)',
  '{"$ne":null}',
];

export const HOSTILE_VALUES: unknown[] = [
  ...HOSTILE_STRINGS,
  null,
  true,
  0,
  -1,
  1.5,
  2_147_483_648,
  -2_147_483_649,
  Number.MAX_SAFE_INTEGER,
  1e308,
  [],
  {},
  ['\u0000'],
  { $gt: '' },
];

const hostile = fc.constantFrom(...HOSTILE_VALUES);
const hostileString = fc.constantFrom(...HOSTILE_STRINGS);

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
};

const FORMATTED: Record<string, fc.Arbitrary<string>> = {
  date: fc.constantFrom('2024-01-31', '0000-01-01', '9999-12-31', '1900-01-01', '2024-13-01'),
  'date-time': fc.constantFrom(
    '2024-01-31T10:00:00Z',
    '0000-01-01T00:00:00Z',
    '9999-12-31T23:59:59Z',
  ),
  email: fc.constantFrom('a@b.co', 'x\u0000@b.co', `${'a'.repeat(300)}@b.co`),
  uri: fc.constantFrom(
    'https://example.com/x',
    'http://127.0.0.1:1/',
    'ftp://x',
    'https://a\u0000b.com',
  ),
};

/**
 * A value shaped like the schema (the JSON Schema of a zod schema); with `mixed`, hostile values
 * take the place of some of its parts.
 */
export function shaped(
  schema: JsonSchema | undefined,
  mixed = true,
  depth = 0,
): fc.Arbitrary<unknown> {
  if (!schema || depth > 4) return mixed ? hostile : fc.constant(undefined);
  const own = ownShape(schema, mixed, depth);
  return mixed ? fc.oneof({ weight: 4, arbitrary: own }, { weight: 1, arbitrary: hostile }) : own;
}

function ownShape(schema: JsonSchema, mixed: boolean, depth: number): fc.Arbitrary<unknown> {
  const shaped_ = (s: JsonSchema | undefined) => shaped(s, mixed, depth + 1);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const options = schema.anyOf ?? schema.oneOf;
  if (options?.length) return fc.oneof(...options.map(shaped_));
  if (schema.allOf?.length) return shaped_(schema.allOf[0]);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object': {
      const properties = Object.entries(schema.properties ?? {});
      if (properties.length === 0) {
        return mixed ? fc.dictionary(fc.string(), hostile, { maxKeys: 3 }) : fc.constant({});
      }
      const required = new Set(schema.required ?? []);
      const record = Object.fromEntries(properties.map(([k, v]) => [k, shaped_(v)]));
      return fc.record(record, {
        requiredKeys: properties.map(([k]) => k).filter((k) => required.has(k)),
      });
    }
    case 'array':
      return fc.array(shaped_(schema.items), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 4, 4),
      });
    case 'integer':
    case 'number': {
      const min = schema.minimum ?? (schema.exclusiveMinimum ?? -1001) + 1;
      const max = schema.maximum ?? (schema.exclusiveMaximum ?? 1_000_001) - 1;
      const inRange = fc.integer({
        min: Math.max(min, -(2 ** 31)),
        max: Math.min(max, 2 ** 31 - 1, Math.max(min, 0) + 5),
      });
      if (!mixed) return inRange;
      return fc.oneof(inRange, fc.constantFrom(min - 1, max + 1, 2_147_483_648, -0.5));
    }
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'string': {
      if (!mixed) return validString(schema);
      const formatted = schema.format ? FORMATTED[schema.format] : undefined;
      if (formatted) return fc.oneof(formatted, hostileString);
      return fc.oneof(
        fc.string({ minLength: schema.minLength ?? 0, maxLength: schema.maxLength ?? 40 }),
        fc.string({ unit: 'binary', maxLength: 20 }),
        hostileString,
      );
    }
    default:
      return hostile;
  }
}

const VALID_FORMATTED: Record<string, fc.Arbitrary<string>> = {
  date: fc.constantFrom('2024-01-31', '2023-06-15'),
  'date-time': fc.constantFrom('2024-01-31T10:00:00.000Z'),
  email: fc.constantFrom('dana@example.com'),
  uri: fc.constantFrom('https://example.com/portal/login'),
};

function validString(schema: JsonSchema & { pattern?: string }): fc.Arbitrary<string> {
  const formatted = schema.format ? VALID_FORMATTED[schema.format] : undefined;
  if (formatted) return formatted;
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.min(schema.maxLength ?? 24, Math.max(minLength, 24));
  if (schema.pattern) {
    return fc
      .stringMatching(new RegExp(schema.pattern))
      .filter((v) => v.length >= minLength && v.length <= (schema.maxLength ?? 10_000));
  }
  return fc.string({ unit: fc.constantFrom(...'abcdefghij klmnop0123'), minLength, maxLength });
}

/** Every leaf of a JSON value, as the path to it. */
export function leafPaths(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  if (value && typeof value === 'object') {
    const entries = Array.isArray(value)
      ? value.map((v, i) => [i, v] as const)
      : Object.entries(value);
    const inner = entries.flatMap(([k, v]) => leafPaths(v, [...prefix, k]));
    return inner.length ? inner : [prefix];
  }
  return [prefix];
}

/** A copy of `value` with the leaf at `path` replaced. */
export function replaceAt(value: unknown, path: (string | number)[], next: unknown): unknown {
  if (path.length === 0) return next;
  const [head, ...rest] = path as [string | number, ...(string | number)[]];
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<
    string | number,
    unknown
  >;
  copy[head] = replaceAt(copy[head], rest, next);
  return copy;
}

/** The JSON Schema of a route's zod schema (the input side), or undefined when it has none. */
export function jsonSchemaOf(schema: unknown): JsonSchema | undefined {
  if (!(schema instanceof z.ZodType)) return undefined;
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

/** Path parameters: the hostile ones a URL can carry, and small ids that may exist. */
export const pathValue = fc.oneof(
  fc.integer({ min: 1, max: 5 }).map(String),
  fc.constantFrom(
    '0',
    '-1',
    '2147483648',
    '99999999999999999999',
    '1e3',
    '1.5',
    'abc',
    '%00',
    '%E0%A4%A',
    'x'.repeat(101),
    'x'.repeat(300),
    '..%2F..%2Fetc',
  ),
);

/** Counts every request, refused ones too, on purpose: the rate limits' counters on PostgreSQL. */
const COUNTS_EVERY_REQUEST = ['rate_limits'];

/**
 * A digest of every row of every table of the app's own schema, to prove that a refused request
 * wrote nothing. `exclude` names tables whose rows count refusals on purpose (login throttling);
 * the rate limits' counters are never part of it.
 */
export async function tableDigest(db: Db, exclude: string[] = []): Promise<string> {
  const tables = await db.execute<{ name: string }>(
    sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  const skipped = [...COUNTS_EVERY_REQUEST, ...exclude];
  const names = tables.rows.map((t) => t.name).filter((n) => !skipped.includes(n));
  const parts = names.map(
    (n) =>
      `select '${n}' as name, count(*)::int as n, coalesce(md5(string_agg(t::text, '|' order by t::text)), '') as digest from "${n}" t`,
  );
  const result = await db.execute<{ name: string; n: number; digest: string }>(
    sql.raw(parts.join(' union all ')),
  );
  return result.rows.map((r) => `${r.name}:${r.n}:${r.digest}`).join('\n');
}
