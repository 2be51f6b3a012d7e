import { expect, type Locator, type Page, test } from '@playwright/test';
import { openAdminView } from './admin-helpers.ts';
import { expectAccessible } from './axe.ts';
import { adminApi, createProvider, submitFormViaApi } from './connections-helpers.ts';
import { registerViaApi, toasts, uniqueUsername } from './helpers.ts';
import { waitForMail } from './mail.ts';

// Every screen once under axe (WCAG 2 A and AA, and axe's best practices): no serious or
// critical violation. The customer form and the payment page are also used with the keyboard
// alone. Each test makes the data its screens need through the API.

// axe reads the whole page on each screen: slow on a busy machine, never a wait on the app.
test.describe.configure({ timeout: 240_000 });

/**
 * How the focused element is drawn, and how it is drawn once blurred: a visible focus is an
 * outline, or a box shadow (our rings) that only focus adds. Focus comes back at once, and
 * after a key press the browser keeps it focus-visible.
 */
async function focusIndicator(page: Page) {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return { element: 'body', visible: false };
    const look = () => {
      const style = getComputedStyle(element);
      return { outline: style.outlineStyle, width: style.outlineWidth, shadow: style.boxShadow };
    };
    const focused = look();
    element.blur();
    const blurred = look();
    element.focus();
    const outlined = focused.outline !== 'none' && focused.width !== '0px';
    return {
      element: element.outerHTML.slice(0, 120),
      visible: element.matches(':focus-visible') && (outlined || focused.shadow !== blurred.shadow),
    };
  });
}

/** Presses Tab until `target` has the focus, checking that every stop on the way shows it. */
async function tabTo(page: Page, target: Locator, maxPresses = 25) {
  for (let presses = 0; presses < maxPresses; presses += 1) {
    await page.keyboard.press('Tab');
    const indicator = await focusIndicator(page);
    expect(indicator.visible, `no visible focus on ${indicator.element}`).toBe(true);
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error(`Tab never reached ${target}`);
}

test('public pages', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'View Sample Report' })).toBeVisible();
  await expectAccessible(page, 'the landing page');

  await page.goto('/pricing');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectAccessible(page, 'the pricing page');

  await page.goto('/auth');
  await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
  await expectAccessible(page, 'sign in');

  await page.getByRole('tab', { name: 'Register' }).click();
  await expect(page.getByRole('button', { name: 'Create Account' })).toBeVisible();
  await expectAccessible(page, 'register');

  await page.goto('/auth');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
  await expectAccessible(page, 'forgot password');

  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: /Page Not Found/ })).toBeVisible();
  await expectAccessible(page, 'the 404 page');
});

test('the customer form with the keyboard alone, its errors and its success screen', async ({
  page,
  request,
}) => {
  const admin = await adminApi();
  const provider = await createProvider(admin);
  await admin.dispose();
  const { user } = await registerViaApi(request);

  await page.goto(`/form/${user.uniqueFormUrl}`);
  const submit = page.getByRole('button', { name: 'Submit' });
  await expect(submit).toBeVisible();
  await expectAccessible(page, 'the customer form');

  // Enter in the empty form: the browser stops on the first field, every field says what it
  // needs, and the messages are announced and tied to their fields.
  const name = page.getByLabel('Full name');
  await tabTo(page, name);
  await page.keyboard.press('Enter');
  await expect(name).toBeFocused();
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  await expect(name).toHaveAccessibleDescription('Name is required');
  await expect(page.getByRole('alert').filter({ hasText: /^Name is required$/ })).toBeVisible();
  const consent = page.getByLabel(/^I authorize .* to access my utility account/);
  await expect(consent).toHaveAttribute('aria-invalid', 'true');
  await expect(consent).toHaveAccessibleDescription(
    'Please tick the box to authorize access to your utility account',
  );
  await expectAccessible(page, 'the customer form with its errors');

  // Filled in by keyboard: typing, the provider by its name, Space on the box and the button.
  await page.keyboard.type('Dana Keys');
  await tabTo(page, page.getByLabel('Email'));
  await page.keyboard.type('dana.keys@example.com');
  await tabTo(page, page.getByLabel('Service address'));
  await page.keyboard.type('1 Main St, Fresno, CA');
  const providers = page.getByLabel('Utility provider');
  await tabTo(page, providers);
  await page.keyboard.type(provider.name);
  await expect(providers).toHaveValue(String(provider.id));
  await tabTo(page, page.getByLabel('Utility account username'));
  await page.keyboard.type('dana.keys');
  await tabTo(page, page.getByLabel('Utility account password', { exact: true }));
  await page.keyboard.type('utility-secret');
  await tabTo(page, consent);
  await page.keyboard.press('Space');
  await expect(consent).toBeChecked();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await tabTo(page, submit);
  await page.keyboard.press('Space');
  const received = page.getByRole('heading', { name: 'Submission Received' });
  await expect(received).toBeFocused();
  await expectAccessible(page, 'the success screen');
});

