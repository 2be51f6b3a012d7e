import { and, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { outbox, userNotices } from '../../db/schema.ts';
import { createProvider, submission, submitForm } from '../../test/connections.ts';
import { createUser } from '../../test/factories.ts';
import { PORTAL_ACCOUNTS } from '../automation/testing/portals.ts';
import { portalsAndApp } from '../automation/testing/setup.ts';

const env = portalsAndApp({ BROWSER_PAGE_TIMEOUT_SECONDS: '3', MFA_CODE_WAIT_SECONDS: '5' });
const db = () => env.t.database.db;

/** A user with an email address whose customer submits a login for the test portal. */
async function submitAs(account: { username: string; password: string }) {
  const email = `owner-${Math.random().toString(36).slice(2)}@example.com`;
  const owner = await createUser(db(), { email });
  const provider = await createProvider(db(), {
    name: 'Test Electric',
    loginUrl: env.portals.url('/portal'),
  });
  const res = await submitForm(
    env.t.app,
    owner.uniqueFormUrl,
    submission(provider.id, { ...account, name: 'Maria Gonzalez' }),
  );
  expect(res.statusCode).toBe(201);
  await env.t.app.services.queue.drain();
  return { owner, email };
}

const noticesOf = (userId: number) =>
  db().select().from(userNotices).where(eq(userNotices.userId, userId));
const mailsTo = (to: string) =>
  db()
    .select()
    .from(outbox)
    .where(and(eq(outbox.toAddress, to), like(outbox.kind, 'notice_%')));

describe("the owner hears of the portal's answer to their client's login", () => {
  it('a refused login: one notice and one email to the owner only', async () => {
    const { owner, email } = await submitAs(PORTAL_ACCOUNTS.wrong);
    const bystander = await submitAs(PORTAL_ACCOUNTS.good);
    const notices = await noticesOf(owner.id);
    expect(notices.map((n) => n.kind)).toEqual(['login_failed']);
    expect(notices[0]?.body).toBe(
      'The utility did not accept the login Maria Gonzalez entered for Test Electric. We asked Maria Gonzalez to enter it again and will try once they do.',
    );
    expect((await mailsTo(email)).map((m) => m.kind)).toEqual(['notice_login_failed']);
    expect((await noticesOf(bystander.owner.id)).map((n) => n.kind)).not.toContain('login_failed');
    expect(await mailsTo(bystander.email)).not.toContainEqual(
      expect.objectContaining({ kind: 'notice_login_failed' }),
    );
  });

  it("a portal's code request: the owner is told they wait for the client's code", async () => {
    const { owner, email } = await submitAs(PORTAL_ACCOUNTS.mfa);
    expect((await noticesOf(owner.id)).map((n) => n.kind)).toContain('code_requested');
    expect((await mailsTo(email)).map((m) => m.kind)).toContain('notice_code_requested');
  });
});
