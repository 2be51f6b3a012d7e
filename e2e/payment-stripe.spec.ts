import { expect, type Page, test } from '@playwright/test';
import { registerViaApi, toasts } from './helpers.ts';

// The payment page in Stripe mode. Stripe.js cannot load here (no internet), and the e2e server
// has no Stripe keys, so the browser is given a stand-in: requests to js.stripe.com get a small
// script with Stripe.js's surface (elements, the Payment Element, confirmSetup), and the two
// billing calls are answered as the server answers in Stripe mode. The server's side of Stripe
// mode is covered by server/features/billing/stripe.api.test.ts against a fake Stripe API.
// The stand-in is not the app's origin, so the page's CSP (which lets in js.stripe.com only
// when Stripe is configured) is bypassed for this file; app.api.test.ts checks that CSP.
test.use({ bypassCSP: true });

const SETUP_INTENT = 'seti_1FakeSetupIntent';

/** What Stripe.js's global looks like to @stripe/stripe-js and @stripe/react-stripe-js. */
const FAKE_STRIPE_JS = `
window.Stripe = function Stripe(publishableKey) {
  window.__stripeKey = publishableKey;
  const handlers = {};
  const element = {
    mount(target) {
      const node = typeof target === 'string' ? document.querySelector(target) : target;
      node.innerHTML = '<div data-fake-stripe>Card number 4242 4242 4242 4242</div>';
      setTimeout(() => (handlers.ready || []).forEach((f) => f({ elementType: 'payment' })), 50);
    },
    on(event, handler) { (handlers[event] = handlers[event] || []).push(handler); return element; },
    off(event, handler) {
      handlers[event] = (handlers[event] || []).filter((h) => h !== handler);
      return element;
    },
    once(event, handler) { return element.on(event, handler); },
    update() {}, destroy() {}, unmount() {}, focus() {}, blur() {}, clear() {}, collapse() {},
  };
  const elements = {
    create() { return element; },
    getElement() { return element; },
    update() {},
    fetchUpdates: async () => ({}),
    submit: async () => ({}),
  };
  const refuse = async () => ({ error: { message: 'not used' } });
  return {
    elements(options) { window.__elementsOptions = options; return elements; },
    confirmSetup: async (args) => {
      window.__confirmArgs = { returnUrl: args.confirmParams.return_url, redirect: args.redirect };
      return window.__declineCard
        ? { error: { type: 'card_error', message: 'Your card was declined.' } }
        : { setupIntent: { id: '${SETUP_INTENT}', status: 'succeeded' } };
    },
    createToken: refuse, createPaymentMethod: refuse, confirmCardPayment: refuse,
    handleNextAction: refuse, retrieveSetupIntent: refuse,
    _registerWrapper() {}, registerAppInfo() {},
  };
};
`;

async function stripeMode(page: Page) {
  const confirmed: unknown[] = [];
  await page.route('https://js.stripe.com/**', (route) =>
    route.fulfill({ contentType: 'application/javascript', body: FAKE_STRIPE_JS }),
  );
  await page.route('**/api/create-setup-intent', (route) =>
    route.fulfill({
      json: {
        clientSecret: `${SETUP_INTENT}_secret_abc`,
        publishableKey: 'pk_test_e2e',
        testMode: false,
      },
    }),
  );
  await page.route('**/api/billing/confirm-setup', async (route) => {
    confirmed.push(route.request().postDataJSON());
    await route.fulfill({
      json: {
        plan: 'basic',
        testMode: false,
        publishableKey: 'pk_test_e2e',
        paymentMethod: { brand: 'visa', last4: '4242', expires: '12/30' },
        subscription: null,
      },
    });
  });
  return confirmed;
}

test('Stripe mode: the Payment Element, Add Payment Method, the server re-reads the setup', async ({
  page,
}) => {
  await registerViaApi(page.request);
  const confirmed = await stripeMode(page);
  await page.goto('/payment?plan=basic');
  const payment = page.getByRole('region', { name: 'Payment Information' });
  await expect(payment.getByText('Card number 4242 4242 4242 4242')).toBeVisible();
  await expect(payment.getByText('Test mode: no card is charged')).toHaveCount(0);
  expect(await page.evaluate(() => (window as { __stripeKey?: string }).__stripeKey)).toBe(
    'pk_test_e2e',
  );
  expect(
    await page.evaluate(
      () => (window as { __elementsOptions?: { clientSecret: string } }).__elementsOptions,
    ),
  ).toMatchObject({ clientSecret: `${SETUP_INTENT}_secret_abc` });

  const add = payment.getByRole('button', { name: 'Add Payment Method' });
  await expect(add).toBeEnabled();
  await add.click();
  await expect(toasts(page).getByText('Payment Method Added')).toBeVisible();
  await expect(page).toHaveURL('/dashboard');
  expect(confirmed).toEqual([{ setupIntentId: SETUP_INTENT }]);
  const args = await page.evaluate(
    () => (window as { __confirmArgs?: { returnUrl: string; redirect: string } }).__confirmArgs,
  );
  expect(args).toEqual({
    returnUrl: expect.stringMatching(/\/dashboard\?payment=success$/),
    redirect: 'if_required',
  });
});

test('Stripe mode: a declined card shows Payment Setup Failed with Stripe’s message', async ({
  page,
}) => {
  await registerViaApi(page.request);
  const confirmed = await stripeMode(page);
  await page.addInitScript(() => {
    (window as { __declineCard?: boolean }).__declineCard = true;
  });
  await page.goto('/payment?plan=premium');
  const payment = page.getByRole('region', { name: 'Payment Information' });
  await expect(payment.getByText('Card number 4242 4242 4242 4242')).toBeVisible();
  await payment.getByRole('button', { name: 'Add Payment Method' }).click();
  await expect(toasts(page).getByText('Payment Setup Failed')).toBeVisible();
  await expect(toasts(page).getByText('Your card was declined.')).toBeVisible();
  await expect(page).toHaveURL('/payment?plan=premium');
  expect(confirmed).toEqual([]);
});
