import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { sessions } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { TEST_PASSWORD, uniqueName } from '../../test/factories.ts';

/**
 * Behind proxies the client's address is read from X-Forwarded-For, whose left-hand entries the
 * client writes itself. Only the entries the configured proxies appended may be believed, or a
 * client picks a new address per request and every per-address limit is void.
 */

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const PROXY = '10.0.0.7';

/** A registration arriving through the proxy at PROXY, which appended `forwardedFor`. */
const register = (app: TestApp['app'], forwardedFor: string, peer = PROXY) =>
  app.inject({
    method: 'POST',
    url: '/api/register',
    payload: { username: uniqueName(), password: TEST_PASSWORD },
    remoteAddress: peer,
    headers: { 'x-forwarded-for': forwardedFor },
  });

/** The address the app recorded for a registration's session: whom it took the client for. */
async function addressSeen(app: TestApp, res: Awaited<ReturnType<typeof register>>) {
  expect(res.statusCode, res.body).toBe(201);
  const [row] = await app.database.db
    .select({ ip: sessions.ip })
    .from(sessions)
    .where(eq(sessions.userId, res.json().id));
  return row?.ip;
}

describe.each(['1', 'true'])('TRUST_PROXY=%s (one proxy in front)', (setting) => {
  it('counts spoofed left-most X-Forwarded-For entries from one client as that client', async () => {
    t = await createTestApp({ TRUST_PROXY: setting, AUTH_RATE_LIMIT: '3' });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      // The client wrote `198.18.0.i`; the proxy appended the address it really came from.
      statuses.push((await register(t.app, `198.18.0.${i + 1}, 203.0.113.40`)).statusCode);
    }
    expect(statuses).toEqual([201, 201, 201, 429, 429, 429]);
    // Another client behind the same proxy has its own count.
    expect(await addressSeen(t, await register(t.app, '198.18.0.1, 203.0.113.41'))).toBe(
      '203.0.113.41',
    );
  });
});

describe('TRUST_PROXY with a list of proxies', () => {
  it('takes the first address from the right that is not one of them', async () => {
    t = await createTestApp({ TRUST_PROXY: '10.0.0.0/8, 192.0.2.1' });
    const chain = await register(t.app, '198.18.0.9, 203.0.113.50, 192.0.2.1, 10.1.2.3');
    expect(await addressSeen(t, chain)).toBe('203.0.113.50');
    // A client reaching the app directly forwards nothing the app believes.
    const direct = await register(t.app, '10.0.0.1, 198.18.0.9', '203.0.113.60');
    expect(await addressSeen(t, direct)).toBe('203.0.113.60');
  });
});
