import { expect, test } from '@playwright/test';
import { openAdminView } from './admin-helpers.ts';
import { loginViaUi, TEST_PASSWORD, toasts, uniqueUsername } from './helpers.ts';
import { waitForMail } from './mail.ts';

const NEW_PASSWORD = 'my own new passphrase';

test('an admin adds a user with Send credentials; the user sets a password from the mail and signs in', async ({
  page,
  browser,
}) => {
  await openAdminView(page, 'User Management', 'User Management');
  await expect(page.getByRole('heading', { name: /^All Users \(\d+\)$/ })).toBeVisible();

  await page.getByRole('button', { name: 'Add User' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add User' });
  // The form's own texts, before anything is sent.
  await dialog.getByRole('button', { name: 'Add User' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Please fill in all required fields');
  const username = uniqueUsername('invited');
  await dialog.getByLabel('Username').fill(username);
  await dialog.getByLabel('Email').fill('not-an-email');
  await dialog.getByRole('button', { name: 'Add User' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Please enter a valid email address');
  const email = `${username}@example.com`;
  await dialog.getByLabel('Email').fill(email);
  await expect(dialog.getByLabel('Send credentials')).toBeChecked();
  await expect(dialog.getByLabel('Role')).toHaveValue('user');
  await dialog.getByRole('button', { name: 'Add User' }).click();
  await expect(dialog).toBeHidden();
  await expect(toasts(page)).toContainText(`User ${username} was added`);

  await page.getByRole('searchbox', { name: 'Search users' }).fill(username);
  const row = page.getByRole('row', { name: new RegExp(username) });
  await expect(row).toContainText(email);
  await expect(row).toContainText('Never');
  await expect(row).toContainText('Active');

  const mail = await waitForMail((m) => m.to === email);
  expect(mail.subject).toBe('Your Utility Reports account is ready');
  const link = /http\S+\/set-password\?token=[\w-]+/.exec(mail.text)?.[0];
  expect(link).toBeTruthy();

  // The new user, in a browser of their own.
  const context = await browser.newContext();
  const invited = await context.newPage();
  await invited.goto(link ?? '');
  await expect(invited.getByRole('heading', { name: 'Set your password' })).toBeVisible();
  await expect(invited).not.toHaveURL(/token=/);
  await invited.getByLabel('New password').fill(NEW_PASSWORD);
  await invited.getByLabel('Confirm password').fill(NEW_PASSWORD);
  await invited.getByRole('button', { name: 'Set password' }).click();
  await expect(invited.getByText(/password is set/i)).toBeVisible();
  await invited.goto('/auth');
  await loginViaUi(invited, username, NEW_PASSWORD);
  await expect(invited).toHaveURL('/dashboard');
  await context.close();

  await page.reload();
  await page.getByRole('searchbox', { name: 'Search users' }).fill(username);
  await expect(page.getByRole('row', { name: new RegExp(username) })).not.toContainText('Never');
});

test('without Send credentials the admin sees the link once; deactivation signs the user out', async ({
  page,
  browser,
}) => {
  await openAdminView(page, 'User Management', 'User Management');
  const username = uniqueUsername('handover');
  await page.getByRole('button', { name: 'Add User' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add User' });
  await dialog.getByLabel('Username').fill(username);
  await dialog.getByLabel('Email').fill(`${username}@example.com`);
  await dialog.getByLabel('Send credentials').uncheck();
  await dialog.getByRole('button', { name: 'Add User' }).click();

  const handover = page.getByRole('dialog', { name: `Set-Password Link for ${username}` });
  const link = await handover.getByLabel('One-time link').inputValue();
  expect(link).toMatch(/\/set-password\?token=[\w-]{43}$/);
  await expect(handover).toContainText('will not be shown again');
  await handover.getByRole('button', { name: 'Done' }).click();

  // The user sets a password with the handed-over link and signs in.
  const context = await browser.newContext();
  const user = await context.newPage();
  const token = new URL(link).searchParams.get('token');
  const set = await user.request.post('/api/password/set', {
    data: { token, password: TEST_PASSWORD },
  });
  expect(set.status()).toBe(200);
  await user.goto('/auth');
  await loginViaUi(user, username, TEST_PASSWORD);
  await expect(user).toHaveURL('/dashboard');

  // Deactivate from the row menu.
  await page.getByRole('searchbox', { name: 'Search users' }).fill(username);
  await page.getByRole('button', { name: `Actions for ${username}` }).click();
  await page.getByRole('menuitem', { name: 'Deactivate User' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Deactivate User' });
  await confirm.getByRole('button', { name: 'Deactivate User' }).click();
  await expect(toasts(page)).toContainText(`${username} was signed out everywhere`);
  await expect(page.getByRole('row', { name: new RegExp(username) })).toContainText('Deactivated');

  // Their next request is signed out, and signing in says why.
  expect((await user.request.get('/api/user')).status()).toBe(401);
  await user.goto('/auth');
  await loginViaUi(user, username, TEST_PASSWORD);
  await expect(toasts(user)).toContainText(
    'This account has been deactivated. Contact your administrator.',
  );
  await context.close();

  // Reactivate.
  await page.getByRole('button', { name: `Actions for ${username}` }).click();
  await page.getByRole('menuitem', { name: 'Reactivate User' }).click();
  await expect(page.getByRole('row', { name: new RegExp(username) })).toContainText('Active');
});
