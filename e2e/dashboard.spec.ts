import { expect, test } from '@playwright/test';
import {
  adminApi,
  attachFile,
  createProvider,
  fitsViewport,
  submitFormViaApi,
} from './connections-helpers.ts';
import { collectPageErrors, registerViaApi, toasts } from './helpers.ts';

test('a new user without connections is pointed to Customer Links', async ({ page }) => {
  const errors = collectPageErrors(page);
  const { username } = await registerViaApi(page.request);
  await page.goto('/dashboard');
  await expect(page.getByRole('banner').getByText(username)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign Out' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'My Connections' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(page.getByRole('heading', { name: 'No connections yet' })).toBeVisible();
  await page.getByRole('button', { name: 'Go to Customer Links' }).click();
  await expect(page).toHaveURL('/dashboard?tab=links');
  await expect(page.getByLabel('Customer form URL')).toBeVisible();
  expect(errors).toEqual([]);
});

test('Customer Links copies, emails, texts and opens the form link', async ({
  page,
  context,
  baseURL,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const { user, username } = await registerViaApi(page.request);
  await page.goto('/dashboard?tab=links');

  const expected = `${baseURL}/form/${user.uniqueFormUrl}`;
  await expect(page.getByLabel('Customer form URL')).toHaveValue(expected);
  await page.getByRole('button', { name: 'Copy' }).click();
  await expect(toasts(page).getByText('URL Copied!')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(expected);

  const email = page.getByRole('link', { name: 'Email' });
  const href = new URL((await email.getAttribute('href')) ?? '');
  expect(href.protocol).toBe('mailto:');
  expect(href.searchParams.get('subject')).toBe('Your Customer Connection Form');
  expect(href.searchParams.get('body')).toContain(expected);
  // The composer itself is the operating system's; only the toast is ours to check.
  await email.dispatchEvent('click');
  await expect(toasts(page).getByText('Email Opened')).toBeVisible();

  await page.getByRole('button', { name: 'Text' }).click();
  await expect(toasts(page).getByText('Text Message Ready')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
    `Your customer form: ${expected}`,
  );

  const opened = context.waitForEvent('page');
  await page.getByRole('link', { name: 'Test Form' }).click();
  const form = await opened;
  // The form names its owner in neutral words, never by the username they sign in with.
  await expect(
    form.getByRole('heading', { name: 'Share your utility account with your energy professional' }),
  ).toBeVisible();
  await expect(form.getByText(username)).toHaveCount(0);
});

test('without a payment method: the banner, and Generate Report asks for one', async ({
  page,
  request,
  baseURL,
}) => {
  const admin = await adminApi(baseURL);
  const provider = await createProvider(admin);
  await admin.dispose();
  const { user } = await registerViaApi(page.request);
  await submitFormViaApi(request, user.uniqueFormUrl, provider.id);
  let reportCalls = 0;
  page.on('request', (r) => {
    if (r.method() !== 'GET' && r.url().includes('/api/')) reportCalls++;
  });
  await page.goto('/dashboard');

  await expect(page.getByRole('heading', { name: 'Payment Required' })).toBeVisible();
  await page.getByRole('button', { name: 'Generate Report' }).click();
  const required = page.getByRole('dialog', { name: 'Payment Required' });
  await expect(required).toBeVisible();
  expect(reportCalls).toBe(0);
  await required.getByRole('button', { name: 'Choose a Plan' }).click();
  const plans = page.getByRole('dialog', { name: 'Choose Your Plan' });
  await expect(plans.getByRole('heading', { name: 'Pay-Per-Report' })).toBeVisible();
  await plans.getByRole('link', { name: 'Choose Monthly Subscription' }).click();
  await expect(page).toHaveURL('/payment?plan=premium');

  await page.goto('/dashboard');
  await page
    .getByRole('region', { name: 'Payment Required' })
    .getByRole('link', { name: 'View Pricing' })
    .click();
  await expect(page).toHaveURL('/pricing');
});

test('Usage & Billing shows the plan and an empty usage list, and keeps its tab on reload', async ({
  page,
}) => {
  await registerViaApi(page.request);
  await page.goto('/dashboard');
  await page.getByRole('tab', { name: 'Usage & Billing' }).click();
  await expect(page).toHaveURL('/dashboard?tab=billing');
  await page.reload();
  const billing = page.getByRole('tabpanel', { name: 'Usage & Billing' });
  await expect(billing.getByText('Free', { exact: true })).toBeVisible();
  await expect(billing.getByText('$29.99 per report')).toBeVisible();
  await expect(billing.getByText('No reports yet')).toBeVisible();
  await expect(billing.getByText('$0.00')).toBeVisible();
  await billing.getByRole('button', { name: 'Change Plan' }).click();
  await page
    .getByRole('dialog', { name: 'Choose Your Plan' })
    .getByRole('link', { name: 'Choose Pay-Per-Report' })
    .click();
  await expect(page).toHaveURL('/payment?plan=basic');
});

test('My Connections shows status, period, usage, cost and downloadable files', async ({
  page,
  request,
  baseURL,
}) => {
  const admin = await adminApi(baseURL);
  const provider = await createProvider(admin);
  const { user } = await registerViaApi(page.request);
  const { id } = await submitFormViaApi(request, user.uniqueFormUrl, provider.id, {
    name: 'Riley Watts',
  });
  const edited = await admin.put(`/api/connections/${id}`, {
    data: {
      status: 'in_progress',
      startDate: '2024-09-01',
      endDate: '2024-09-30',
      usage: 45720,
      cost: 8247.5,
      accountNumber: '1234-5678',
    },
  });
  expect(edited.status(), await edited.text()).toBe(200);
  const content = Buffer.alloc(1.5 * 1024 * 1024, 'a');
  await attachFile(admin, id, 'interval-data.csv', content);
  await admin.dispose();

  await page.goto('/dashboard');
  const card = page.getByRole('article', { name: 'Riley Watts' });
  await expect(card.getByText('in progress', { exact: true })).toBeVisible();
  await expect(card.getByText('Sep 1, 2024 – Sep 30, 2024')).toBeVisible();
  await expect(card.getByText('45,720 kWh')).toBeVisible();
  await expect(card.getByText('$8,247.50')).toBeVisible();
  await expect(card.getByText('1234-5678')).toBeVisible();
  await expect(card.getByText('1.5 MB')).toBeVisible();
  // Files are the paid product: the owner downloads them once a report is paid for.
  await expect(
    card.getByText('Generate a report on this connection to download its files.'),
  ).toBeVisible();
  await expect(card.getByRole('link', { name: 'Download interval-data.csv' })).toHaveCount(0);
  const testCard = await page.request.post('/api/billing/test-card', { data: { plan: 'basic' } });
  expect(testCard.status(), await testCard.text()).toBe(200);
  const paid = await page.request.post('/api/record-usage', { data: { connectionId: id } });
  expect(paid.status(), await paid.text()).toBe(200);
  // The login was never confirmed: the report is charged once it exists, and the files wait.
  expect((await paid.json()).status).toBe('requested');
  await page.reload();
  await expect(card.getByText('Charged when the report is ready.')).toBeVisible();
  await expect(card.getByRole('link', { name: 'Download interval-data.csv' })).toHaveCount(0);

  // The data is complete: the report is built and charged, and the files are the owner's.
  const finishing = await adminApi(baseURL);
  const completed = await finishing.put(`/api/connections/${id}`, { data: { status: 'complete' } });
  expect(completed.status(), await completed.text()).toBe(200);
  await finishing.dispose();
  await expect
    .poll(
      async () => {
        const usage = await (await page.request.get('/api/usage')).json();
        return usage.usage[0]?.status;
      },
      { timeout: 60_000 },
    )
    .toBe('billed');
  await page.reload();

  const download = page.waitForEvent('download');
  await card.getByRole('link', { name: 'Download interval-data.csv' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('interval-data.csv');
  const path = await file.path();
  const { statSync } = await import('node:fs');
  expect(statSync(path).size).toBe(content.length);
});

test('the dashboard works on a 375 px phone', async ({ page, request, baseURL }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  const admin = await adminApi(baseURL);
  const provider = await createProvider(admin);
  await admin.dispose();
  const { user } = await registerViaApi(page.request);
  await submitFormViaApi(request, user.uniqueFormUrl, provider.id, {
    name: 'A customer with a rather long name indeed',
    email: 'a.very.long.address.for.a.customer@some-long-domain.example.com',
  });
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Payment Required' })).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(1);
  expect(await fitsViewport(page)).toBe(true);
  for (const tab of ['Customer Links', 'Usage & Billing'] as const) {
    await page.getByRole('tab', { name: tab }).click();
    await expect(page.getByRole('tabpanel', { name: tab })).toBeVisible();
    expect(await fitsViewport(page), tab).toBe(true);
  }
  await page.getByRole('button', { name: 'Change Plan' }).click();
  await expect(page.getByRole('dialog', { name: 'Choose Your Plan' })).toBeVisible();
  expect(await fitsViewport(page)).toBe(true);
});
