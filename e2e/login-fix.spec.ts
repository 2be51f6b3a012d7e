import { expect, test } from '@playwright/test';
import {
  PORTAL_ACCOUNTS,
  type Portals,
  startPortals,
} from '../server/features/automation/testing/portals.ts';
import { adminApi, createProvider } from './connections-helpers.ts';
import { collectPageErrors, TEST_PASSWORD, uniqueUsername } from './helpers.ts';

// The customer's wrong password, told on the form while they are still there, and fixed on the
// spot: the same connection gets the new login, which the portal (a test portal on loopback)
// then accepts.

let portals: Portals;
test.beforeAll(async () => {
  portals = await startPortals();
});
test.afterAll(async () => {
  await portals.close();
});

test('a wrong password is told on the form and fixed there', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const username = uniqueUsername('fix');
  const registered = await page.request.post('/api/register', {
    data: { username, email: `${username}@example.com`, password: TEST_PASSWORD },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const user = await registered.json();

  const admin = await adminApi();
  const provider = await createProvider(admin);
  const saved = await admin.put(`/api/providers/${provider.id}`, {
    data: { name: provider.name, state: provider.state, loginUrl: portals.url('/portal') },
  });
  expect(saved.status(), await saved.text()).toBe(200);

  const visitor = await browser.newPage();
  const errors = collectPageErrors(visitor);
  await visitor.goto(`/form/${user.uniqueFormUrl}`);
  await visitor.getByLabel('Full name').fill('Dana Retry');
  await visitor.getByLabel('Email').fill(`${username}-customer@example.com`);
  await visitor.getByLabel('Service address').fill('1 Main St, Fresno, CA');
  await visitor
    .getByLabel('Utility provider')
    .selectOption({ label: `${provider.name} (California)` });
  await visitor.getByLabel('Utility account username').fill(PORTAL_ACCOUNTS.wrong.username);
  await visitor
    .getByLabel('Utility account password', { exact: true })
    .fill(PORTAL_ACCOUNTS.wrong.password);
  await visitor.getByLabel(/^I authorize .* to access my utility account/).check();
  await visitor.getByRole('button', { name: 'Submit' }).click();
  await expect(visitor.getByRole('heading', { name: 'Submission Received' })).toBeVisible();

  // Within the form's wait, the portal's refusal in plain words, and the login to type again.
  const check = visitor.getByRole('region', { name: 'Login check' });
  await expect(
    check.getByText(`${provider.name} did not accept this username and password.`, {
      exact: false,
    }),
  ).toBeVisible({ timeout: 45_000 });
  await expect(check.getByLabel('Utility account username')).toHaveValue(
    PORTAL_ACCOUNTS.wrong.username,
  );
  const password = check.getByLabel('Utility account password');
  await expect(password).toHaveValue('');
  await expect(visitor.getByText(/nothing else to do/)).toHaveCount(0);

  await password.fill(PORTAL_ACCOUNTS.good.password);
  await check.getByRole('button', { name: 'Check my login again' }).click();
  await expect(
    check.getByText(`We signed in to your ${provider.name} account. There is nothing else to do`, {
      exact: false,
    }),
  ).toBeVisible({ timeout: 45_000 });
  await visitor.close();
  expect(errors).toEqual([]);

  // The same connection, now verified.
  const mine = await (await page.request.get('/api/my-connections')).json();
  const ours = mine.filter((c: { customerName: string }) => c.customerName === 'Dana Retry');
  expect(ours).toHaveLength(1);
  expect(ours[0].credentialsVerified).toBe(true);
  await admin.dispose();
});
