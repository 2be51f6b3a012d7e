import { randomBytes } from 'node:crypto';
import { like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginFailures } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { createUser, TEST_PASSWORD, uniqueName } from '../../test/factories.ts';
import {
  loginThrottled,
  recordLoginFailure,
  THROTTLE_LIMITS,
  TOO_MANY_FAILURES,
  throttledAddress,
} from './throttle.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const attempt = (app: TestApp['app'], username: string, password: string, ip: string) =>
  app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { username, password },
    remoteAddress: ip,
  });

describe('sign-in throttling', () => {
  it('stops guessing at one account from one address, and lets that account in from elsewhere', async () => {
    const user = await createUser(t.database.db);
    const statuses: number[] = [];
    for (let i = 0; i < THROTTLE_LIMITS.accountAddress + 1; i++) {
      statuses.push((await attempt(t.app, user.username, 'wrong-guess', '203.0.113.9')).statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    const refused = await attempt(t.app, user.username, user.password, '203.0.113.9');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: TOO_MANY_FAILURES });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await attempt(t.app, user.username, user.password, '198.51.100.20')).statusCode).toBe(
      200,
    );
  });

  it('never locks the owner out: failures from anywhere leave a clean address its sign-in', async () => {
    const user = await createUser(t.database.db);
    // Enough failures for the account as a whole, one from each of many addresses.
    for (let i = 0; i < THROTTLE_LIMITS.account; i++) {
      const res = await attempt(t.app, user.username, `guess-${i}`, `192.0.2.${i + 1}`);
      expect(res.statusCode).toBe(401);
    }
    // The owner, from an address that has not failed for the account, gets in.
    expect((await attempt(t.app, user.username, user.password, '198.51.100.60')).statusCode).toBe(
      200,
    );
    // An address that failed for it is held back, even with the right password.
    const failedBefore = await attempt(t.app, user.username, user.password, '192.0.2.1');
    expect(failedBefore.statusCode).toBe(429);
    expect(failedBefore.json()).toEqual({ message: TOO_MANY_FAILURES });
  });

  it('gives each further address one guess at an account past its limit', async () => {
    const user = await createUser(t.database.db);
    for (let i = 0; i < THROTTLE_LIMITS.account; i++) {
      await attempt(t.app, user.username, `guess-${i}`, `192.0.2.${100 + i}`);
    }
    for (let a = 0; a < 5; a++) {
      const ip = `198.51.100.${100 + a}`;
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++) {
        statuses.push((await attempt(t.app, user.username, `more-${a}-${i}`, ip)).statusCode);
      }
      expect(statuses, ip).toEqual([401, 429, 429]);
    }
    expect((await attempt(t.app, user.username, user.password, '198.51.100.99')).statusCode).toBe(
      200,
    );
  });

  it('counts an IPv6 client by its /64, however many of its addresses it uses', async () => {
    const user = await createUser(t.database.db);
    const statuses: number[] = [];
    for (let i = 0; i <= THROTTLE_LIMITS.accountAddress; i++) {
      const ip = `2001:db8:7:1::${(i + 1).toString(16)}`;
      statuses.push((await attempt(t.app, user.username, 'wrong-guess', ip)).statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    expect((await attempt(t.app, user.username, user.password, '2001:db8:7:2::1')).statusCode).toBe(
      200,
    );
  });

  it('never holds back correct passwords from a shared address', async () => {
    for (let i = 0; i < 30; i++) {
      const user = await createUser(t.database.db);
      expect((await attempt(t.app, user.username, user.password, '198.51.100.50')).statusCode).toBe(
        200,
      );
    }
  });

  it('shares the counts between app processes on one database', async () => {
    const { buildApp } = await import('../../app.ts');
    const other = await buildApp({ config: t.config, database: t.database, jobMode: 'inline' });
    try {
      await other.databaseReady;
      const user = await createUser(t.database.db);
      for (let i = 0; i < THROTTLE_LIMITS.accountAddress; i++) {
        const app = i % 2 ? other : t.app;
        expect((await attempt(app, user.username, 'nope', '203.0.113.77')).statusCode).toBe(401);
      }
      expect((await attempt(other, user.username, 'nope', '203.0.113.77')).statusCode).toBe(429);
      expect((await attempt(t.app, user.username, 'nope', '203.0.113.77')).statusCode).toBe(429);
    } finally {
      await other.close();
    }
  });

  it('still limits registrations per address per minute', async () => {
    const limited = await createTestApp({ AUTH_RATE_LIMIT: '2' });
    try {
      const register = () =>
        limited.app.inject({
          method: 'POST',
          url: '/api/register',
          payload: { username: uniqueName(), password: TEST_PASSWORD },
          remoteAddress: '203.0.113.10',
        });
      expect((await register()).statusCode).toBe(201);
      expect((await register()).statusCode).toBe(201);
      const res = await register();
      expect(res.statusCode).toBe(429);
      expect(res.json()).toEqual({
        message: 'Too many attempts. Please wait a minute and try again.',
      });
    } finally {
      await limited.close();
    }
  });
});

describe('overlong sign-in names', () => {
  it('refuses a username longer than any account can have as bad input', async () => {
    const res = await attempt(t.app, 'x'.repeat(3000), 'whatever-password', '203.0.113.120');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Username must be at most 254 characters' });
  });

  it('counts a failure under the longest accepted name', async () => {
    const name = 'y'.repeat(254);
    expect((await attempt(t.app, name, 'whatever-password', '203.0.113.121')).statusCode).toBe(401);
    const rows = await t.database.db
      .select()
      .from(loginFailures)
      .where(like(loginFailures.key, '%203.0.113.121'));
    expect(rows.map((r) => r.failures)).toEqual([1, 1]);
  });

  it('keeps every failure record small enough for its index, whatever the name', async () => {
    // Random, so that the database cannot compress it below the index's limit.
    const name = randomBytes(1600).toString('hex');
    for (let i = 0; i < THROTTLE_LIMITS.accountAddress; i++) {
      await recordLoginFailure(t.database.db, name, '203.0.113.122');
    }
    expect(await loginThrottled(t.database.db, name, '203.0.113.122')).not.toBeNull();
    expect(await loginThrottled(t.database.db, `${name}x`, '203.0.113.122')).toBeNull();
  });
});

describe('throttledAddress', () => {
  it.each([
    ['203.0.113.5', '203.0.113.5'],
    ['::ffff:203.0.113.5', '203.0.113.5'],
    ['2001:db8:7:1::a', '2001:db8:7:1::/64'],
    ['2001:0DB8:0007:0001:ffff:1:2:3', '2001:db8:7:1::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['64:ff9b::203.0.113.5', '64:ff9b:0:0::/64'],
  ])('counts %s as %s', (ip, expected) => {
    expect(throttledAddress(ip)).toBe(expected);
  });
});
