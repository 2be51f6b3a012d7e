import { EventEmitter } from 'node:events';
import type { FastifyInstance } from 'fastify';
import { badRequest } from '../lib/errors.ts';

/**
 * C0 control characters (tab, line feed and carriage return aside) and DEL. PostgreSQL refuses
 * NUL in text outright, and none of them belongs in a name, an address, a search or a link.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point.
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** Deeper than any of our schemas: past it, validation refuses the shape anyway. */
const MAX_DEPTH = 32;

/** Parsed JSON, a query or parameters; never a raw body (a stream or a buffer). */
function isParsedData(value: unknown): value is object {
  if (!value || typeof value !== 'object') return false;
  return !(Buffer.isBuffer(value) || value instanceof EventEmitter);
}

/** The path of the first string (or key) holding a control character, or undefined. */
export function controlCharacterAt(value: unknown, path = '', depth = 0): string | undefined {
  if (typeof value === 'string') return CONTROL.test(value) ? path || 'value' : undefined;
  if (depth > MAX_DEPTH || !isParsedData(value)) return undefined;
  const entries = Array.isArray(value) ? value.entries() : Object.entries(value);
  for (const [key, inner] of entries) {
    const at = typeof key === 'number' ? `${path}[${key}]` : path ? `${path}.${key}` : key;
    if (typeof key === 'string' && CONTROL.test(key)) return at;
    const found = controlCharacterAt(inner, at, depth + 1);
    if (found) return found;
  }
  return undefined;
}

/**
 * Refuses, before validation, any request whose path parameters, query or JSON body carry a
 * control character, with a 400 that names the field. Raw bodies (uploads, Stripe's signed
 * events) are not text fields and pass untouched.
 */
export function registerInputGuard(app: FastifyInstance) {
  app.addHook('preValidation', (request, _reply, done) => {
    const field =
      controlCharacterAt(request.params) ??
      controlCharacterAt(request.query) ??
      controlCharacterAt(request.body);
    if (field) return done(badRequest(`${field} must not contain control characters`));
    done();
  });
}
