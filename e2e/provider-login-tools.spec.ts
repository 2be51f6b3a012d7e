import http, { type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { openAdminView } from './admin-helpers.ts';
import { adminApi } from './connections-helpers.ts';
import { collectPageErrors, toasts, uniqueUsername } from './helpers.ts';

const ACCOUNT = { username: 'dana', password: 'right-pass' };

const htmlPage = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body>${body}</body></html>`;

const loginForm = (error = '') => `
<h1>Sign in to My Account</h1>
${error ? `<p role="alert">${error}</p>` : ''}
<form action="/login" method="post">
  <label for="username">Username</label>
  <input id="username" name="username" type="text">
  <label for="password">Password</label>
  <input id="password" name="password" type="password">
  <button type="submit">Sign In</button>
</form>`;

/** Step 1 asks for the username only; Continue leads to the password. */
const identifierStep = `
<h1>Sign in</h1>
<form action="/two-step/identify" method="post">
  <label for="identifier">Email or username</label>
  <input id="identifier" name="identifier" type="text" autocomplete="username">
  <button type="submit">Continue</button>
</form>`;

const passwordStep = `
<h1>Enter your password</h1>
<form action="/login" method="post">
  <input type="hidden" name="username" value="dana">
  <label for="current-password">Password</label>
  <input id="current-password" name="password" type="password" autocomplete="current-password">
  <button type="submit">Sign in</button>
</form>`;

async function form(req: IncomingMessage): Promise<URLSearchParams> {
  let raw = '';
  for await (const chunk of req) raw += chunk;
  return new URLSearchParams(raw);
}

/** A utility's login portal on loopback, the way small utilities still build them. */
async function startPortal() {
  const server = http.createServer(async (req, res) => {
    const html = (body: string) =>
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(body);
    if (req.method === 'GET' && req.url === '/login') return html(htmlPage('Sign in', loginForm()));
    if (req.method === 'GET' && req.url === '/two-step')
      return html(htmlPage('Sign in', identifierStep));
    if (req.method === 'POST' && req.url === '/two-step/identify') {
      return html(htmlPage('Password', passwordStep));
    }
    if (req.method === 'POST' && req.url === '/login') {
      const fields = await form(req);
      if (
        fields.get('username') === ACCOUNT.username &&
        fields.get('password') === ACCOUNT.password
      ) {
        return html(htmlPage('My Account', '<h1>Welcome, Dana</h1><a href="/logout">Sign out</a>'));
      }
      return html(htmlPage('Sign in', loginForm('Invalid username or password')));
    }
    res.writeHead(404).end('Not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let portal: Awaited<ReturnType<typeof startPortal>>;
test.beforeAll(async () => {
  portal = await startPortal();
});
test.afterAll(async () => {
  await portal.close();
});

test('an admin analyzes a login page, uses the detected selectors and tests a login', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const errors = collectPageErrors(page);
  const loginUrl = `${portal.origin}/login`;
  const name = `Portal Power ${uniqueUsername('co')}`;
  await openAdminView(page, 'Utility Providers', 'Utility Providers');

  // The login tools appear only once there is a login URL.
  await page.getByRole('button', { name: 'Add Provider' }).click();
  const add = page.getByRole('dialog', { name: 'Add Provider' });
  await expect(add.getByRole('button', { name: 'Analyze' })).toHaveCount(0);
  await expect(add.getByRole('button', { name: 'Test Login' })).toHaveCount(0);
  await add.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await add.getByLabel('State').selectOption('Nevada');
  await add.getByLabel('Login URL').fill(loginUrl);
  await expect(add.getByRole('button', { name: 'Analyze' })).toBeVisible();
  await expect(add.getByRole('button', { name: 'Test Login' })).toBeDisabled();
  await add.getByRole('button', { name: 'Add Provider' }).click();
  await expect(add).toBeHidden();

  const card = page.getByRole('article', { name });
  await card.getByRole('button', { name: `Edit ${name}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Provider' });
  await expect(edit.getByLabel('Username Selector')).toHaveValue('');

  // Analyze: busy while the server's browser reads the page, then the top candidates. The
  // answer is held back a moment so that the busy state is there to see however fast the page
  // is read (a local test page can be read before the check looks).
  await page.route('**/api/detect-selectors', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await route.continue();
  });
  await edit.getByRole('button', { name: 'Analyze' }).click();
  await expect(edit.getByRole('button', { name: 'Analyzing...' })).toBeDisabled();
  const username = edit.getByRole('group', { name: 'Username field' });
  const password = edit.getByRole('group', { name: 'Password field' });
  const submit = edit.getByRole('group', { name: 'Sign-in button' });
  await expect(username.getByRole('radio').first()).toBeChecked({ timeout: 30_000 });
  for (const group of [username, password, submit]) {
    const count = await group.getByRole('radio').count();
    expect(count).toBeGreaterThanOrEqual(1);
    expect(count).toBeLessThanOrEqual(3);
    // The best candidate comes first and is chosen.
    await expect(group.getByRole('radio').first()).toBeChecked();
  }
  const best = {
    username: await username.getByRole('radio').first().inputValue(),
    password: await password.getByRole('radio').first().inputValue(),
    submit: await submit.getByRole('radio').first().inputValue(),
  };
  expect(best.username).toMatch(/username/);
  expect(best.password).toMatch(/password/);

  await edit.getByRole('button', { name: 'Use these selectors' }).click();
  await expect(edit.getByText('Filled in below. Save to keep them.')).toBeVisible();
  await expect(edit.getByLabel('Username Selector')).toHaveValue(best.username);
  await expect(edit.getByLabel('Password Selector')).toHaveValue(best.password);
  await expect(edit.getByLabel('Submit Selector')).toHaveValue(best.submit);
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(edit).toBeHidden();
  await expect(toasts(page).getByText('Provider Updated')).toBeVisible();

  const admin = await adminApi(baseURL);
  const saved = (
    (await (await admin.get('/api/providers')).json()) as Record<string, unknown>[]
  ).find((provider) => provider.name === name);
  await admin.dispose();
  expect(saved).toMatchObject({
    loginUrl,
    usernameSelector: best.username,
    passwordSelector: best.password,
    submitSelector: best.submit,
  });

  // Test Login: needs both fields; a wrong password is "Credentials Invalid" with the reason.
  await card.getByRole('button', { name: `Edit ${name}` }).click();
  const again = page.getByRole('dialog', { name: 'Edit Provider' });
  const testButton = again.getByRole('button', { name: 'Test Login' });
  await again.getByLabel('Test Username').fill(ACCOUNT.username);
  await expect(testButton).toBeDisabled();
  await again.getByLabel('Test Password').fill('wrong-pass');
  await expect(testButton).toBeEnabled();
  await testButton.click();
  await expect(again.getByRole('button', { name: 'Testing...' })).toBeDisabled();
  const invalid = again.getByRole('alert').filter({ hasText: 'Credentials Invalid' });
  await expect(invalid).toBeVisible({ timeout: 45_000 });
  await expect(invalid).toContainText('Invalid username or password');
  // The toast shows above the modal (which hides the rest of the page from the accessibility tree).
  const notifications = page.getByRole('region', { name: /Notifications/, includeHidden: true });
  await expect(notifications.getByText('Failed', { exact: true })).toBeVisible();

  // Enter in the password field tests again rather than saving the provider.
  await again.getByLabel('Test Password').fill(ACCOUNT.password);
  await again.getByLabel('Test Password').press('Enter');
  const valid = again.getByRole('status').filter({ hasText: 'Credentials Valid' });
  await expect(valid).toBeVisible({ timeout: 45_000 });
  await expect(notifications.getByText('Credentials Valid', { exact: true })).toBeVisible();
  await expect(invalid).toHaveCount(0);
  await expect(again).toBeVisible();

  // The test password is not kept once the modal closes.
  await again.getByRole('button', { name: 'Cancel' }).click();
  await expect(again).toBeHidden();
  await card.getByRole('button', { name: `Edit ${name}` }).click();
  await expect(
    page.getByRole('dialog', { name: 'Edit Provider' }).getByLabel('Test Password'),
  ).toHaveValue('');
  expect(errors).toEqual([]);
});

