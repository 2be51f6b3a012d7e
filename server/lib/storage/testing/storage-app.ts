import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import { AppError } from '../../errors.ts';
import { LocalObjectStore } from '../local.ts';
import { localStorageRoutes } from '../local-routes.ts';

export const TEST_SECRET = 'storage-test-secret-storage-test-secret';

/** A clock the test moves by hand. */
export function testClock(start = Date.UTC(2026, 0, 15, 12)) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

export function tempStore(now?: () => number) {
  const dir = path.join(mkdtempSync(path.join(tmpdir(), 'ur-objects-')), 'objects');
  return new LocalObjectStore({ dir, secret: TEST_SECRET, now });
}

/** Every file under dir (objects, content-type files, partial uploads), relative. */
export function filesUnder(dir: string): string[] {
  try {
    return readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)));
  } catch {
    return [];
  }
}

/**
 * The storage routes in a bare Fastify app shaped like ours: zod validation, `{ message }`
 * errors, a 1 MB body limit and a JSON echo route that must keep its JSON parser.
 */
export async function storageApp(store: LocalObjectStore): Promise<FastifyInstance> {
  const app = Fastify({ bodyLimit: 1024 * 1024 });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler((error, _request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.code(400).send({ message: error.validation[0]?.message ?? 'Invalid request' });
    }
    if (error instanceof AppError)
      return reply.code(error.statusCode).send({ message: error.message });
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    return reply
      .code(status)
      .send({ message: status >= 500 ? 'Server error' : (error as Error).message });
  });
  app.post('/api/echo', { config: { access: 'public' } }, async (request) => ({
    body: request.body,
  }));
  await localStorageRoutes(app, { store });
  await app.ready();
  return app;
}
