import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';
import {
  attachFile,
  createProvider,
  loginAccepted,
  submission,
  submitForm,
} from '../test/connections.ts';
import { createApiKey, login, signedIn, signedInPremium } from '../test/factories.ts';
import { EXPECTED, ROLES, type Role } from './role-matrix.expected.ts';

/**
 * Who may call what, from the app's own route table: every registered /api route has an
 * expected answer for nobody, its owner (a user), another user and an admin. A route added
 * without a line in role-matrix.expected.ts fails here. Ids in the paths are the owner's rows,
 * so "other" proves that a user never reaches another user's data.
 */

/** Bodies that pass validation, so that ownership (not input) decides the answer. */
const BODIES: Record<string, (ids: Ids) => unknown> = {
  'PUT /api/my/webhooks/:id': () => ({
    url: 'https://example.com/hooks/changed',
    events: ['connection.created'],
  }),
  'POST /api/record-usage': (ids) => ({ connectionId: ids.connection }),
  'PUT /api/connections/:id': () => ({ notes: 'checked' }),
  'POST /api/connections/:id/bill-estimate': () => ({
    urdb: {
      name: 'Synthetic flat rate',
      energyratestructure: [[{ rate: 0.2 }]],
      energyweekdayschedule: Array.from({ length: 12 }, () => Array(24).fill(0)),
      energyweekendschedule: Array.from({ length: 12 }, () => Array(24).fill(0)),
    },
  }),
};

type Ids = {
  connection: number;
  file: number;
  webhook: number;
  apiKey: number;
  usage: number;
  victim: number;
  formUrl: string;
};

/** The row a path's `:id` names, by the path's first part. */
function idFor(url: string, ids: Ids): string {
  if (url.startsWith('/api/files/')) return String(ids.file);
  if (url.startsWith('/api/my/webhooks/')) return String(ids.webhook);
  if (url.startsWith('/api/api-keys/')) return String(ids.apiKey);
  if (url.startsWith('/api/usage/')) return String(ids.usage);
  if (url.startsWith('/api/users/')) return String(ids.victim);
  if (url.startsWith('/api/connections/')) return String(ids.connection);
  return '1';
}

/** Requests that change who is signed in or what plan they have run last. */
const LAST = [
  'POST /api/billing/test-card',
  'POST /api/billing/cancel',
  'POST /api/billing/plan',
  'POST /api/logout',
];
const order = (key: string) =>
  LAST.includes(key) ? 3 : key.startsWith('DELETE') ? 2 : key.startsWith('GET') ? 0 : 1;

describe('the role matrix of every route', () => {
  let t: TestApp;
  const cookies: Partial<Record<Role, string>> = {};
  const names: Partial<Record<Role, string>> = {};
  let ids: Ids;

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    const owner = await signedInPremium(t.app, db);
    const other = await signedInPremium(t.app, db);
    const admin = await signedIn(t.app, db, 'admin');
    const victim = await signedIn(t.app, db);
    Object.assign(cookies, { user: owner.cookie, other: other.cookie, admin: admin.cookie });
    Object.assign(names, {
      user: owner.user.username,
      other: other.user.username,
      admin: admin.user.username,
    });
    const formUrl = owner.user.uniqueFormUrl;
    const provider = await createProvider(db);
    const sent = await submitForm(t.app, formUrl, submission(provider.id));
    const connection = sent.json().id as number;
    await loginAccepted(t.app, connection);
    const file = await attachFile(t.app, admin.cookie, connection, {
      fileName: 'bill.pdf',
      contentType: 'application/pdf',
      body: Buffer.from('%PDF-1.4\n%%EOF\n'),
    });
    const hook = await t.app.inject({
      method: 'POST',
      url: '/api/my/webhooks',
      headers: { cookie: owner.cookie },
      payload: { url: 'https://example.com/hooks/1', events: ['connection.created'] },
    });
    const usage = await t.app.inject({
      method: 'POST',
      url: '/api/record-usage',
      headers: { cookie: owner.cookie },
      payload: { connectionId: connection },
    });
    const apiKey = (await createApiKey(t.app, owner.cookie)).apiKey.id;
    ids = {
      connection,
      file,
      webhook: hook.json().id,
      apiKey,
      usage: usage.json().id,
      victim: victim.user.id,
      formUrl,
    };
  });
  afterAll(() => t?.close());

  it('gives every route an expected answer for each role, and no route more', () => {
    const registered = t.app.apiRoutes.map((r) => `${r.method} ${r.url}`);
    expect(registered.filter((key) => !EXPECTED[key])).toEqual([]);
    expect(Object.keys(EXPECTED).filter((key) => !registered.includes(key))).toEqual([]);
  });

  it('answers each role as expected', async () => {
    const routes = [...t.app.apiRoutes].sort(
      (a, b) => order(`${a.method} ${a.url}`) - order(`${b.method} ${b.url}`),
    );
    const actual: Record<string, number[]> = {};
    for (const route of routes) {
      const key = `${route.method} ${route.url}`;
      const url = route.url
        .replace(':uniqueFormUrl', ids.formUrl)
        .replace(':format', 'pdf')
        .replace(':id', idFor(route.url, ids))
        .replace('*', 'connection-files/x/y.pdf');
      const body = BODIES[key]?.(ids);
      // The owner last: a request that deletes or changes a row would hide the others' answers.
      const answers: Partial<Record<Role, number>> = {};
      for (const role of ['anonymous', 'other', 'admin', 'user'] as Role[]) {
        const cookie = cookies[role];
        const res = await t.app.inject({
          method: route.method as 'GET',
          url,
          headers: cookie ? { cookie } : {},
          ...(route.method === 'GET' || (route.method === 'DELETE' && !body)
            ? {}
            : { payload: (body ?? {}) as object }),
        });
        answers[role] = res.statusCode;
        await t.app.services.queue.drain();
        if (key === 'POST /api/logout' && role !== 'anonymous') {
          cookies[role] = await login(t.app, names[role] as string);
        }
      }
      actual[key] = ROLES.map((role) => answers[role] as number);
    }
    if (process.env.ROLE_MATRIX_PRINT) {
      const lines = Object.entries(actual).map(([k, v]) => `  '${k}': [${v.join(', ')}],`);
      console.log(`ROLE MATRIX\n${lines.join('\n')}`);
    }
    const wrong = Object.entries(actual)
      .filter(([key, got]) => JSON.stringify(got) !== JSON.stringify(EXPECTED[key]))
      .map(
        ([key, got]) =>
          `${key}: expected ${JSON.stringify(EXPECTED[key])}, got ${JSON.stringify(got)}`,
      );
    expect(wrong).toEqual([]);
  });

  it('never lets another user or nobody succeed on a route with an owner', () => {
    for (const [key, [anonymous, , other]] of Object.entries(EXPECTED)) {
      if (!key.includes(':id')) continue;
      const route = t.app.apiRoutes.find((r) => `${r.method} ${r.url}` === key);
      if (route?.access === 'public') continue;
      expect(anonymous, key).toBe(401);
      expect(other, key).toBeGreaterThanOrEqual(400);
    }
  });
});
