import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { Connection } from '../../../common/connections.ts';
import { MFA_TEXT, type MfaChallengeView } from '../../../common/mfa.ts';
import { connections, mfaChallenges, outbox } from '../../db/schema.ts';
import { createProvider, submission, submitForm } from '../../test/connections.ts';
import { createUser } from '../../test/factories.ts';
import { mfaToken } from './mfa.ts';
import { PORTAL_ACCOUNTS } from './testing/portals.ts';
import { MFA_CODE, MFA_OPTIONS } from './testing/retrieval-portals.ts';
import { portalsAndApp } from './testing/setup.ts';

const env = portalsAndApp({ BROWSER_PAGE_TIMEOUT_SECONDS: '5', MFA_CODE_WAIT_SECONDS: '8' });

/** A customer submits the form for the portal with a code step; the check starts at once. */
const submit = async () => {
  const owner = await createUser(env.t.database.db);
  await env.t.app.services.users.updateBusiness(
    { id: owner.id },
    { companyName: 'Sunrise Solar', replyToEmail: 'office@sunrise.example' },
  );
  const provider = await createProvider(env.t.database.db, {
    name: 'Code Step Electric',
    loginUrl: env.portals.url('/retrieval/mfa/'),
  });
  const res = await submitForm(
    env.t.app,
    owner.uniqueFormUrl,
    submission(provider.id, { ...PORTAL_ACCOUNTS.good, email: 'dana@customer.example' }),
  );
  expect(res.statusCode).toBe(201);
  const id = res.json().id as number;
  return { id, token: mfaToken(env.t.app.services.config.sessionSecret, id) };
};
const view = async (token: string): Promise<MfaChallengeView> =>
  (await env.t.app.inject({ method: 'GET', url: `/api/mfa/${token}` })).json();
const until = async (token: string, status: MfaChallengeView['status']) => {
  for (let i = 0; i < 200; i++) {
    const seen = await view(token);
    if (seen.status === status) return seen;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`the code page never reached ${status}`);
};
const answer = (token: string, what: 'choice' | 'code', payload: object) =>
  env.t.app.inject({ method: 'POST', url: `/api/mfa/${token}/${what}`, payload });
const connection = async (id: number) =>
  Connection.parse(
    (
      await env.t.app.inject({
        method: 'GET',
        url: `/api/connections/${id}`,
        headers: { cookie: env.admin },
      })
    ).json(),
  );

