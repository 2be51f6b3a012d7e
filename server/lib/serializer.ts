import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { type ZodType, z } from 'zod';

/**
 * Response bodies are written by fast-json-stringify from the JSON Schema of each route's zod
 * response schema: only declared fields are written (a password hash on the row never reaches
 * the body), and it costs a fraction of zod's encode + JSON.stringify, which was the largest
 * part of a cached GET /api/user. A schema JSON Schema cannot express (a transform, a Date)
 * keeps zod's serializer.
 *
 * `check` also runs every answer through the zod schema and fails the request when it does not
 * match, as zod's serializer does: the test suite turns it on so a handler that drifts from the
 * contract in common/ fails there, not in a browser.
 */
export function responseSerializerCompiler(options: {
  check: boolean;
}): FastifySerializerCompiler<ZodType> {
  return (route) => {
    const viaZod = zodSerializerCompiler(route);
    const stringify = compileFast(route.schema);
    if (!stringify) return viaZod;
    if (!options.check) return stringify;
    return (data) => {
      viaZod(data);
      return stringify(data);
    };
  };
}

function compileFast(schema: ZodType): ((data: unknown) => string) | undefined {
  let jsonSchema: object;
  try {
    jsonSchema = z.toJSONSchema(schema, { io: 'output', target: 'draft-7' });
  } catch {
    return undefined;
  }
  return fastJson(jsonSchema);
}
