import { expect, test } from '@playwright/test';
import { loginViaUi, TEST_PASSWORD, toasts, uniqueUsername } from './helpers.ts';
import { waitForMail } from './mail.ts';

const NEW_PASSWORD = 'a fresh passphrase';

test('forgot password: the mail, a new password, the old one refused, the link used up', async ({
  page,
  request,
}) => {
  const username = uniqueUsername('forgetful');
  const email = `${username}@example.com`;
  const created = await request.post('/api/register', {
    data: { username, email, password: TEST_PASSWORD },
  });
  expect(created.status()).toBe(201);

  await page.goto('/auth');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
  await page.getByLabel('Username or email').fill(email);
  await page.getByRole('button', { name: 'Email me a reset link' }).click();
  await expect(page.getByRole('status')).toContainText('If an account matches');

  const mail = await waitForMail((m) => m.to === email);
  expect(mail.subject).toBe('Reset your Utility Reports password');
  const link = /http\S+\/set-password\?token=[\w-]+/.exec(mail.text)?.[0] ?? '';
  expect(link).not.toBe('');

  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  await expect(page.getByText(username)).toBeVisible();
  await expect(page).not.toHaveURL(/token=/);
  await page.getByLabel('New password').fill(NEW_PASSWORD);
  await page.getByLabel('Confirm password').fill('not the same');
  await page.getByRole('button', { name: 'Set password' }).click();
  await expect(page.getByRole('alert')).toHaveText('The two passwords do not match');
  await page.getByLabel('Confirm password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Set password' }).click();
  await expect(page.getByRole('status')).toContainText('Your password is set');

  const old = await request.post('/api/login', { data: { username, password: TEST_PASSWORD } });
  expect(old.status()).toBe(401);
  await page.getByRole('link', { name: 'Sign In' }).click();
  await loginViaUi(page, username, NEW_PASSWORD);
  await expect(page).toHaveURL('/dashboard');

  // The same link again says it was used.
  await page.goto(link);
  await expect(page.getByText('This link has already been used. Ask for a new one.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Forgot password?' })).toBeVisible();
});

test('a signed-in user changes their password in Account & API; other sessions end', async ({
  page,
  request,
}) => {
  const username = uniqueUsername('changer');
  const created = await request.post('/api/register', {
    data: { username, email: `${username}@example.com`, password: TEST_PASSWORD },
  });
  expect(created.status()).toBe(201);
  // `request` holds a second session of the same user.
  expect((await request.get('/api/user')).status()).toBe(200);

  await page.goto('/auth');
  await loginViaUi(page, username, TEST_PASSWORD);
  await expect(page).toHaveURL('/dashboard');
  await page.getByRole('tab', { name: 'Account & API' }).click();
  const form = page.getByRole('form', { name: 'Change password' });
  await form.getByLabel('Current password').fill('wrong password');
  await form.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await form.getByLabel('Confirm new password').fill(NEW_PASSWORD);
  await form.getByRole('button', { name: 'Change Password' }).click();
  await expect(form.getByRole('alert')).toHaveText('Current password is incorrect');
  await form.getByLabel('Current password').fill(TEST_PASSWORD);
  await form.getByRole('button', { name: 'Change Password' }).click();
  await expect(toasts(page)).toContainText('Your other sessions were signed out');

  expect((await request.get('/api/user')).status()).toBe(401);
  expect((await page.request.get('/api/user')).status()).toBe(200);
  const again = await request.post('/api/login', { data: { username, password: NEW_PASSWORD } });
  expect(again.status()).toBe(200);
});
