import { expect, test } from '@playwright/test';
import { registerViaApi, toasts } from './helpers.ts';

test('the dashboard copies the customer form link', async ({ page, context, baseURL }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const { user } = await registerViaApi(page.request);
  await page.goto('/dashboard');

  const expected = `${baseURL}/form/${user.uniqueFormUrl}`;
  await expect(page.getByLabel('Customer form URL')).toHaveValue(expected);
  await page.getByRole('button', { name: 'Copy' }).click();
  await expect(toasts(page).getByText('URL Copied!')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(expected);
});

test('the customer form page opens without an account', async ({ page }) => {
  await page.goto('/form/some-form-link');
  await expect(page.getByRole('heading', { name: 'Connect Your Utility Account' })).toBeVisible();
  await expect(page.getByText(/24-48 hours/).first()).toBeVisible();
});
