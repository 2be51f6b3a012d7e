import { expect, request as playwrightRequest, test } from '@playwright/test';
import { adminApi, createProvider, submitFormViaApi } from './connections-helpers.ts';
import { collectPageErrors, registerViaApi } from './helpers.ts';

test('a premium user creates an API key and reads their connections over plain HTTP', async ({
  page,
  request,
  baseURL,
}) => {
  const errors = collectPageErrors(page);
  const admin = await adminApi(baseURL);
  const provider = await createProvider(admin);
  await admin.dispose();
  const { user } = await registerViaApi(page.request);
  const mine = await submitFormViaApi(request, user.uniqueFormUrl, provider.id);
  // Someone else's connection, which the key must never show.
  const other = await registerViaApi(request);
  await submitFormViaApi(request, other.user.uniqueFormUrl, provider.id);

  // Without the Monthly Subscription the tab says what the plan gives and where to switch.
  await page.goto('/dashboard?tab=account');
  const section = page.getByRole('region', { name: 'API access' });
  await expect(section.getByText('API access comes with the')).toBeVisible();
  await expect(section.getByRole('link', { name: 'Change plan in Usage & Billing' })).toBeVisible();
  await expect(section.getByRole('button', { name: 'Create key' })).toHaveCount(0);

  // Test mode makes the plan premium with a test card, as the billing journey does.
  const card = await page.request.post('/api/billing/test-card', { data: { plan: 'premium' } });
  expect(card.status(), await card.text()).toBe(200);
  await page.reload();

  await section.getByLabel('Key name').fill('Nightly export');
  await section.getByRole('button', { name: 'Create key' }).click();
  const dialog = page.getByRole('dialog', { name: 'Your new API key' });
  await expect(dialog.getByText('It will not be shown again')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Copy key' })).toBeVisible();
  const key = await dialog.getByLabel('New API key').inputValue();
  expect(key).toMatch(/^ur_live_[A-Za-z0-9_-]{43}$/);
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();

  const row = section.getByRole('row', { name: /Nightly export/ });
  await expect(row).toContainText(key.slice(0, 12));
  await expect(row).toContainText('Never');
  await expect(section.getByText(key)).toHaveCount(0);

  // Plain HTTP with the Bearer header, from a context that has no cookie at all.
  const http = await playwrightRequest.newContext({ baseURL });
  const auth = { authorization: `Bearer ${key}` };
  const list = await http.get('/api/v1/my-connections', { headers: auth });
  expect(list.status(), await list.text()).toBe(200);
  expect(list.headers()['ratelimit-limit']).toBe('120');
  const connections = (await list.json()) as { id: number }[];
  expect(connections.map((c) => c.id)).toEqual([mine.id]);
  const one = await http.get(`/api/connections/${mine.id}`, { headers: auth });
  expect((await one.json()).id).toBe(mine.id);
  expect((await http.get('/api/my-connections')).status()).toBe(401);

  // The list shows the use; revoking asks first, and the key stops working at once.
  await page.reload();
  await expect(row).not.toContainText('Never');
  await row.getByRole('button', { name: 'Revoke Nightly export' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Revoke API key' });
  await confirm.getByRole('button', { name: 'Revoke key' }).click();
  await expect(confirm).toBeHidden();
  await expect(row).toContainText('Revoked');
  const refused = await http.get('/api/v1/my-connections', { headers: auth });
  expect(refused.status()).toBe(401);
  expect((await refused.json()).message).toMatch(/revoked/);
  await http.dispose();
  expect(errors).toEqual([]);
});

test('/api/docs renders the API reference from this server', async ({ page, baseURL }) => {
  const errors = collectPageErrors(page);
  // Nothing from a CDN: every request the page makes goes to this server.
  const outside: string[] = [];
  page.on('request', (req) => {
    const url = req.url();
    if (!url.startsWith(`${baseURL}/`) && !url.startsWith('data:')) outside.push(url);
  });
  await page.goto('/api/docs');
  await expect(page.getByRole('heading', { name: /Utility Reports API/ })).toBeVisible();
  await expect(page.getByText('/api/v1/my-connections', { exact: true })).toBeVisible();
  await expect(page.getByText('List your connections')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Authorize' })).toBeVisible();
  expect(outside).toEqual([]);
  expect(errors).toEqual([]);
});
