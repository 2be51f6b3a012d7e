import type { Form } from './form.ts';

export type Json = Record<string, unknown>;
export type Meta = Record<string, string>;

/** One endpoint: its method and path, the parameters it takes, and what it does. */
export type Route = {
  method: string;
  path: RegExp;
  /** Creating or moving money: our own Idempotency-Key must come with it. */
  needsKey?: boolean;
  allowed: string[];
  /** Gets the path's captured parts and the parameters; returns Stripe's object or throws an Answer. */
  handle: (params: string[], form: Form) => Json;
};

/** An answer that stops a handler; `ours` marks a request our code should never send. */
export class Answer extends Error {
  constructor(
    readonly status: number,
    readonly error: Json,
    readonly ours = false,
  ) {
    super(String(error.message));
  }
}

/** A request our code should never send: answered as Stripe does, and recorded as unexpected. */
export const ours = (message: string, param?: string) =>
  new Answer(400, { type: 'invalid_request_error', message, param }, true);

/** Stripe's answer for an id it does not hold: 404 for the path's object, 400 for a parameter. */
export const noSuch = (kind: string, id: string, param = 'id') =>
  new Answer(param === 'id' ? 404 : 400, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    message: `No such ${kind}: '${id}'`,
    param,
  });

/** A refusal that is Stripe's rule, not a mistake of ours (not recorded as unexpected). */
export const refused = (error: { code?: string; message: string; param?: string }) =>
  new Answer(400, { type: 'invalid_request_error', ...error });

// Parameter checks: each refuses, as Stripe would, a request that lacks what the call needs.

export const text = (form: Form, key: string): string | undefined => {
  const value = form[key];
  return typeof value === 'string' ? value : undefined;
};

export const required = (form: Form, key: string): string => {
  const value = text(form, key);
  if (!value) throw ours(`Missing required param: ${key}.`, key);
  return value;
};

export const positiveInt = (form: Form, key: string): number => {
  const value = required(form, key);
  if (!/^[1-9]\d*$/.test(value)) throw ours(`Invalid integer: ${value}`, key);
  return Number(value);
};

export const exactly = (form: Form, key: string, expected: string) => {
  if (text(form, key) !== expected) throw ours(`We expected ${key}=${expected}.`, key);
};

export const metadata = (form: Form): Meta => {
  const value = form.metadata;
  if (value === undefined) return {};
  if (typeof value !== 'object' || Array.isArray(value)) throw ours('Invalid metadata', 'metadata');
  return Object.fromEntries(
    Object.entries(value).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string',
    ),
  );
};

/** GET of one object by the id in its path; it takes no parameters. */
export const getById = (path: RegExp, render: (id: string) => Json): Route => ({
  method: 'GET',
  path,
  allowed: [],
  handle: ([id]) => render(String(id)),
});
