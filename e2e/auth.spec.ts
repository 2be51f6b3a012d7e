import { expect, test } from '@playwright/test';
import { E2E_ADMIN } from './env.ts';
import {
  collectPageErrors,
  loginViaUi,
  registerViaApi,
  TEST_PASSWORD,
  toasts,
  uniqueUsername,
} from './helpers.ts';

test('register, stay signed in across a reload, then sign out', async ({ page }) => {
  const errors = collectPageErrors(page);
  const username = uniqueUsername('reg');
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Register' }).click();
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Email').fill(`${username}@example.com`);
  await page.getByLabel('Password').fill(TEST_PASSWORD);
  await page.getByRole('button', { name: 'Create Account' }).click();

  await expect(page).toHaveURL('/dashboard');
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect(page.getByText(`Welcome, ${username}`)).toBeVisible();

  await page.reload();
  await expect(page).toHaveURL('/dashboard');
  await expect(page.getByText(`Welcome, ${username}`)).toBeVisible();

  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' })).toBeVisible();
  expect((await page.request.get('/api/user')).status()).toBe(401);

  // The session is really gone: the dashboard now asks to sign in.
  await page.goto('/dashboard');
  await expect(page).toHaveURL('/auth?redirect=%2Fdashboard');
  expect(errors).toEqual([]);
});

test('a protected page sends a visitor to sign in and back after login', async ({
  page,
  request,
}) => {
  const { username, password } = await registerViaApi(request);
  await page.goto('/dashboard');
  await expect(page).toHaveURL('/auth?redirect=%2Fdashboard');

  await loginViaUi(page, username, password);
  await expect(page).toHaveURL('/dashboard');
  await expect(page.getByText(`Welcome, ${username}`)).toBeVisible();
});

test('a wrong password shows the Login failed toast with the server message', async ({
  page,
  request,
}) => {
  const { username } = await registerViaApi(request);
  await page.goto('/auth');
  await loginViaUi(page, username, 'not-the-password');

  const stack = toasts(page);
  await expect(stack.getByText('Login failed')).toBeVisible();
  await expect(stack.getByText('Invalid username or password')).toBeVisible();
  await expect(page).toHaveURL('/auth');
  await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeEnabled();
});

test('registering a taken username shows the Registration failed toast', async ({
  page,
  request,
}) => {
  const { username } = await registerViaApi(request);
  await page.goto('/auth?tab=register');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(TEST_PASSWORD);
  await page.getByRole('button', { name: 'Create Account' }).click();

  await expect(toasts(page).getByText('Registration failed')).toBeVisible();
  await expect(page).toHaveURL(/\/auth/);
});

test('a signed-in user opening /auth goes to the dashboard', async ({ page }) => {
  await registerViaApi(page.request);
  await page.goto('/auth');
  await expect(page).toHaveURL('/dashboard');
});

test('an external redirect value is ignored after login', async ({ page, request }) => {
  const { username, password } = await registerViaApi(request);
  await page.goto(`/auth?redirect=${encodeURIComponent('//evil.example/steal')}`);
  await loginViaUi(page, username, password);
  await expect(page).toHaveURL('/dashboard');
});

test('roles: users stay out of /admin, admins out of /dashboard', async ({ page, browser }) => {
  await registerViaApi(page.request);
  await page.goto('/admin');
  await expect(page).toHaveURL('/dashboard');
  await page.goto('/user-dashboard');
  await expect(page).toHaveURL('/dashboard');

  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await admin.goto('/auth');
  await loginViaUi(admin, E2E_ADMIN.username, E2E_ADMIN.password);
  await expect(admin).toHaveURL('/admin');
  await expect(admin.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  await expect(admin.getByText('Administrator')).toBeVisible();
  await expect(admin.getByText(E2E_ADMIN.username, { exact: true })).toBeVisible();

  await admin.goto('/dashboard');
  await expect(admin).toHaveURL('/admin');

  await admin.getByRole('button', { name: 'Sign Out' }).click();
  await expect(admin).toHaveURL('/');
  expect((await admin.request.get('/api/user')).status()).toBe(401);
  await adminContext.close();
});
