import { expect, test } from '@playwright/test';
import { adminApi, attachFile, createProvider, submitFormViaApi } from './connections-helpers.ts';
import { collectPageErrors, registerViaApi, toasts } from './helpers.ts';
import { waitForMail } from './mail.ts';
import { solidPng } from './png.ts';

const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

test('a user names their business and adds a logo in Account & API; their customer form, emails and report show them', async ({
  page,
  browser,
}) => {
  const { username, user } = await registerViaApi(page.request);
  await page.goto('/dashboard?tab=account');

  const details = page.getByRole('form', { name: 'Business details' });
  await details.getByLabel('Company name').fill('Sunrise Solar');
  await details.getByLabel('Reply-to email').fill('not an email');
  await details.getByRole('button', { name: 'Save Business Details' }).click();
  await expect(details.getByRole('alert')).toHaveText(
    'The reply-to address must be an email address, like name@example.com',
  );
  await details.getByLabel('Reply-to email').fill('office@sunrise.example');
  await details.getByRole('button', { name: 'Save Business Details' }).click();
  await expect(toasts(page)).toContainText('Your customers now see Sunrise Solar.');

  // The file's bytes decide what it is, whatever its name says.
  const file = page.getByLabel('Logo file');
  await file.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: GIF });
  await expect(page.getByText('The logo must be a PNG, JPEG or SVG image.')).toBeVisible();
  await file.setInputFiles({
    name: 'logo.png',
    mimeType: 'image/png',
    buffer: solidPng(96, 32, [245, 158, 11]),
  });
  await expect(toasts(page)).toContainText('Logo Saved');
  await expect(page.getByRole('img', { name: 'Your logo' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Remove Logo' })).toBeVisible();

  // The customer, signed out, sees the business, never the username.
  const visitor = await browser.newContext();
  const form = await visitor.newPage();
  const errors = collectPageErrors(form);
  await form.goto(`/form/${user.uniqueFormUrl}`);
  await expect(
    form.getByRole('heading', { name: 'Share your utility account with Sunrise Solar' }),
  ).toBeVisible();
  const logo = form.getByRole('img', { name: 'Sunrise Solar logo' });
  await expect(logo).toBeVisible();
  expect(await logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(96);
  await expect(form.getByRole('heading', { name: 'Processing within 24 hours' })).toBeVisible();
  await expect(form.getByLabel(/^I authorize Sunrise Solar and /)).toBeVisible();
  await expect(form.getByText(username)).toHaveCount(0);
  expect(errors).toEqual([]);
  await visitor.close();

  // The customer's email comes from the business, and a reply reaches it.
  const customerEmail = `${username}-client@example.com`;
  const admin = await adminApi();
  const provider = await createProvider(admin);
  const { id } = await submitFormViaApi(page.request, user.uniqueFormUrl, provider.id, {
    name: 'Maria Gonzalez',
    email: customerEmail,
  });
  const received = await waitForMail((m) => m.to === customerEmail);
  expect(received.from).toMatch(/^"?Sunrise Solar via Utility Reports"? </);
  expect(received.replyTo).toContain('office@sunrise.example');
  expect(received.text).not.toContain(username);

  // The report's cover names the business and its customer.
  await page.request.post('/api/billing/test-card', { data: { plan: 'basic' } });
  await page.request.post('/api/record-usage', { data: { connectionId: id } });
  await attachFile(admin, id, 'interval-data.csv', Buffer.from('date,kwh\n'));
  const completed = await admin.put(`/api/connections/${id}`, { data: { status: 'complete' } });
  expect(completed.status(), await completed.text()).toBe(200);
  await admin.dispose();
  let reportId: number | undefined;
  await expect
    .poll(
      async () => {
        const mine = await (await page.request.get('/api/my/reports')).json();
        reportId = mine.reports.find(
          (r: { connectionId: number; status: string }) =>
            r.connectionId === id && r.status === 'ready',
        )?.id;
        return reportId !== undefined;
      },
      { timeout: 60_000 },
    )
    .toBe(true);
  const html = await page.request.get(`/api/reports/${reportId}/download/html`);
  expect(html.status()).toBe(200);
  const report = await html.text();
  expect(report).toContain('Prepared by Sunrise Solar for Maria Gonzalez');
  // The logo travels inside the report (no outside request), beside the business's name.
  expect(report).toMatch(
    /<img class="brand-logo" src="data:image\/png;base64,[A-Za-z0-9+/]+(&#61;)*" alt="Sunrise Solar">/,
  );
});
