import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Role } from '../../common/api.ts';
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