describe("a portal's code, asked of the customer", () => {
  it('emails the customer, takes their choice and code, then retrieves and completes', async () => {
    const { id, token } = await submit();
    const asked = await until(token, 'waiting_choice');
    expect(asked).toMatchObject({ providerName: 'Code Step Electric', options: MFA_OPTIONS });
    // The challenge opens first; the connection's line and the email follow a moment later.
    await expect
      .poll(async () => (await connection(id)).verificationMessage ?? '')
      .toMatch(/^Waiting for the customer's code/);

    const codeMails = () =>
      env.t.database.db
        .select()
        .from(outbox)
        .where(and(eq(outbox.kind, 'code_request'), eq(outbox.toAddress, 'dana@customer.example')));
    await expect.poll(async () => (await codeMails()).length).toBeGreaterThan(0);
    const [mail] = await codeMails();
    expect(mail?.subject).toBe('Code Step Electric needs your verification code');
    expect(mail?.textBody).toContain(`/form/code/${token}`);
    expect(mail?.textBody).not.toContain(MFA_CODE);
    // Sent for the professional's business; the customer's reply goes to them.
    expect(mail?.textBody).toContain('account for Sunrise Solar');
    expect(mail).toMatchObject({ onBehalfOf: 'Sunrise Solar', replyTo: 'office@sunrise.example' });

    // A choice the portal did not offer is refused; the offered one goes to the portal.
    expect((await answer(token, 'choice', { option: 'Carrier pigeon' })).statusCode).toBe(400);
    expect((await answer(token, 'choice', { option: MFA_OPTIONS[0] })).statusCode).toBe(200);
    await until(token, 'waiting_code');
    expect(env.portals.mfaChoices.at(-1)).toBe(MFA_OPTIONS[0]);
    const typed = await answer(token, 'code', {
      code: ` ${MFA_CODE.slice(0, 3)}-${MFA_CODE.slice(3)} `,
    });
    expect(typed.statusCode).toBe(200);
    // A second code for the same request is too late.
    expect((await answer(token, 'code', { code: '111111' })).json()).toEqual({
      message: MFA_TEXT.tooLate,
    });
    await env.t.app.services.queue.drain();

    expect(await view(token)).toMatchObject({ status: 'succeeded', message: MFA_TEXT.succeeded });
    const done = await connection(id);
    expect(done.credentialsVerified).toBe(true);
    expect(done.verificationMessage).toBe(
      "Signed in to the utility portal with the customer's verification code. No action needed.",
    );
    expect(done.files.map((f) => f.source)).toEqual(['retrieved', 'retrieved', 'retrieved']);
    expect(done.status).toBe('complete');
    // The code is never kept once typed into the portal.
    const rows = await env.t.database.db
      .select()
      .from(mfaChallenges)
      .where(eq(mfaChallenges.connectionId, id));
    expect(rows.every((r) => r.codeSealed === null)).toBe(true);
    expect(await env.t.app.services.browser.openContexts()).toBe(0);
  });

  it('a wrong code ends cleanly and says who must act', async () => {
    const { id, token } = await submit();
    await until(token, 'waiting_choice');
    await answer(token, 'choice', { option: MFA_OPTIONS[1] });
    await until(token, 'waiting_code');
    await answer(token, 'code', { code: '000000' });
    await env.t.app.services.queue.drain();
    expect(await view(token)).toMatchObject({ status: 'failed', message: MFA_TEXT.wrongCode });
    const got = await connection(id);
    expect(got.credentialsVerified).toBeNull();
    expect(got.verificationMessage).toMatch(/did not accept the verification code.*Retrieve now/);
    expect(got.files).toEqual([]);
    expect(await env.t.app.services.browser.openContexts()).toBe(0);
  });

  it('a code that never comes ends when the wait is over', async () => {
    const { id, token } = await submit();
    await until(token, 'waiting_choice');
    await env.t.app.services.queue.drain();
    expect(await view(token)).toMatchObject({ status: 'expired', message: MFA_TEXT.expired });
    expect((await connection(id)).verificationMessage).toMatch(/did not choose .* in time/);
    expect((await answer(token, 'choice', { option: MFA_OPTIONS[0] })).json()).toEqual({
      message: MFA_TEXT.tooLate,
    });
  });

  it('keeps the portal session sealed beside the login, and purges both together', async () => {
    const owner = await createUser(env.t.database.db);
    const provider = await createProvider(env.t.database.db);
    const sent = await submitForm(env.t.app, owner.uniqueFormUrl, submission(provider.id));
    const id = sent.json().id as number;
    await env.t.app.services.queue.drain();
    const state = JSON.stringify({ cookies: [{ name: 'portal_device', value: 'trusted' }] });
    await env.t.app.services.connections.savePortalSession(id, state);
    const [row] = await env.t.database.db.select().from(connections).where(eq(connections.id, id));
    expect(row?.portalSessionSealed).toBeTruthy();
    expect(row?.portalSessionSealed).not.toContain('portal_device');
    expect((await env.t.app.services.connections.loginSubject(id))?.portalSession).toBe(state);

    const completed = await env.t.app.inject({
      method: 'PUT',
      url: `/api/connections/${id}`,
      headers: { cookie: env.admin },
      payload: { status: 'complete' },
    });
    expect(completed.statusCode).toBe(200);
    const [purged] = await env.t.database.db
      .select()
      .from(connections)
      .where(eq(connections.id, id));
    expect(purged?.portalSessionSealed).toBeNull();
    expect(purged?.utilityPasswordSealed).toBeNull();
  });

  it('refuses malformed links and codes in words', async () => {
    expect((await env.t.app.inject({ method: 'GET', url: '/api/mfa/short' })).json()).toEqual({
      message: 'This link is not valid',
    });
    const stranger = 'A'.repeat(43);
    expect(await view(stranger)).toMatchObject({ status: 'none' });
    expect((await answer(stranger, 'code', { code: '123456' })).statusCode).toBe(404);
    expect((await answer(stranger, 'code', { code: '12' })).json()).toEqual({
      message: 'Enter the code as it was sent: 4 to 10 letters or digits',
    });
  });
});
