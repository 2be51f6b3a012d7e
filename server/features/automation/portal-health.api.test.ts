import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { AttentionPage } from '../../../common/attention.ts';
import { RETRIEVAL_QUEUED } from '../../../common/automation.ts';
import { Connection } from '../../../common/connections.ts';
import { ProviderHealth, ProvidersHealth } from '../../../common/portal-health.ts';
import { Provider } from '../../../common/providers.ts';
import { portalAttempts, providers } from '../../db/schema.ts';
import { createProvider, submission, submitForm } from '../../test/connections.ts';
import { createUser } from '../../test/factories.ts';
import type { PortalAttempt } from './portal-health.ts';
import { PORTAL_ACCOUNTS } from './testing/portals.ts';
import { portalsAndApp } from './testing/setup.ts';

const env = portalsAndApp({ BROWSER_PAGE_TIMEOUT_SECONDS: '5' });

const DAY = 86_400_000;
const HOUR = 3_600_000;
// The tests that drive the test portals walk them twice each: a loaded machine needs the time.

const api = (method: 'GET' | 'POST' | 'PUT', url: string, cookie?: string, payload?: object) =>
  env.t.app.inject({ method, url, headers: cookie ? { cookie } : {}, payload });

const connection = async (id: number) =>
  Connection.parse((await api('GET', `/api/connections/${id}`, env.admin)).json());

const submit = async (providerId: number, login = PORTAL_ACCOUNTS.good) => {
  const owner = await createUser(env.t.database.db);
  const res = await submitForm(env.t.app, owner.uniqueFormUrl, submission(providerId, login));
  expect(res.statusCode).toBe(201);
  return res.json().id as number;
};

const attemptsOf = (providerId: number) =>
  env.t.database.db
    .select()
    .from(portalAttempts)
    .where(eq(portalAttempts.providerId, providerId))
    .orderBy(portalAttempts.id);

const health = async (providerId: number) => {
  const res = await api('GET', `/api/providers/${providerId}/health`, env.admin);
  expect(res.statusCode).toBe(200);
  return ProviderHealth.parse(res.json());
};

describe('retrieve automatically, per provider', () => {
  it('is on by default, refuses anything but true or false, and is saved through the API', async () => {
    const created = await api('POST', '/api/providers', env.admin, {
      name: 'Switch Electric',
      state: 'California',
      loginUrl: env.portals.url('/retrieval/full/'),
    });
    expect(created.statusCode).toBe(201);
    const provider = Provider.parse(created.json());
    expect(provider.retrieveAutomatically).toBe(true);

    const before = await env.t.database.db.select().from(providers);
    const bad = await api('PUT', `/api/providers/${provider.id}`, env.admin, {
      name: 'Switch Electric',
      state: 'California',
      retrieveAutomatically: 'no',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: 'Retrieve automatically must be true or false' });
    expect(await env.t.database.db.select().from(providers)).toEqual(before);

    const off = await api('POST', '/api/providers', env.admin, {
      name: 'Hand Upload Power',
      state: 'Oregon',
      retrieveAutomatically: false,
    });
    expect(Provider.parse(off.json()).retrieveAutomatically).toBe(false);
    const listed = (await api('GET', '/api/providers', env.admin)).json() as Provider[];
    expect(listed.find((p) => p.id === provider.id)?.retrieveAutomatically).toBe(true);
    expect(listed.find((p) => p.name === 'Hand Upload Power')?.retrieveAutomatically).toBe(false);
    // The customer form's list says nothing of how the data is gathered.
    const publicList = (await api('GET', '/api/providers')).json() as object[];
    expect(publicList.some((p) => 'retrieveAutomatically' in p)).toBe(false);
  });

  it('off: the check signs in only and says an admin uploads the files; Retrieve now still fetches them', async () => {
    const provider = await createProvider(env.t.database.db, {
      loginUrl: env.portals.url('/retrieval/full/'),
    });
    const put = await api('PUT', `/api/providers/${provider.id}`, env.admin, {
      name: provider.name,
      state: provider.state,
      retrieveAutomatically: false,
    });
    expect(put.json()).toMatchObject({ retrieveAutomatically: false });

    const id = await submit(provider.id);
    await env.t.app.services.queue.drain();
    const checked = await connection(id);
    expect(checked.credentialsVerified).toBe(true);
    expect(checked.verificationMessage).toBe(
      'Signed in to the utility portal. This utility’s bills and usage data are not fetched automatically: our team downloads and uploads them by hand.',
    );
    expect(checked.retrieval).toBeNull();
    expect(checked.files).toEqual([]);
    expect(checked.status).toBe('pending');
    expect(checked.hasCredentials).toBe(true);
    expect((await attemptsOf(provider.id)).map((a) => [a.kind, a.outcome])).toEqual([
      ['sign_in', 'success'],
    ]);

    const byHand = await api('POST', `/api/connections/${id}/retrieve`, env.admin);
    expect(byHand.statusCode).toBe(202);
    expect(byHand.json()).toEqual({ message: RETRIEVAL_QUEUED });
    await env.t.app.services.queue.drain();
    const fetched = await connection(id);
    expect(fetched.files.map((f) => f.source)).toEqual(['retrieved', 'retrieved', 'retrieved']);
    expect(fetched.status).toBe('complete');
    const attempts = await attemptsOf(provider.id);
    expect(attempts.map((a) => [a.kind, a.outcome, a.connectionId])).toEqual([
      ['sign_in', 'success', id],
      ['sign_in', 'success', id],
      ['retrieval', 'success', id],
    ]);
  }, 180_000);

  it('on: the same check goes on to retrieve, and a refused login is recorded with its reason', async () => {
    const provider = await createProvider(env.t.database.db, {
      loginUrl: env.portals.url('/retrieval/full/'),
    });
    expect(provider.retrieveAutomatically).toBe(true);
    const id = await submit(provider.id);
    const refused = await submit(provider.id, PORTAL_ACCOUNTS.wrong);
    await env.t.app.services.queue.drain();
    const got = await connection(id);
    expect(got.status).toBe('complete');
    expect(got.files).toHaveLength(3);

    const attempts = await attemptsOf(provider.id);
    const of = (connectionId: number) =>
      attempts
        .filter((a) => a.connectionId === connectionId)
        .map((a) => [a.kind, a.outcome, a.reason]);
    expect(of(id)).toEqual([
      ['sign_in', 'success', null],
      ['retrieval', 'success', null],
    ]);
    expect(of(refused)).toEqual([['sign_in', 'failure', 'invalid_credentials']]);
    const figures = await health(provider.id);
    expect(figures.windows[0]).toMatchObject({
      days: 7,
      signIns: 2,
      signInRate: 0.5,
      retrievals: 1,
      retrievalRate: 1,
      codeShare: 0,
    });
    expect(figures.lastFailure).toMatchObject({
      kind: 'sign_in',
      reason: 'The portal refused the customer’s username or password',
    });
  }, 180_000);
});

