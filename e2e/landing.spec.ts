import { expect, test } from '@playwright/test';
import { collectPageErrors } from './helpers.ts';

test('the sample report modal shows the report and Download Sample raises the alert', async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  await page.goto('/');
  await page.getByRole('button', { name: 'View Sample Report' }).click();

  const dialog = page.getByRole('dialog', { name: 'Sample Utility Report' });
  await expect(dialog).toBeVisible();
  for (const label of [
    'Account Name',
    'Account Number',
    'Utility Provider',
    'Service State',
    'Service Address',
    'Billing Period Start',
    'Billing Period End',
  ]) {
    await expect(dialog.getByText(label, { exact: true })).toBeVisible();
  }
  await expect(dialog.getByText('45,720 kWh')).toBeVisible();
  await expect(dialog.getByText('$8,247.50')).toBeVisible();
  await expect(dialog.getByRole('listitem')).toHaveCount(4);
  await expect(dialog.getByText('pdf', { exact: true })).toHaveCount(2);
  await expect(dialog.getByText('csv', { exact: true })).toHaveCount(2);

  const alerts: string[] = [];
  page.once('dialog', async (shown) => {
    alerts.push(`${shown.type()}: ${shown.message()}`);
    await shown.accept();
  });
  await dialog.getByRole('button', { name: 'Download Sample' }).click();
  await expect.poll(() => alerts).toEqual(['alert: Sign up to download full reports!']);

  await dialog.getByRole('button', { name: 'Close' }).first().click();
  await expect(dialog).toBeHidden();
  expect(errors).toEqual([]);
});

test('the landing page has its sections and working calls to action', async ({ page }) => {
  await page.goto('/');
  for (const benefit of ['Utility Reports', 'Data Files', 'Energy Projects', 'Secure Platform']) {
    await expect(page.getByRole('heading', { name: benefit, exact: true })).toBeVisible();
  }
  const pricing = page.locator('#pricing');
  await expect(pricing.getByText('Most Popular')).toBeVisible();
  await expect(pricing.getByText('$29.99')).toBeVisible();
  await expect(pricing.getByRole('link', { name: 'Contact for Pricing' })).toHaveAttribute(
    'href',
    /^mailto:sales@utilityreports\.io\?subject=/,
  );
  await expect(page.getByRole('link', { name: 'Contact Sales' })).toHaveAttribute(
    'href',
    /^mailto:sales@utilityreports\.io\?subject=/,
  );
  await expect(page.getByRole('link', { name: 'sales@utilityreports.io' })).toHaveAttribute(
    'href',
    'mailto:sales@utilityreports.io',
  );
  // No dead links anywhere on the page.
  await expect(page.locator('a[href="#"], a:not([href])')).toHaveCount(0);

  await page.getByRole('link', { name: 'Get Started Now' }).click();
  await expect(page).toHaveURL('/pricing');
  await page.getByRole('link', { name: 'Back to Home' }).click();
  await page.getByRole('link', { name: 'Start Your Project' }).click();
  await expect(page).toHaveURL('/pricing');
  await page.goto('/');
  await page.getByRole('banner').getByRole('link', { name: 'Sign In' }).click();
  await expect(page).toHaveURL('/auth');
  await expect(page.getByRole('tab', { name: 'Login' })).toHaveAttribute('aria-selected', 'true');
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });

  for (const path of ['/', '/pricing', '/auth']) {
    test(`${path} has no horizontal scroll`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const overflow = await page.evaluate(() => ({
        scroll: document.documentElement.scrollWidth,
        client: document.documentElement.clientWidth,
      }));
      expect(overflow.client).toBe(375);
      expect(overflow.scroll).toBeLessThanOrEqual(overflow.client);
    });
  }
});
