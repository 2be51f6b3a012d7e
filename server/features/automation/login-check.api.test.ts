import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { FixLinkView, LoginCheckView } from '../../../common/credential-check.ts';
import { connections, credentialChecks, credentialFixLinks, outbox } from '../../db/schema.ts';
import { createProvider, submission, submitForm } from '../../test/connections.ts';
import { signedIn } from '../../test/factories.ts';
import { openCredentials } from '../connections/credentials.ts';
import { verifyConnectionCredentialsJob } from './jobs.ts';
import { PORTAL_ACCOUNTS } from './testing/portals.ts';
import { portalsAndApp } from './testing/setup.ts';

const env = portalsAndApp({ BROWSER_PAGE_TIMEOUT_SECONDS: '3', MFA_CODE_WAIT_SECONDS: '5' });

const db = () => env.t.database.db;
const get = (url: string) => env.t.app.inject({ method: 'GET', url });
const post = (url: string, payload: object, cookie?: string) =>
  env.t.app.inject({ method: 'POST', url, payload, headers: cookie ? { cookie } : {} });

/** A customer submits the form of a new user for a test portal; the check runs at once. */
async function submit(path: string | null, account: { username: string; password: string }) {
  const owner = await signedIn(env.t.app, db(), 'user');
  const provider = await createProvider(db(), {
    name: 'Test Electric',
    loginUrl: path ? env.portals.url(path) : null,
  });
  const email = `customer-${Math.random().toString(36).slice(2)}@example.com`;
  const res = await submitForm(
    env.t.app,
    owner.user.uniqueFormUrl,
    submission(provider.id, { ...account, email }),
  );
  expect(res.statusCode).toBe(201);
  const { id, codeToken } = res.json() as { id: number; codeToken: string };
  return { id, token: codeToken, email, owner };
}

const verdict = async (token: string) => {
  await env.t.app.services.queue.drain();
  const res = await get(`/api/login-check/${token}`);
  expect(res.statusCode).toBe(200);
  return res.json() as LoginCheckView;
};
const rowOf = async (id: number) => {
  const [row] = await db().select().from(connections).where(eq(connections.id, id));
  if (!row) throw new Error('no connection');
  return row;
};
const fixMails = (to: string) =>
  db()
    .select()
    .from(outbox)
    .where(and(eq(outbox.kind, 'login_fix'), eq(outbox.toAddress, to)))
    // Oldest first: PostgreSQL gives no order without one.
    .orderBy(outbox.id);
const linkIn = (text: string) => {
  const found = /\/form\/fix\/([A-Za-z0-9_-]{43})/.exec(text);
  if (!found?.[1]) throw new Error('no fix link in the email');
  return found[1];
};
/** A later run of the check (a retry, or an admin's Retrieve now), nobody watching. */
const checkAgain = async (id: number) => {
  await db().update(credentialChecks).set({ watched: false });
  await env.t.app.services.queue.run(
    verifyConnectionCredentialsJob as never,
    { connectionId: id },
    { retryCount: 1, final: false },
  );
};