test('an identifier-first login is shown as two steps and saved from a new provider', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const errors = collectPageErrors(page);
  const loginUrl = `${portal.origin}/two-step`;
  const name = `Two Step Gas ${uniqueUsername('co')}`;
  await openAdminView(page, 'Utility Providers', 'Utility Providers');

  await page.getByRole('button', { name: 'Add Provider' }).click();
  const add = page.getByRole('dialog', { name: 'Add Provider' });
  await add.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await add.getByLabel('State').selectOption('Utah');
  await add.getByLabel('Login URL').fill(loginUrl);
  await add.getByRole('button', { name: 'Analyze' }).click();

  const step1 = add.getByRole('region', { name: 'Step 1' });
  const step2 = add.getByRole('region', { name: 'Step 2' });
  await expect(step1).toBeVisible({ timeout: 30_000 });
  await expect(
    step1.getByRole('group', { name: 'Username field' }).getByRole('radio').first(),
  ).toBeChecked();
  await expect(step1.getByText('Continue button:')).toBeVisible();
  await expect(
    step2.getByRole('group', { name: 'Password field' }).getByRole('radio').first(),
  ).toBeChecked();
  await expect(
    step2.getByRole('group', { name: 'Sign-in button' }).getByRole('radio').first(),
  ).toBeChecked();
  const chosenUsername = await step1.getByRole('radio').first().inputValue();
  const chosenPassword = await step2
    .getByRole('group', { name: 'Password field' })
    .getByRole('radio')
    .first()
    .inputValue();
  expect(chosenUsername).toMatch(/identifier/);
  expect(chosenPassword).toMatch(/current-password/);

  await add.getByRole('button', { name: 'Use these selectors' }).click();
  await expect(add.getByLabel('Username Selector')).toHaveValue(chosenUsername);
  await expect(add.getByLabel('Password Selector')).toHaveValue(chosenPassword);
  await add.getByRole('button', { name: 'Add Provider' }).click();
  await expect(add).toBeHidden();
  await expect(toasts(page).getByText('Provider Added')).toBeVisible();

  // POST takes no selectors; they follow in a PUT on the new provider.
  const admin = await adminApi(baseURL);
  const saved = (
    (await (await admin.get('/api/providers')).json()) as Record<string, unknown>[]
  ).find((provider) => provider.name === name);
  await admin.dispose();
  expect(saved).toMatchObject({
    loginUrl,
    usernameSelector: chosenUsername,
    passwordSelector: chosenPassword,
  });
  expect(saved?.submitSelector).toEqual(expect.any(String));
  expect(errors).toEqual([]);
});
