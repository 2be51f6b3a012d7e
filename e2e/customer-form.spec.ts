import { expect, type Page, test } from '@playwright/test';
import { adminApi, createProvider, fitsViewport } from './connections-helpers.ts';
import { collectPageErrors, registerViaApi, toasts } from './helpers.ts';

const PHONE = { width: 375, height: 812 };

async function fillForm(form: Page, providerLabel: string, customerName: string) {
  await form.getByLabel('Full name').fill(customerName);
  await form.getByLabel('Email').fill('dana@example.com');
  await form.getByLabel('Phone').fill('555-0100');
  await form.getByLabel('Service address').fill('1 Main St, Fresno, CA');
  await form.getByLabel('Utility provider').selectOption({ label: providerLabel });
  await form.getByLabel('Utility account username').fill('dana.lee');
  await form.getByLabel('Utility account password', { exact: true }).fill('utility-secret');
  await form.getByLabel('Notes').fill('Two meters on this account');
  await form.getByLabel(/^I authorize .* to access my utility account/).check();
}

test('a user shares their link, a customer submits it once, the user sees it', async ({
  page,
  context,
  browser,
  baseURL,
}) => {
  const admin = await adminApi(baseURL);
  const provider = await createProvider(admin);
  await admin.dispose();
  const providerLabel = `${provider.name} (California)`;

  // The user copies their link from Customer Links.
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const { username } = await registerViaApi(page.request);
  await page.goto('/dashboard');
  await page.getByRole('tab', { name: 'Customer Links' }).click();
  await expect(page).toHaveURL('/dashboard?tab=links');
  await expect(page.getByText('No submissions yet.')).toBeVisible();
  await page.getByRole('button', { name: 'Copy' }).click();
  await expect(toasts(page).getByText('URL Copied!')).toBeVisible();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toMatch(/\/form\/[A-Za-z0-9_-]+$/);

  // An anonymous customer on a phone opens it, fills it in and double-clicks Submit.
  const visitor = await browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true });
  const form = await visitor.newPage();
  const errors = collectPageErrors(form);
  await form.goto(link);
  // The form names its owner in neutral words, never by the username they sign in with.
  await expect(
    form.getByRole('heading', { name: 'Share your utility account with your energy professional' }),
  ).toBeVisible();
  await expect(form.getByText(username)).toHaveCount(0);
  await expect(form.getByText(/encrypted, used only to retrieve/)).toBeVisible();
  await expect(form.getByRole('heading', { name: 'Processing within 24 hours' })).toBeVisible();
  await expect(form.getByText(/as a PDF report/)).toBeVisible();
  await expect(form.getByLabel('Utility account password', { exact: true })).toHaveAttribute(
    'autocomplete',
    'off',
  );
  await fillForm(form, providerLabel, 'Dana Lee');
  expect(await fitsViewport(form)).toBe(true);

  const submits: string[] = [];
  form.on('request', (request) => {
    if (request.method() === 'POST' && request.url().includes('/api/form/')) {
      submits.push(request.postDataJSON().submissionKey);
    }
  });
  await form.getByRole('button', { name: 'Submit' }).dblclick();
  await expect(form.getByRole('heading', { name: 'Submission Received' })).toBeVisible();
  await expect(form.getByText(`Thank you, Dana Lee.`)).toBeVisible();
  expect(new Set(submits).size).toBe(1);
  expect(await fitsViewport(form)).toBe(true);
  expect(errors).toEqual([]);
  await visitor.close();

  // Back on the dashboard, after a reload: one pending connection.
  await page.getByRole('tab', { name: 'My Connections' }).click();
  await page.reload();
  const cards = page.getByRole('list', { name: 'Connections' }).getByRole('article');
  await expect(cards).toHaveCount(1);
  const card = cards.first();
  await expect(card.getByRole('heading', { name: 'Dana Lee' })).toBeVisible();
  await expect(card.getByText('dana@example.com')).toBeVisible();
  await expect(card.getByText(providerLabel)).toBeVisible();
  await expect(card.getByText('pending', { exact: true })).toBeVisible();
  await expect(card.getByText('Two meters on this account')).toBeVisible();
  const mine = await page.request.get('/api/my-connections');
  expect(await mine.json()).toHaveLength(1);

  // Customer Links lists it among the recent submissions.
  await page.getByRole('tab', { name: 'Customer Links' }).click();
  const recent = page.getByRole('list', { name: 'Recent submissions' });
  await expect(recent.getByText('Dana Lee')).toBeVisible();
});