describe("the customer's login check on the form", () => {
  it.each([
    ['signed in', '/portal', PORTAL_ACCOUNTS.good, 'signed_in', null],
    ['a wrong password', '/portal', PORTAL_ACCOUNTS.wrong, 'rejected', 'dana'],
    ['a locked account', '/portal', PORTAL_ACCOUNTS.locked, 'locked', 'locked-user'],
    ['a portal that is down', '/down', PORTAL_ACCOUNTS.good, 'later', null],
    ['no login page', null, PORTAL_ACCOUNTS.good, 'later', null],
  ] as const)('says %s', async (_name, path, account, state, username) => {
    const { token } = await submit(path, account);
    expect(await verdict(token)).toEqual({ state, providerName: 'Test Electric', username });
  });

  it('says a code is needed while the portal waits for one', async () => {
    const { token } = await submit('/portal', PORTAL_ACCOUNTS.mfa);
    let seen: LoginCheckView | undefined;
    for (let i = 0; i < 100 && seen?.state !== 'code'; i++) {
      seen = (await get(`/api/login-check/${token}`)).json();
      if (seen?.state !== 'code') await new Promise((r) => setTimeout(r, 100));
    }
    expect(seen?.state).toBe('code');
    // Nobody types the code: the check ends in "we keep trying / someone looks".
    expect(await verdict(token)).toMatchObject({ state: 'later' });
  });

  it('is checking until the check ends, and never says a password', async () => {
    const { token } = await submit('/delayed', PORTAL_ACCOUNTS.good);
    const first = (await get(`/api/login-check/${token}`)).json();
    expect(first).toEqual({ state: 'checking', providerName: 'Test Electric', username: null });
    const done = await verdict(token);
    expect(done.state).toBe('signed_in');
    expect(JSON.stringify(done)).not.toContain('right-pass');
  });

  it('answers only its own token, and not once it expired', async () => {
    const { id, token } = await submit('/portal', PORTAL_ACCOUNTS.wrong);
    const other = await submit('/portal', PORTAL_ACCOUNTS.good);
    expect((await verdict(other.token)).state).toBe('signed_in');
    expect((await verdict(token)).state).toBe('rejected');
    const unknown = 'A'.repeat(43);
    expect((await get(`/api/login-check/${unknown}`)).statusCode).toBe(404);
    expect((await get('/api/login-check/short')).statusCode).toBe(400);
    // Another submission's token reaches only that connection.
    const retyped = await post(`/api/login-check/${other.token}/login`, PORTAL_ACCOUNTS.good);
    expect(retyped.statusCode).toBe(409);
    expect((await rowOf(id)).credentialsVerified).toBe(false);

    await db()
      .update(credentialChecks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(credentialChecks.connectionId, id));
    const expired = await get(`/api/login-check/${token}`);
    expect(expired.statusCode).toBe(404);
    expect(expired.json().message).toMatch(/not valid or has expired/);
    const late = await post(`/api/login-check/${token}/login`, PORTAL_ACCOUNTS.good);
    expect(late.statusCode).toBe(404);
  });
});

describe('typing the login again on the form', () => {
  it('replaces the same connection’s login, sealed, and checks it again', async () => {
    const { id, token } = await submit('/portal', PORTAL_ACCOUNTS.wrong);
    expect(await verdict(token)).toMatchObject({ state: 'rejected', username: 'dana' });
    const sealedBefore = (await rowOf(id)).utilityPasswordSealed;

    const bad = await post(`/api/login-check/${token}/login`, { username: 'dana', password: '' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: 'Utility password is required' });

    const res = await post(`/api/login-check/${token}/login`, PORTAL_ACCOUNTS.good);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ state: 'checking' });
    expect(await verdict(token)).toMatchObject({ state: 'signed_in' });

    const row = await rowOf(id);
    expect(row.credentialsVerified).toBe(true);
    expect(row.utilityPasswordSealed).not.toBe(sealedBefore);
    expect(row.utilityPasswordSealed).not.toContain('right-pass');
    expect(openCredentials(env.t.app.services.vault, row)).toEqual({
      utilityUsername: 'dana',
      utilityPassword: 'right-pass',
    });
    // Still one connection for this customer.
    const mine = await db()
      .select({ id: connections.id })
      .from(connections)
      .where(eq(connections.userId, row.userId));
    expect(mine).toHaveLength(1);

    // Verified: nothing to change any more.
    const again = await post(`/api/login-check/${token}/login`, PORTAL_ACCOUNTS.wrong);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/already accepted/);
    expect(openCredentials(env.t.app.services.vault, await rowOf(id))?.utilityPassword).toBe(
      'right-pass',
    );
  });

  it('is refused once the connection is complete', async () => {
    const { id, token } = await submit('/portal', PORTAL_ACCOUNTS.wrong);
    await verdict(token);
    await db().update(connections).set({ status: 'complete' }).where(eq(connections.id, id));
    const res = await post(`/api/login-check/${token}/login`, PORTAL_ACCOUNTS.good);
    expect(res.statusCode).toBe(409);
  });
});