test('the code page and the login-fix page', async ({ page, request }) => {
  const admin = await adminApi();
  const provider = await createProvider(admin);
  await admin.dispose();
  const { user } = await registerViaApi(request);
  const customerEmail = `${uniqueUsername('axe')}@example.com`;
  const sent = await request.post(`/api/form/${user.uniqueFormUrl}`, {
    data: {
      name: 'Dana Lee',
      email: customerEmail,
      address: '1 Main St, Fresno, CA',
      providerId: provider.id,
      username: 'dana.lee',
      password: 'utility-secret',
      consent: true,
    },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  const { id, codeToken } = await sent.json();

  // A utility that asked for no code: the page says so.
  await page.goto(`/form/code/${codeToken}`);
  await expect(page.getByRole('region', { name: 'Verification code' })).toBeVisible();
  await expectAccessible(page, 'the code page');

  // The owner sends the customer a link to type their login again.
  const fix = await request.post(`/api/connections/${id}/fix-link`);
  expect(fix.status(), await fix.text()).toBe(200);
  const mail = await waitForMail((m) => m.to === customerEmail && m.text.includes('/form/fix/'));
  const link = /\/form\/fix\/[A-Za-z0-9_-]+/.exec(mail.text)?.[0];
  expect(link).toBeDefined();
  await page.goto(link ?? '');
  await expect(page.getByRole('button', { name: 'Check my login again' })).toBeVisible();
  await expectAccessible(page, 'the login-fix page');
});

test('the payment page with the keyboard alone, then the dashboard tabs', async ({ page }) => {
  const admin = await adminApi();
  const provider = await createProvider(admin);
  await admin.dispose();
  const { user } = await registerViaApi(page.request);
  await submitFormViaApi(page.request, user.uniqueFormUrl, provider.id);

  await page.goto('/payment?plan=basic');
  const add = page.getByRole('button', { name: 'Add Payment Method' });
  await expect(add).toBeVisible();
  await expectAccessible(page, 'the payment page (test mode)');
  await tabTo(page, add);
  await page.keyboard.press('Enter');
  await expect(toasts(page).getByText('Payment Method Added')).toBeVisible();
  await expect(page).toHaveURL('/dashboard');

  for (const tab of ['My Connections', 'Customer Links', 'Usage & Billing', 'Account & API']) {
    await page.getByRole('tab', { name: tab }).click();
    await expect(page.getByRole('tabpanel', { name: tab })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expectAccessible(page, `the dashboard's ${tab} tab`);
  }
});

/** Each admin navigation entry after the dashboard, and the title its view shows. */
const ADMIN_VIEWS = [
  ['Needs Attention', 'Needs Attention'],
  ['Connections', 'Connection Management'],
  ['Utility Providers', 'Utility Providers'],
  ['User Management', 'User Management'],
  ['Utility Reports', 'Utility Reports'],
  ['Webhooks', 'Webhook Configuration'],
  ['My Account', 'My Account'],
] as const;

async function openFromAdminNav(page: Page, label: string, title: string) {
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: label }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await page.waitForLoadState('networkidle');
}

test('the admin views and dialogs', async ({ page, request }) => {
  test.setTimeout(360_000);
  const admin = await adminApi();
  const provider = await createProvider(admin);
  await admin.dispose();
  const { user } = await registerViaApi(request);
  const customer = `Axe Customer ${uniqueUsername('c')}`;
  await submitFormViaApi(request, user.uniqueFormUrl, provider.id, { name: customer });

  await openAdminView(page, 'Dashboard', 'Admin Dashboard');
  await page.waitForLoadState('networkidle');
  await expectAccessible(page, 'the admin dashboard');
  for (const [label, title] of ADMIN_VIEWS) {
    await openFromAdminNav(page, label, title);
    await expectAccessible(page, `the admin view ${label}`);
  }

  await openFromAdminNav(page, 'Connections', 'Connection Management');
  await page.getByRole('searchbox', { name: 'Search' }).fill(customer);
  await page.getByRole('button', { name: `View ${customer}'s connection` }).click();
  const detail = page.getByRole('dialog', { name: 'Connection Details' });
  await expect(detail).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expectAccessible(page, 'the connection detail dialog');
  await page.keyboard.press('Escape');
  await expect(detail).toBeHidden();

  await openFromAdminNav(page, 'Utility Providers', 'Utility Providers');
  await page.getByRole('button', { name: 'Add Provider' }).click();
  await expect(page.getByRole('dialog', { name: 'Add Provider' })).toBeVisible();
  await expectAccessible(page, 'the provider dialog');
});

test('the report', async ({ page }) => {
  // The sample comes from the same renderer as every paid report. Its sandbox policy forbids
  // scripts, axe's too, so the same document is read from a page of the test's own.
  const res = await page.request.get('/api/sample-report.html');
  expect(res.status()).toBe(200);
  await page.setContent(await res.text());
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectAccessible(page, 'the report HTML');
});
