import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AttentionPage } from '../../../common/attention.ts';
import type { LoginCheckView } from '../../../common/credential-check.ts';
import { connections } from '../../db/schema.ts';
import { createProvider, submission, submitForm } from '../../test/connections.ts';
import { signedIn } from '../../test/factories.ts';
import { detectLoginSelectors, testLogin } from './service.ts';
import { CAPTCHA_WIDGETS } from './testing/captcha-portals.ts';
import { portalsAndApp } from './testing/setup.ts';

const env = portalsAndApp({ BROWSER_PAGE_TIMEOUT_SECONDS: '3' });
const db = () => env.t.database.db;
const dana = { username: 'dana', password: 'right-pass' };

/** A customer submits the form for a provider whose login page is `path`; the check runs. */
async function submit(path: string) {
  const owner = await signedIn(env.t.app, db(), 'user');
  const provider = await createProvider(db(), {
    name: 'Test Electric',
    loginUrl: env.portals.url(path),
  });
  const email = `customer-${Math.random().toString(36).slice(2)}@example.com`;
  const res = await submitForm(
    env.t.app,
    owner.user.uniqueFormUrl,
    submission(provider.id, { ...dana, email }),
  );
  expect(res.statusCode).toBe(201);
  const { id, codeToken } = res.json() as { id: number; codeToken: string };
  await env.t.app.services.queue.drain();
  const view = await env.t.app.inject({ method: 'GET', url: `/api/login-check/${codeToken}` });
  return { id, view: view.json() as LoginCheckView };
}

const attention = async () =>
  (
    await env.t.app.inject({
      method: 'GET',
      url: '/api/admin/attention',
      headers: { cookie: env.admin },
    })
  ).json() as AttentionPage;

describe.each(CAPTCHA_WIDGETS)('a %s human check', (widget) => {
  it('on the sign-in page: detection still finds the form and says a person is needed', async () => {
    const found = await detectLoginSelectors(
      env.t.app.services.browser,
      env.portals.url(`/captcha/${widget}/login/`),
    );
    expect(found.success).toBe(true);
    expect(found.selectors.usernameSelectors[0]).toBe('#username');
    expect(found.message).toMatch(/human check/);
  });

  it('on the sign-in page: the test login submits nothing and judges nothing', async () => {
    const result = await testLogin(
      env.t.app.services.browser,
      { loginUrl: env.portals.url(`/captcha/${widget}/login/`) },
      dana,
    );
    expect(result.outcome).toBe('captcha');
    expect(env.portals.requests).not.toContain(`POST /captcha/${widget}/login/session`);
  });

  it("on the sign-in page: the customer's check hands it to a person", async () => {
    const { id, view } = await submit(`/captcha/${widget}/login/`);
    expect(view.state).toBe('human');
    const [row] = await db().select().from(connections).where(eq(connections.id, id));
    expect(row?.credentialsVerified).toBeNull();
    expect(row?.verificationMessage).toMatch(/needs a person/);
    expect(row?.humanCheckAt).toBeInstanceOf(Date);
    const item = (await attention()).items.find((i) => i.connectionId === id);
    expect(item?.reasons).toContain('human_check');
    expect(item?.why.join(' ')).toMatch(/asks for a human check/);
  });

  it('on the export page: signed in, the walk stops at the widget and a person takes over', async () => {
    const { id, view } = await submit(`/captcha/${widget}/export/`);
    expect(view.state).toBe('human');
    const [row] = await db().select().from(connections).where(eq(connections.id, id));
    expect(row?.credentialsVerified).toBe(true);
    expect(row?.humanCheckAt).toBeInstanceOf(Date);
    expect(JSON.stringify(row?.retrieval)).toMatch(/asks for a human check/);
    const item = (await attention()).items.find((i) => i.connectionId === id);
    expect(item?.reasons).toContain('human_check');
  });
});

it('a complete connection leaves the list, human check or not', async () => {
  const { id } = await submit('/captcha/recaptcha/login/');
  await db().update(connections).set({ status: 'complete' }).where(eq(connections.id, id));
  const item = (await attention()).items.find((i) => i.connectionId === id);
  expect(item).toBeUndefined();
});
