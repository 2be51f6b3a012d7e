import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { collectPageErrors } from './helpers.ts';

test('the sample report modal shows the generated report and Download Sample downloads its PDF', async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  await page.goto('/');
  await page.getByRole('button', { name: 'View Sample Report' }).click();

  const dialog = page.getByRole('dialog', { name: 'Sample Utility Report' });
  await expect(dialog).toBeVisible();
  // The report itself, framed: its cover, its bills and the files it was made from.
  const frame = page.frameLocator('iframe[title="Sample report"]');
  await expect(frame.getByRole('heading', { name: 'Whitfield residence (sample)' })).toBeVisible();
  await expect(
    frame.getByText('Prepared by Sunrise Solar Design for Dana Whitfield'),
  ).toBeVisible();
  await expect(frame.getByText('E-TOU-C (NEM2)').first()).toBeVisible();
  await expect(frame.getByText('Sample data generated for this example').first()).toBeAttached();
  // Tall enough to read, not a strip.
  const box = await dialog.locator('iframe').boundingBox();
  expect(box?.height ?? 0).toBeGreaterThan(400);

  await expect(dialog.getByRole('link', { name: 'Open in a new tab' })).toHaveAttribute(
    'href',
    '/api/sample-report.html',
  );
  await expect(dialog.getByText('This sample is free.')).toBeVisible();
  await expect(
    dialog.getByRole('link', { name: 'Sign up to download full reports!' }),
  ).toHaveAttribute('href', '/auth?tab=register');

  // A real file download, not an alert.
  const alerts: string[] = [];
  page.on('dialog', async (shown) => {
    alerts.push(shown.message());
    await shown.dismiss();
  });
  const [download] = await Promise.all([
    page.waitForEvent('download', { timeout: 60_000 }),
    dialog.getByRole('link', { name: 'Download Sample' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('sample-utility-report.pdf');
  const file = await download.path();
  expect(readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');
  expect(alerts).toEqual([]);

  await dialog.getByRole('button', { name: 'Close' }).first().click();
  await expect(dialog).toBeHidden();
  // Playwright's own helper scripts are refused by the frame's sandbox (in the report and in the
  // blank page the frame starts with), and Chromium logs each refusal; the report holds no
  // script. Anything else logged is a failure.
  const sandboxNotes =
    /^Blocked script execution in '(?:about:blank|[^']*\/api\/sample-report\.html)' because the document's frame is sandboxed/;
  expect(errors.filter((e) => !sandboxNotes.test(e))).toEqual([]);
});

test('Sign up from the sample report opens the registration form', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'View Sample Report' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sample Utility Report' });
  await dialog.getByRole('link', { name: 'Sign up to download full reports!' }).click();
  await expect(page).toHaveURL('/auth?tab=register');
  await expect(page.getByRole('tab', { name: 'Register' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
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
