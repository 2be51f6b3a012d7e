import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { type Portals, startPortals } from '../server/features/automation/testing/portals.ts';
import {
  adminApi,
  attachFile,
  createProvider,
  submitAcceptedLogin,
  submitFormViaApi,
} from './connections-helpers.ts';
import { collectPageErrors, registerViaApi, toasts } from './helpers.ts';

// The e2e server runs without Stripe keys: billing is in its labelled test mode, the payment
// page records a test card, and Stripe.js must never load.

const TEST_MODE_BANNER = 'Test mode: no card is charged';

let portals: Portals;
test.beforeAll(async () => {
  portals = await startPortals();
});
test.afterAll(async () => {
  await portals.close();
});

/**
 * A customer of `uniqueFormUrl` submits the public form (as the form page would) with a login
 * the utility (a test portal) accepts: a report on it is charged at once.
 */
async function customerSubmits(request: APIRequestContext, uniqueFormUrl: string) {
  const admin = await adminApi();
  await submitAcceptedLogin(admin, request, uniqueFormUrl, portals.url('/portal'));
  await admin.dispose();
}

/** Every request for Stripe's code or API, which test mode must never make. */
function collectStripeRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => {
    if (/stripe/i.test(request.url())) urls.push(request.url());
  });
  return urls;
}

/** Pricing -> the plan -> the payment page in test mode -> Add Payment Method -> dashboard. */
async function addTestCard(page: Page, planButton: string, plan: 'basic' | 'premium') {
  await page.goto('/pricing');
  await page.getByRole('button', { name: planButton }).click();
  await expect(page).toHaveURL(`/payment?plan=${plan}`);
  const payment = page.getByRole('region', { name: 'Payment Information' });
  await expect(payment.getByText(TEST_MODE_BANNER)).toBeVisible();
  await expect(payment.getByLabel('Test card number')).toHaveValue('4242 4242 4242 4242');
  await payment.getByRole('button', { name: 'Add Payment Method' }).click();
  await expect(toasts(page).getByText('Payment Method Added')).toBeVisible();
  await expect(
    toasts(page).getByText('Your payment method has been successfully added!'),
  ).toBeVisible();
  await expect(page).toHaveURL('/dashboard');
  await expect(page.getByRole('heading', { name: 'Payment Required' })).toHaveCount(0);
}

