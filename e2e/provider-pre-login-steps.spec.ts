import http, { type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { revealPage } from '../server/features/automation/testing/reveal-portals.ts';
import { openAdminView } from './admin-helpers.ts';
import { adminApi } from './connections-helpers.ts';
import { collectPageErrors, uniqueUsername } from './helpers.ts';

async function form(req: IncomingMessage): Promise<URLSearchParams> {
  let raw = '';
  for await (const chunk of req) raw += chunk;
  return new URLSearchParams(raw);
}

/** A portal whose sign-in form shows only once "I have an account" is picked. */
async function startPortal() {
  const server = http.createServer(async (req, res) => {
    const html = (body: string) =>
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(body);
    if (req.url !== '/login') return res.writeHead(404).end('Not found');
    if (req.method === 'GET') return html(revealPage('radio', 'en', '/login'));
    const fields = await form(req);
    if (fields.get('username') === 'dana' && fields.get('password') === 'right-pass') {
      return html('<!doctype html><h1>Welcome, Dana</h1><a href="/logout">Sign out</a>');
    }
    return html(revealPage('radio', 'en', '/login', { error: 'Invalid username or password' }));
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

const savedSteps = async (baseURL: string | undefined, name: string) => {
  const admin = await adminApi(baseURL);
  const list = (await (await admin.get('/api/providers')).json()) as Record<string, unknown>[];
  await admin.dispose();
  return list.find((provider) => provider.name === name)?.preLoginSteps;
};

test('Analyze records the click that shows a hidden sign-in form; the admin sees and clears it', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const errors = collectPageErrors(page);
  const loginUrl = `${portal.origin}/login`;
  const name = `Hidden Form Power ${uniqueUsername('co')}`;
  await openAdminView(page, 'Utility Providers', 'Utility Providers');

  await page.getByRole('button', { name: 'Add Provider' }).click();
  const add = page.getByRole('dialog', { name: 'Add Provider' });
  await add.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await add.getByLabel('State').selectOption('Nevada');
  await add.getByLabel('Login URL').fill(loginUrl);
  await add.getByRole('button', { name: 'Analyze' }).click();
  await expect(
    add.getByText('Found the login form after choosing “I have an account”.'),
  ).toBeVisible({
    timeout: 30_000,
  });
  const steps = add.getByRole('region', { name: 'Before the login form' });
  await expect(steps).toHaveCount(0);
  await add.getByRole('button', { name: 'Use these selectors' }).click();
  await expect(steps.getByRole('listitem')).toHaveText([
    /Show the sign-in form: choose “I have an account”/,
  ]);

  // Test Login replays the step as the form holds it, before anything is saved.
  await add.getByLabel('Test Username').fill('dana');
  await add.getByLabel('Test Password').fill('right-pass');
  await add.getByRole('button', { name: 'Test Login' }).click();
  await expect(add.getByRole('status').filter({ hasText: 'Credentials Valid' })).toBeVisible({
    timeout: 45_000,
  });

  await add.getByRole('button', { name: 'Add Provider' }).click();
  await expect(add).toBeHidden();
  expect(await savedSteps(baseURL, name)).toEqual([
    { action: 'check', selector: expect.any(String), text: 'I have an account', why: 'reveal' },
  ]);

  // Clear steps, then save: the provider keeps none.
  const card = page.getByRole('article', { name });
  await card.getByRole('button', { name: `Edit ${name}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Provider' });
  await expect(edit.getByRole('region', { name: 'Before the login form' })).toBeVisible();
  await edit.getByRole('button', { name: 'Clear steps' }).click();
  await expect(edit.getByRole('region', { name: 'Before the login form' })).toHaveCount(0);
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(edit).toBeHidden();
  expect(await savedSteps(baseURL, name)).toEqual([]);
  expect(errors).toEqual([]);
});
