import { expect, test } from '@playwright/test';
import { registerViaApi, TEST_PASSWORD, uniqueUsername } from './helpers.ts';

test('a signed-out visitor choosing Monthly Subscription registers and lands on payment', async ({
  page,
}) => {
  await page.goto('/pricing');
  await expect(page.getByRole('heading', { name: 'Pay-Per-Report' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Monthly Subscription' })).toBeVisible();
  await page.getByRole('button', { name: 'Choose Monthly Subscription' }).click();
  await expect(page).toHaveURL('/auth?redirect=%2Fpayment%3Fplan%3Dpremium');

  await page.getByRole('tab', { name: 'Register' }).click();
  await page.getByLabel('Username').fill(uniqueUsername('buyer'));
  await page.getByLabel('Password').fill(TEST_PASSWORD);
  await page.getByRole('button', { name: 'Create Account' }).click();

  await expect(page).toHaveURL('/payment?plan=premium');
  const summary = page.getByRole('region', { name: 'Monthly Subscription' });
  await expect(summary).toBeVisible();
  await expect(summary.getByText('$25', { exact: true })).toHaveCount(3);
  await expect(summary.getByText(/Charges apply only when reports are requested/)).toBeVisible();

  await page.getByRole('link', { name: 'Back to Pricing' }).click();
  await expect(page).toHaveURL('/pricing');
});

test('a signed-in user choosing a plan goes straight to payment', async ({ page }) => {
  await registerViaApi(page.request);
  await page.goto('/pricing');
  await expect(page.getByRole('link', { name: 'Sign In' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Choose Pay-Per-Report' }).click();
  await expect(page).toHaveURL('/payment?plan=basic');
  const summary = page.getByRole('region', { name: 'Pay-Per-Report' });
  await expect(summary.getByText('$29.99').first()).toBeVisible();
});

test('the payment page falls back to the basic plan and needs a signed-in user', async ({
  page,
}) => {
  await page.goto('/payment?plan=gold');
  await expect(page).toHaveURL('/auth?redirect=%2Fpayment%3Fplan%3Dgold');
  await registerViaApi(page.request);
  await page.goto('/payment?plan=gold');
  await expect(page.getByRole('region', { name: 'Pay-Per-Report' })).toBeVisible();
});

test('the FAQ answers the security question honestly', async ({ page }) => {
  await page.goto('/pricing');
  const answer = page.getByText(/never stored permanently/);
  await expect(answer).toBeHidden();
  await page.getByText(/utility logins protected/).click();
  await expect(answer).toBeVisible();
});
