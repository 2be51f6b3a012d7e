import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Role } from '../../common/api.ts';
import { CreatedApiKey } from '../../common/api-keys.ts';
import type { Db } from '../db/client.ts';
import { createUser as insertUser, type UserRow } from '../features/users/service.ts';

export const uniqueName = (prefix = 'user') => `${prefix}_${randomBytes(4).toString('hex')}`;

export const TEST_PASSWORD = 'correct horse battery';

export async function createUser(
  db: Db,
  options: { role?: Role; username?: string; email?: string | null; password?: string } = {},
): Promise<UserRow & { password: string }> {
  const password = options.password ?? TEST_PASSWORD;
  const row = await insertUser(db, {
    username: options.username ?? uniqueName(options.role ?? 'user'),
    email: options.email ?? null,
    password,
    role: options.role ?? 'user',
  });
  return { ...row, password };
}

/** Signs in through the real login route and returns the Cookie header to send. */
export async function login(app: FastifyInstance, username: string, password = TEST_PASSWORD) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { username, password },
  });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  const cookie = res.cookies.find((c) => c.name === 'sid');
  if (!cookie) throw new Error('login set no session cookie');
  return `sid=${cookie.value}`;
}

/** A signed-in user of the given role, with the cookie to act as them. */
export async function signedIn(app: FastifyInstance, db: Db, role: Role = 'user') {
  const user = await createUser(db, { role });
  return { user, cookie: await login(app, user.username, user.password) };
}

/** A signed-in user on the Monthly Subscription plan (test mode: a test card, no Stripe). */
export async function signedInPremium(app: FastifyInstance, db: Db, role: Role = 'user') {
  const who = await signedIn(app, db, role);
  const res = await app.inject({
    method: 'POST',
    url: '/api/billing/test-card',
    payload: { plan: 'premium' },
    headers: { cookie: who.cookie },
  });
  if (res.json().plan !== 'premium') throw new Error(`no premium plan: ${res.body}`);
  return who;
}

/** A new API key of a signed-in premium user: the key itself and its id. */
export async function createApiKey(app: FastifyInstance, cookie: string, name = 'Nightly sync') {
  const res = await app.inject({
    method: 'POST',
    url: '/api/api-keys',
    payload: { name },
    headers: { cookie },
  });
  if (res.statusCode !== 201) throw new Error(`key not created: ${res.statusCode} ${res.body}`);
  return CreatedApiKey.parse(res.json());
}
