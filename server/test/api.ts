import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { createTestApp, type TestApp } from './app.ts';
import { signedIn } from './factories.ts';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A signed-in user and the cookie to act as them. */
export type SignedIn = Awaited<ReturnType<typeof signedIn>>;

/**
 * API calls as whoever holds the session cookie, or anonymously without one. The app is read
 * at each call, since a test builds its app in beforeAll.
 */
export function caller(app: () => FastifyInstance) {
  return (method: Method, url: string, cookie?: string, payload?: object) =>
    app().inject({ method, url, payload, headers: cookie ? { cookie } : {} });
}

/** A fresh app with a signed-in admin and a signed-in user: the cast most API tests start with. */
export async function appWithAdminAndUser(env: Record<string, string> = {}) {
  const t = await createTestApp(env);
  const admin = await signedIn(t.app, t.database.db, 'admin');
  const user = await signedIn(t.app, t.database.db, 'user');
  return { t, admin, user };
}

type AdminAndUser = { t: TestApp; admin: SignedIn; user: SignedIn };

/**
 * A test file's app with a signed-in admin and a signed-in user, built before the file's tests
 * and closed after them: its fields are there once beforeAll has run.
 */
export function adminAndUserApp(env: Record<string, string> = {}): AdminAndUser {
  const suite = {} as AdminAndUser;
  beforeAll(async () => {
    Object.assign(suite, await appWithAdminAndUser(env));
  });
  afterAll(() => suite.t?.close());
  return suite;
}
