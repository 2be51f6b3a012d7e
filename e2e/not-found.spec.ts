import { expect, test } from '@playwright/test';

test('an unknown path shows the 404 page with a way home', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: /Page Not Found/ })).toBeVisible();
  await expect(page.getByText('Did you forget to add the page to the router?')).toBeVisible();

  await page.getByRole('link', { name: 'Back to Home' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('button', { name: 'View Sample Report' })).toBeVisible();
});