test('pay-per-report: add the test card, generate a report for $29.99, see it billed', async ({
  page,
  request,
}) => {
  const errors = collectPageErrors(page);
  const stripe = collectStripeRequests(page);
  const { user } = await registerViaApi(page.request);
  await customerSubmits(request, user.uniqueFormUrl);

  await addTestCard(page, 'Choose Pay-Per-Report', 'basic');

  const card = page.getByRole('article', { name: 'Dana Lee' });
  await card.getByRole('button', { name: 'Generate Report' }).click();
  const confirm = page.getByRole('dialog', { name: 'Generate Report' });
  await expect(confirm.getByText('$29.99', { exact: true })).toBeVisible();
  await expect(confirm.getByText(/charged to your card now/)).toBeVisible();
  await confirm.getByRole('button', { name: 'Request Report' }).click();
  await expect(confirm).toBeHidden();
  await expect(toasts(page).getByText('Report requested')).toBeVisible();
  await expect(toasts(page).getByText(/\$29\.99 was charged to your card/)).toBeVisible();
  // One paid request per connection: no second Generate Report.
  await expect(card.getByText('Report requested')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Generate Report' })).toHaveCount(0);

  await page.getByRole('tab', { name: 'Usage & Billing' }).click();
  const billing = page.getByRole('tabpanel', { name: 'Usage & Billing' });
  await expect(billing.getByText(TEST_MODE_BANNER)).toBeVisible();
  await expect(billing.getByText('Pay-Per-Report', { exact: true })).toBeVisible();
  await expect(billing.getByText('$29.99 per report')).toBeVisible();
  await expect(billing.getByText(/Visa •••• 4242/)).toBeVisible();
  const row = billing.getByRole('row', { name: /Utility report: Dana Lee/ });
  await expect(row).toContainText('$29.99');
  await expect(row).toContainText('(test)');
  const status = row.getByText('Billed', { exact: true });
  await expect(status).toBeVisible();
  await expect(status).toHaveClass(/emerald/);
  await expect(billing.getByRole('row', { name: /Total/ })).toContainText('$29.99');

  // Reloaded, the connection still offers no second paid request.
  await page.goto('/dashboard');
  await expect(
    page.getByRole('article', { name: 'Dana Lee' }).getByText('Report requested'),
  ).toBeVisible();
  expect(stripe).toEqual([]);
  expect(errors).toEqual([]);
});

test('monthly subscription: $25 per report on the invoice, $25 a month, cancel at period end', async ({
  page,
  request,
}) => {
  const errors = collectPageErrors(page);
  const stripe = collectStripeRequests(page);
  const { user } = await registerViaApi(page.request);
  await customerSubmits(request, user.uniqueFormUrl);

  await addTestCard(page, 'Choose Monthly Subscription', 'premium');

  await page
    .getByRole('article', { name: 'Dana Lee' })
    .getByRole('button', { name: 'Generate Report' })
    .click();
  const confirm = page.getByRole('dialog', { name: 'Generate Report' });
  await expect(confirm.getByText('$25', { exact: true })).toBeVisible();
  await expect(confirm.getByText(/added to this month's invoice/)).toBeVisible();
  await confirm.getByRole('button', { name: 'Request Report' }).click();
  await expect(toasts(page).getByText(/\$25\.00 was added to this month's invoice/)).toBeVisible();

  await page.getByRole('tab', { name: 'Usage & Billing' }).click();
  const billing = page.getByRole('tabpanel', { name: 'Usage & Billing' });
  await expect(billing.getByText('Monthly Subscription', { exact: true })).toBeVisible();
  await expect(billing.getByText('$25 per report + $25 per month')).toBeVisible();
  const subscription = billing.getByRole('region', { name: 'Subscription' });
  await expect(subscription.getByText('Active', { exact: true })).toBeVisible();
  // The next invoice: the $25 fee and this month's $25 report.
  await expect(subscription.getByText(/\$50\.00 on /)).toBeVisible();
  const row = billing.getByRole('row', { name: /Utility report: Dana Lee/ });
  await expect(row).toContainText('$25.00');
  await expect(row.getByText('Invoiced', { exact: true })).toHaveClass(/amber/);
  await expect(billing.getByRole('row', { name: /Total/ })).toContainText('$25.00');
  await expect(billing.getByRole('button', { name: 'Switch to Pay-Per-Report' })).toBeVisible();

  await billing.getByRole('button', { name: 'Cancel subscription' }).click();
  const ask = page.getByRole('dialog', { name: 'Cancel your subscription?' });
  await expect(ask.getByText(/until the end of the current period/)).toBeVisible();
  await ask.getByRole('button', { name: 'Cancel subscription' }).click();
  await expect(toasts(page).getByText('Subscription cancelled')).toBeVisible();
  await expect(subscription.getByText(/Active, ends /)).toBeVisible();
  await expect(billing.getByRole('button', { name: 'Cancel subscription' })).toHaveCount(0);
  expect(stripe).toEqual([]);
  expect(errors).toEqual([]);
});

test("Stripe's return address is confirmed once and cleaned from the address bar", async ({
  page,
}) => {
  await registerViaApi(page.request);
  const confirmations: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/api/billing/confirm-setup')) confirmations.push(r.postData() ?? '');
  });
  await page.goto(
    '/dashboard?payment=success&setup_intent=seti_1E2e&setup_intent_client_secret=seti_1E2e_secret_x&redirect_status=succeeded&tab=billing',
  );
  await expect(page).toHaveURL('/dashboard?tab=billing');
  // In test mode the server refuses a Stripe confirmation, and says so.
  await expect(toasts(page).getByText('Payment Setup Failed')).toBeVisible();
  await expect(toasts(page).getByText('Test mode records a test card instead')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('tabpanel', { name: 'Usage & Billing' })).toBeVisible();
  expect(confirmations).toEqual([JSON.stringify({ setupIntentId: 'seti_1E2e' })]);
});

test('a login not confirmed yet: nothing is charged until the report exists, then $29.99 once', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const errors = collectPageErrors(page);
  const { user } = await registerViaApi(page.request);
  const admin = await adminApi();
  const provider = await createProvider(admin);
  const { id } = await submitFormViaApi(request, user.uniqueFormUrl, provider.id);

  await addTestCard(page, 'Choose Pay-Per-Report', 'basic');

  const card = page.getByRole('article', { name: 'Dana Lee' });
  await card.getByRole('button', { name: 'Generate Report' }).click();
  const confirm = page.getByRole('dialog', { name: 'Generate Report' });
  await expect(confirm.getByText(/charged to your card when the report is ready/)).toBeVisible();
  await expect(confirm.getByText(/Nothing is charged now/)).toBeVisible();
  await confirm.getByRole('button', { name: 'Request Report' }).click();
  await expect(
    toasts(page).getByText(/Nothing is charged until the report is ready/),
  ).toBeVisible();
  await expect(card.getByText('Charged when the report is ready.')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Generate Report' })).toHaveCount(0);

  await page.getByRole('tab', { name: 'Usage & Billing' }).click();
  const billing = page.getByRole('tabpanel', { name: 'Usage & Billing' });
  const row = billing.getByRole('row', { name: /Utility report: Dana Lee/ });
  await expect(row.getByText('Requested', { exact: true })).toBeVisible();
  await expect(row).toContainText('Charged when the report is ready');
  await expect(billing.getByRole('row', { name: /Total/ })).toContainText('$0.00');

  // The data arrives and the admin completes the connection: the report is built, then paid.
  await attachFile(admin, id, 'interval-data.csv', Buffer.from('date,kwh\n'));
  const completed = await admin.put(`/api/connections/${id}`, { data: { status: 'complete' } });
  expect(completed.status(), await completed.text()).toBe(200);
  await admin.dispose();
  await expect
    .poll(
      async () => {
        await page.reload();
        return billing.getByRole('row', { name: /Total/ }).textContent();
      },
      { timeout: 60_000 },
    )
    .toContain('$29.99');
  await expect(row.getByText('Billed', { exact: true })).toBeVisible();
  expect(errors).toEqual([]);
});