describe("each utility's health", () => {
  /** Attempts at fixed distances before now, through the service, as checks record them. */
  const record = async (
    providerId: number,
    rows: Array<Partial<PortalAttempt> & Pick<PortalAttempt, 'kind' | 'outcome'> & { ago: number }>,
    now = Date.now(),
  ) => {
    for (const { ago, ...row } of rows) {
      const finishedAt = new Date(now - ago);
      await env.t.app.services.portalHealth.record({
        providerId,
        connectionId: null,
        startedAt: new Date(finishedAt.getTime() - 60_000),
        finishedAt,
        ...row,
      });
    }
  };

  it('gives the rates, the code share and the median time to data over 7 and 30 days', async () => {
    const provider = await createProvider(env.t.database.db);
    const now = Date.now();
    const submitted = (hoursBefore: number, ago: number) =>
      new Date(now - ago - hoursBefore * HOUR);
    await record(
      provider.id,
      [
        // The last 7 days: 4 sign-ins (3 good, 1 asked for a code), 3 retrievals (2 good).
        { kind: 'sign_in', outcome: 'success', ago: 1 * DAY, askedCode: true },
        { kind: 'sign_in', outcome: 'success', ago: 2 * DAY },
        { kind: 'sign_in', outcome: 'success', ago: 3 * DAY },
        { kind: 'sign_in', outcome: 'failure', reason: 'portal_unavailable', ago: 4 * DAY },
        {
          kind: 'retrieval',
          outcome: 'success',
          ago: 1 * DAY,
          submittedAt: submitted(2, 1 * DAY),
        },
        {
          kind: 'retrieval',
          outcome: 'success',
          ago: 2 * DAY,
          submittedAt: submitted(6, 2 * DAY),
        },
        {
          kind: 'retrieval',
          outcome: 'failure',
          reason: 'incomplete',
          detail: 'found no usage export',
          ago: 3 * DAY,
        },
        // 8 to 30 days ago: 2 sign-ins (1 good, both asked for a code), 1 good retrieval.
        { kind: 'sign_in', outcome: 'failure', reason: 'no_code', askedCode: true, ago: 10 * DAY },
        { kind: 'sign_in', outcome: 'success', askedCode: true, ago: 20 * DAY },
        {
          kind: 'retrieval',
          outcome: 'success',
          ago: 20 * DAY,
          submittedAt: submitted(30, 20 * DAY),
        },
        // Older than 30 days: in no window.
        { kind: 'sign_in', outcome: 'failure', reason: 'captcha', ago: 40 * DAY },
      ],
      now,
    );

    const figures = await health(provider.id);
    expect(figures.windows).toEqual([
      {
        days: 7,
        signIns: 4,
        signInRate: 0.75,
        retrievals: 3,
        retrievalRate: 2 / 3,
        codeShare: 0.25,
        medianSecondsToData: 4 * 3600,
      },
      {
        days: 30,
        signIns: 6,
        signInRate: 4 / 6,
        retrievals: 4,
        retrievalRate: 0.75,
        codeShare: 0.5,
        medianSecondsToData: 6 * 3600,
      },
    ]);
    expect(figures.lastFailure).toEqual({
      kind: 'retrieval',
      at: new Date(now - 3 * DAY).toISOString(),
      reason: 'The bills or the usage export were not found',
      detail: 'found no usage export',
    });
    expect(figures.flags).toEqual([]);

    // Eight days on, the first week's attempts have left the 7-day window.
    const later = await env.t.app.services.portalHealth.forProvider(
      provider.id,
      new Date(now + 8 * DAY),
    );
    expect(later.windows[0]).toMatchObject({ signIns: 0, signInRate: null, retrievals: 0 });
    expect(later.windows[1]).toMatchObject({ signIns: 6, retrievals: 4 });

    // The list has every provider, one with no attempts too.
    const quiet = await createProvider(env.t.database.db);
    const list = ProvidersHealth.parse(
      (await api('GET', '/api/providers/health', env.admin)).json(),
    );
    expect(list.providers.find((p) => p.providerId === provider.id)).toEqual(figures);
    expect(list.providers.find((p) => p.providerId === quiet.id)).toMatchObject({
      windows: [
        { days: 7, signIns: 0, signInRate: null, codeShare: null, medianSecondsToData: null },
        { days: 30, signIns: 0, signInRate: null },
      ],
      lastFailure: null,
      flags: [],
    });
  });

  it('is for admins only', async () => {
    const provider = await createProvider(env.t.database.db);
    for (const url of ['/api/providers/health', `/api/providers/${provider.id}/health`]) {
      expect((await api('GET', url)).statusCode).toBe(401);
      expect((await api('GET', url, env.user)).statusCode).toBe(403);
    }
    expect((await api('GET', '/api/providers/999999/health', env.admin)).statusCode).toBe(404);
    expect((await api('GET', '/api/providers/abc/health', env.admin)).statusCode).toBe(400);
  });

  it('flags a utility failing over 7 days in Needs attention, and unflags it when it recovers', async () => {
    const provider = await createProvider(env.t.database.db, { name: 'Flaky Gas & Electric' });
    const flagged = async () => {
      const res = await api('GET', '/api/admin/attention', env.admin);
      expect(res.statusCode).toBe(200);
      return AttentionPage.parse(res.json()).utilities.find((u) => u.providerId === provider.id);
    };
    // Two failures: too few tries to call it a trend.
    await record(provider.id, [
      { kind: 'sign_in', outcome: 'failure', reason: 'navigation_failed', ago: 1 * DAY },
      { kind: 'sign_in', outcome: 'failure', reason: 'navigation_failed', ago: 2 * DAY },
    ]);
    expect(await flagged()).toBeUndefined();

    await record(provider.id, [
      { kind: 'sign_in', outcome: 'failure', reason: 'navigation_failed', ago: 3 * DAY },
      { kind: 'sign_in', outcome: 'success', ago: 4 * DAY },
      { kind: 'sign_in', outcome: 'success', ago: 9 * DAY },
      { kind: 'retrieval', outcome: 'failure', reason: 'incomplete', ago: 1 * DAY },
      { kind: 'retrieval', outcome: 'failure', reason: 'timed_out', ago: 2 * DAY },
      { kind: 'retrieval', outcome: 'success', ago: 3 * DAY },
    ]);
    expect(await flagged()).toEqual({
      providerId: provider.id,
      providerName: 'Flaky Gas & Electric',
      reasons: ['sign_in_failing', 'retrieval_failing'],
      why: [
        'Signing in works only 25% of the time (4 tries in 7 days): check the sign-in settings',
        'Retrieval brings back the data only 33% of the time (3 tries in 7 days): check the retrieval settings or upload by hand',
      ],
    });
    expect((await health(provider.id)).flags).toEqual(['sign_in_failing', 'retrieval_failing']);

    // Sign-ins work again (4 of 7) and retrievals reach the threshold itself (2 of 4): no longer
    // listed.
    await record(provider.id, [
      { kind: 'sign_in', outcome: 'success', ago: HOUR },
      { kind: 'sign_in', outcome: 'success', ago: 2 * HOUR },
      { kind: 'sign_in', outcome: 'success', ago: 3 * HOUR },
      { kind: 'retrieval', outcome: 'success', ago: HOUR },
    ]);
    expect(await flagged()).toBeUndefined();
    expect((await health(provider.id)).windows[0]).toMatchObject({
      signIns: 7,
      signInRate: 4 / 7,
      retrievals: 4,
      retrievalRate: 0.5,
    });
  });
});