test('an unknown link shows Form Not Found', async ({ page }) => {
  await page.goto('/form/no-such-form-link');
  await expect(page.getByRole('heading', { name: 'Form Not Found' })).toBeVisible();
  await expect(
    page.getByText('This customer form link is not valid or has expired.'),
  ).toBeVisible();
  await expect(page.getByRole('form')).toHaveCount(0);
});

test('missing fields are named inline and nothing is sent', async ({ page, request }) => {
  const { user } = await registerViaApi(request);
  await page.goto(`/form/${user.uniqueFormUrl}`);
  let sent = false;
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().includes('/api/form/')) sent = true;
  });
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Name is required', { exact: true })).toBeVisible();
  await expect(page.getByText('Email is required')).toBeVisible();
  await expect(page.getByText('Service address is required')).toBeVisible();
  await expect(page.getByText('Utility password is required')).toBeVisible();
  await expect(
    page.getByText('Please tick the box to authorize access to your utility account'),
  ).toBeVisible();
  await expect(page.getByLabel('Full name')).toBeFocused();

  // Spaces pass the browser's check but not ours.
  await page.getByLabel('Full name').fill('   ');
  await expect(page.getByText('Name is required', { exact: true })).toHaveCount(0);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Email is required')).toBeVisible();
  expect(sent).toBe(false);
});

test('a submission the server refuses shows Submission Failed', async ({
  page,
  request,
  baseURL,
}) => {
  const admin = await adminApi(baseURL);
  const provider = await createProvider(admin);
  const { user } = await registerViaApi(request);
  await page.goto(`/form/${user.uniqueFormUrl}`);
  await fillForm(page, `${provider.name} (California)`, 'Sam Stale');

  // The provider goes away while the customer fills in the form.
  const removed = await admin.delete(`/api/providers/${provider.id}`);
  expect(removed.status()).toBe(200);
  await admin.dispose();

  await page.getByRole('button', { name: 'Submit' }).click();
  const toast = toasts(page);
  await expect(toast.getByText('Submission Failed')).toBeVisible();
  await expect(toast.getByText('Please choose a utility provider from the list')).toBeVisible();
  // The customer keeps what they typed.
  await expect(page.getByLabel('Full name')).toHaveValue('Sam Stale');
  await expect(page.getByRole('button', { name: 'Submit' })).toBeEnabled();
});

test('a server fault asks to try again later', async ({ page, request, baseURL }) => {
  const admin = await adminApi(baseURL);
  const provider = await createProvider(admin);
  await admin.dispose();
  const { user } = await registerViaApi(request);
  await page.route('**/api/form/**', (route) =>
    route.fulfill({ status: 503, json: { message: 'Service Unavailable' } }),
  );
  await page.goto(`/form/${user.uniqueFormUrl}`);
  await fillForm(page, `${provider.name} (California)`, 'Pat Later');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(toasts(page).getByText('Submission Failed')).toBeVisible();
  await expect(toasts(page).getByText('Please try again later.')).toBeVisible();
});

test('a provider list that fails to load says so', async ({ page, request }) => {
  const { user } = await registerViaApi(request);
  await page.route('**/api/providers', (route) =>
    route.fulfill({ status: 500, json: { message: 'Internal Server Error' } }),
  );
  await page.goto(`/form/${user.uniqueFormUrl}`);
  await expect(page.getByText('Failed to fetch providers')).toBeVisible();
  await page.unroute('**/api/providers');
  await page.getByRole('button', { name: 'Try Again' }).click();
  await expect(page.getByText('Failed to fetch providers')).toHaveCount(0);
});

test('only active providers are offered', async ({ page, request, baseURL }) => {
  const admin = await adminApi(baseURL);
  const active = await createProvider(admin);
  const inactive = await createProvider(admin);
  const off = await admin.put(`/api/providers/${inactive.id}`, {
    data: { name: inactive.name, state: 'California', isActive: false },
  });
  expect(off.status(), await off.text()).toBe(200);
  await admin.dispose();
  const { user } = await registerViaApi(request);
  await page.goto(`/form/${user.uniqueFormUrl}`);
  const select = page.getByLabel('Utility provider');
  await expect(select.getByRole('option', { name: `${active.name} (California)` })).toHaveCount(1);
  await expect(select.getByRole('option', { name: `${inactive.name} (California)` })).toHaveCount(
    0,
  );
});