describe('the emailed fix link', () => {
  it('is emailed when a later check is refused, works once, and re-runs the check', async () => {
    const { id, token, email } = await submit('/portal', PORTAL_ACCOUNTS.wrong);
    await verdict(token);
    // The customer saw the refusal on the form: no email for it.
    expect(await fixMails(email)).toHaveLength(0);

    await checkAgain(id);
    const [mail] = await fixMails(email);
    expect(mail?.subject).toBe('Test Electric did not accept your login');
    expect(mail?.textBody).not.toContain('wrong-pass');
    const fix = linkIn(mail?.textBody ?? '');

    const page = (await get(`/api/login-fix/${fix}`)).json() as FixLinkView;
    expect(page).toMatchObject({ state: 'ready', providerName: 'Test Electric', username: 'dana' });

    const bad = await post(`/api/login-fix/${fix}`, { username: '', password: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: 'Utility username is required' });

    const res = await post(`/api/login-fix/${fix}`, PORTAL_ACCOUNTS.good);
    expect(res.statusCode).toBe(200);
    const { checkToken } = res.json();
    expect(await verdict(checkToken)).toMatchObject({ state: 'signed_in' });
    expect((await rowOf(id)).credentialsVerified).toBe(true);

    // Single use.
    expect((await get(`/api/login-fix/${fix}`)).json()).toMatchObject({ state: 'used' });
    const twice = await post(`/api/login-fix/${fix}`, PORTAL_ACCOUNTS.good);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toMatch(/already used/);
  });

  it('says when it expired, and whom to contact', async () => {
    const { id, token, email, owner } = await submit('/portal', PORTAL_ACCOUNTS.wrong);
    await env.t.app.services.users.updateBusiness(
      { id: owner.user.id },
      { companyName: 'Sunrise Solar', replyToEmail: 'office@sunrise.example' },
    );
    await verdict(token);
    await checkAgain(id);
    const fix = linkIn((await fixMails(email))[0]?.textBody ?? '');
    await db()
      .update(credentialFixLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(credentialFixLinks.connectionId, id));
    expect((await get(`/api/login-fix/${fix}`)).json()).toEqual({
      state: 'expired',
      providerName: 'Test Electric',
      contact: 'Sunrise Solar (office@sunrise.example)',
    });
    const res = await post(`/api/login-fix/${fix}`, PORTAL_ACCOUNTS.good);
    expect(res.statusCode).toBe(410);
    expect(res.json().message).toMatch(/expired.*Sunrise Solar/);
    expect((await rowOf(id)).credentialsVerified).toBe(false);
  });

  it('is sent again by the owner or an admin, never by another user; the old link stops', async () => {
    const { id, token, email, owner } = await submit('/portal', PORTAL_ACCOUNTS.wrong);
    await verdict(token);
    const url = `/api/connections/${id}/fix-link`;

    expect((await post(url, {})).statusCode).toBe(401);
    const stranger = await signedIn(env.t.app, db(), 'user');
    const refused = await post(url, {}, stranger.cookie);
    expect(refused.statusCode).toBe(404);
    expect(await fixMails(email)).toHaveLength(0);

    const byOwner = await post(url, {}, owner.cookie);
    expect(byOwner.statusCode).toBe(200);
    expect(byOwner.json()).toMatchObject({ sentTo: email });
    const first = linkIn((await fixMails(email))[0]?.textBody ?? '');

    const byAdmin = await post(url, {}, env.admin);
    expect(byAdmin.statusCode).toBe(200);
    const mails = await fixMails(email);
    expect(mails).toHaveLength(2);
    const second = linkIn(mails[1]?.textBody ?? '');
    expect(second).not.toBe(first);

    expect((await get(`/api/login-fix/${first}`)).json()).toMatchObject({ state: 'replaced' });
    expect((await post(`/api/login-fix/${first}`, PORTAL_ACCOUNTS.good)).statusCode).toBe(409);
    expect((await get(`/api/login-fix/${second}`)).json()).toMatchObject({ state: 'ready' });

    // Nothing to fix once the login is verified.
    await db().update(connections).set({ credentialsVerified: true }).where(eq(connections.id, id));
    expect((await post(url, {}, owner.cookie)).statusCode).toBe(409);
  });
});
