import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { RETRIEVAL_NEEDS_LOGIN, RETRIEVAL_QUEUED } from '../../../common/automation.ts';
import { Connection } from '../../../common/connections.ts';
import { connectionFiles } from '../../db/schema.ts';
import { createProvider, submission, submitForm } from '../../test/connections.ts';
import { createUser } from '../../test/factories.ts';
import { pageWithoutSecrets } from '../connections/retrieved.ts';
import { PORTAL_ACCOUNTS } from './testing/portals.ts';
import { statementPdf } from './testing/retrieval-portals.ts';
import { portalsAndApp } from './testing/setup.ts';

const env = portalsAndApp({ BROWSER_PAGE_TIMEOUT_SECONDS: '5' });

const submit = async (variant: string) => {
  const owner = await createUser(env.t.database.db);
  const provider = await createProvider(env.t.database.db, {
    loginUrl: env.portals.url(`/retrieval/${variant}/`),
  });
  const res = await submitForm(
    env.t.app,
    owner.uniqueFormUrl,
    submission(provider.id, PORTAL_ACCOUNTS.good),
  );
  expect(res.statusCode).toBe(201);
  return res.json().id as number;
};
const connection = async (id: number) => {
  const res = await env.t.app.inject({
    method: 'GET',
    url: `/api/connections/${id}`,
    headers: { cookie: env.admin },
  });
  return Connection.parse(res.json());
};
const retrieveNow = (id: number, cookie?: string) =>
  env.t.app.inject({
    method: 'POST',
    url: `/api/connections/${id}/retrieve`,
    headers: cookie ? { cookie } : {},
  });

describe('retrieval after the customer submits the form', () => {
  it('keeps the two latest bills and the usage export, imports them, and completes the connection', async () => {
    const id = await submit('full');
    await env.t.app.services.queue.drain();
    const got = await connection(id);
    expect(got.credentialsVerified).toBe(true);
    expect(got.retrieval).toMatchObject({
      bills: 2,
      intervalExport: 'found',
      message: 'bills found: 2; interval export: found. The connection is complete.',
    });
    expect(got.status).toBe('complete');
    // Completing purges the login, as when an admin completes the connection.
    expect(got.hasCredentials).toBe(false);
    expect(got.files.map((f) => [f.fileName, f.source, f.importStatus])).toEqual([
      ['statement-b2.pdf', 'retrieved', 'imported'],
      ['statement-c3.pdf', 'retrieved', 'imported'],
      ['GreenButtonData.xml', 'retrieved', 'imported'],
    ]);
    expect(got.files[0]?.sourcePage).toBe(env.portals.url('/retrieval/full/bills'));
    expect(got.files[2]?.sourcePage).toBe(env.portals.url('/retrieval/full/usage'));
    // The bill is stored as the portal sent it; its figures were read like an upload's.
    const [row] = await env.t.database.db
      .select()
      .from(connectionFiles)
      .where(eq(connectionFiles.id, got.files[0]?.id ?? 0));
    const stored = await env.t.app.services.store.getBytes(row?.objectKey ?? '');
    expect(Buffer.from(stored).equals(Buffer.from(statementPdf('b2')))).toBe(true);
    expect(got.files[0]?.statement?.facts).toMatchObject({
      amountDueCents: 9624,
      totalKWh: 327.119,
      accountNumber: '1234567890-1',
    });
    expect(got.usage).not.toBeNull();
  });

  it('says what is left to do by hand when the portal has no export, and never keeps a file twice', async () => {
    const id = await submit('no-export');
    await env.t.app.services.queue.drain();
    const first = await connection(id);
    expect(first.status).toBe('pending');
    expect(first.retrieval?.message).toBe(
      'bills found: 2; interval export: not found on this portal; an admin must upload it.',
    );
    expect(first.files).toHaveLength(2);

    expect((await retrieveNow(id)).statusCode).toBe(401);
    expect((await retrieveNow(id, env.user)).statusCode).toBe(403);
    const again = await retrieveNow(id, env.admin);
    expect(again.statusCode).toBe(202);
    expect(again.json()).toEqual({ message: RETRIEVAL_QUEUED });
    await env.t.app.services.queue.drain();
    const second = await connection(id);
    expect(second.files.map((f) => f.id)).toEqual(first.files.map((f) => f.id));
    expect(second.retrieval?.at).not.toBe(first.retrieval?.at);
  });

  it('refuses a web page named .pdf and says so', async () => {
    const id = await submit('fake-pdf');
    await env.t.app.services.queue.drain();
    const got = await connection(id);
    expect(got.files.filter((f) => f.fileType === 'pdf')).toEqual([]);
    expect(got.retrieval?.message).toContain('"a1.pdf" was not a PDF (it was a web page); skipped');
    expect(got.status).toBe('pending');
  });

  it('never runs two retrievals of one connection at once; Retrieve now needs the login', async () => {
    const id = await submit('no-export');
    await env.t.app.services.queue.drain();
    const before = await connection(id);
    expect(await env.t.app.services.connections.claimRetrieval(id)).toBe(true);
    expect(await env.t.app.services.connections.claimRetrieval(id)).toBe(false);
    expect((await retrieveNow(id, env.admin)).statusCode).toBe(202);
    await env.t.app.services.queue.drain();
    // The check ran while a retrieval was under way: the login only, nothing retrieved.
    const during = await connection(id);
    expect(during.credentialsVerified).toBe(true);
    expect(during.retrieval).toEqual(before.retrieval);
    expect(during.files).toEqual(before.files);
    await env.t.app.services.connections.releaseRetrieval(id);
    expect(await env.t.app.services.connections.claimRetrieval(id)).toBe(true);
    await env.t.app.services.connections.releaseRetrieval(id);

    const done = await submit('full');
    await env.t.app.services.queue.drain();
    const res = await retrieveNow(done, env.admin);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: RETRIEVAL_NEEDS_LOGIN });
  });
});

describe("an admin's Test Login", () => {
  it('shows what the retrieval would fetch with the settings as typed, keeping nothing', async () => {
    const before = await env.t.database.db.select().from(connectionFiles);
    const res = await env.t.app.inject({
      method: 'POST',
      url: '/api/verify-credentials',
      headers: { cookie: env.admin },
      payload: {
        loginUrl: env.portals.url('/retrieval/full/'),
        ...PORTAL_ACCOUNTS.good,
        usagePage: 'Energy Usage',
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      outcome: 'success',
      retrieval: {
        bills: [
          { fileName: 'statement-b2.pdf', page: env.portals.url('/retrieval/full/bills') },
          { fileName: 'statement-c3.pdf', page: env.portals.url('/retrieval/full/bills') },
        ],
        intervalExport: {
          fileName: 'GreenButtonData.xml',
          page: env.portals.url('/retrieval/full/usage'),
        },
        notes: [],
      },
    });
    expect(await env.t.database.db.select().from(connectionFiles)).toEqual(before);
  });
});

describe('where a retrieved file came from', () => {
  it('keeps the page without its query or fragment, where portals put session tokens', () => {
    expect(pageWithoutSecrets('https://my.portal.example/bills?session=abc#top')).toBe(
      'https://my.portal.example/bills',
    );
    expect(pageWithoutSecrets('not a url')).toBe('');
  });
});
