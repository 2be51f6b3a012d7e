import { expect, test } from '@playwright/test';
import {
  PORTAL_ACCOUNTS,
  type Portals,
  startPortals,
} from '../server/features/automation/testing/portals.ts';
import { adminApi, attachFile, createProvider } from './connections-helpers.ts';
import { E2E_ADMIN } from './env.ts';
import { collectPageErrors, loginViaUi, TEST_PASSWORD, uniqueUsername } from './helpers.ts';
import { waitForMail } from './mail.ts';

// A login the utility refuses after the customer has left the form: the customer is emailed a
// link to type it again, the professional is emailed that it failed, the request they made
// meanwhile waits (and is charged only once its report exists), the admin sees it under Needs
// attention, and once the customer fixed the login and the data is in, the report is emailed.

let portals: Portals;
test.beforeAll(async () => {
  portals = await startPortals();
});
test.afterAll(async () => {
  await portals.close();
});

test('a refused login: emails, the fix link, Needs attention, then the report', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const username = uniqueUsername('later');
  const userEmail = `${username}@example.com`;
  const customerEmail = `${username}-client@example.com`;
  const registered = await page.request.post('/api/register', {
    data: { username, email: userEmail, password: TEST_PASSWORD },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const user = await registered.json();
  const card = await page.request.post('/api/billing/test-card', { data: { plan: 'basic' } });
  expect(card.status()).toBe(200);

  const admin = await adminApi();
  const provider = await createProvider(admin);
  const saved = await admin.put(`/api/providers/${provider.id}`, {
    data: { name: provider.name, state: provider.state, loginUrl: portals.url('/portal') },
  });
  expect(saved.status(), await saved.text()).toBe(200);

  // The customer submits a password the utility refuses, and leaves without waiting.
  const sent = await page.request.post(`/api/form/${user.uniqueFormUrl}`, {
    data: {
      name: 'Maya Refused',
      email: customerEmail,
      address: '9 Elm St, Fresno, CA',
      providerId: provider.id,
      ...PORTAL_ACCOUNTS.wrong,
      consent: true,
    },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  const { id } = await sent.json();
  const verdict = async () =>
    (await (await admin.get(`/api/connections/${id}`)).json()).credentialsVerified;
  await expect.poll(verdict, { timeout: 60_000 }).toBe(false);

  // The professional is told, in plain words.
  const failed = await waitForMail(
    (m) =>
      m.to === userEmail && m.subject === `${provider.name} did not accept Maya Refused's login`,
  );
  expect(failed.text).toContain('We asked Maya Refused to enter it again');
  expect(failed.text).not.toMatch(/ENOTFOUND|selector/);

  // They ask for the report anyway: nothing is charged until it exists.
  const asked = await page.request.post('/api/record-usage', { data: { connectionId: id } });
  expect((await asked.json()).status).toBe('requested');

  // The admin sees the request waiting on a refused login under Needs attention.
  const adminPage = await browser.newPage();
  await adminPage.goto('/auth');
  await loginViaUi(adminPage, E2E_ADMIN.username, E2E_ADMIN.password);
  await expect(adminPage).toHaveURL(/\/admin/);
  await adminPage.goto('/admin?view=attention');
  const waiting = adminPage.getByRole('list', { name: 'Needs attention' });
  const row = waiting.getByRole('button', { name: /^Open Maya Refused: / }).first();
  await expect(row).toContainText('Requested');
  await expect(row).toContainText('charged when the report is ready');
  await expect(row).toContainText('The utility portal refused the customer’s login');

  // A later check (the admin's Retrieve now) is refused too: the customer gets the fix link.
  const retried = await admin.post(`/api/connections/${id}/retrieve`);
  expect(retried.status(), await retried.text()).toBeLessThan(300);
  const fixMail = await waitForMail(
    (m) => m.to === customerEmail && /did not accept/.test(m.subject),
  );
  const link = /https?:\/\/\S+\/form\/fix\/[A-Za-z0-9_-]+/.exec(fixMail.text)?.[0];
  expect(link).toBeDefined();
  expect(fixMail.text).not.toContain(PORTAL_ACCOUNTS.wrong.password);

  const customer = await browser.newPage();
  const errors = collectPageErrors(customer);
  await customer.goto(new URL(link ?? '').pathname);
  await customer.getByLabel('Utility account password').fill(PORTAL_ACCOUNTS.good.password);
  await customer.getByRole('button', { name: 'Check my login again' }).click();
  await expect(
    customer.getByText(`We signed in to your ${provider.name} account.`, { exact: false }),
  ).toBeVisible({ timeout: 45_000 });
  expect(errors).toEqual([]);
  await customer.close();
  await expect.poll(verdict, { timeout: 30_000 }).toBe(true);

  // The data is in: the report is built, charged once (test mode) and emailed.
  await attachFile(admin, id, 'interval-data.csv', Buffer.from('date,kwh\n'));
  const completed = await admin.put(`/api/connections/${id}`, { data: { status: 'complete' } });
  expect(completed.status(), await completed.text()).toBe(200);
  await waitForMail(
    (m) => m.to === userEmail && m.subject === 'Your utility report for Maya Refused is ready',
  );
  const usage = await (await page.request.get('/api/usage')).json();
  expect(usage.usage.map((u: { status: string }) => u.status)).toEqual(['billed']);
  await adminPage.close();
  await admin.dispose();
});
