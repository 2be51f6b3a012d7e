import { expect, test } from '@playwright/test';
import { collectPageErrors, registerViaApi, toasts } from './helpers.ts';

test('a premium user adds a webhook for their own connections, sees its secret, sends a test', async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  await registerViaApi(page.request);

  await page.goto('/dashboard?tab=account');
  const section = page.getByRole('region', { name: 'Webhooks' });
  await expect(section).toContainText('With the Monthly Subscription plan');
  await expect(section.getByRole('button', { name: 'Add Webhook' })).toHaveCount(0);

  const card = await page.request.post('/api/billing/test-card', { data: { plan: 'premium' } });
  expect(card.status(), await card.text()).toBe(200);
  await page.reload();

  const form = section.getByRole('form', { name: 'Add webhook' });
  await form.getByLabel('Endpoint URL').fill('not a url');
  await form.getByRole('button', { name: 'Add Webhook' }).click();
  await expect(form.getByRole('alert')).toHaveText('URL must be a valid http(s) URL');
  await form.getByLabel('Endpoint URL').fill('https://hooks.example.com/utility');
  await form.getByLabel('Description').fill('CRM sync');
  await form.getByRole('checkbox', { name: /report\.ready/ }).uncheck();
  await form.getByRole('button', { name: 'Add Webhook' }).click();
  await expect(toasts(page)).toContainText('Webhook Added');

  const item = section
    .getByRole('listitem')
    .filter({ hasText: 'https://hooks.example.com/utility' });
  await expect(item).toContainText('connection.created, connection.credentials_checked');
  await expect(item).toContainText('Active');
  await item.getByRole('button', { name: 'Reveal' }).click();
  await expect(item.getByText(/^whsec_[\w-]{32}$/)).toBeVisible();

  await item.getByRole('button', { name: 'Send Test' }).click();
  await expect(toasts(page)).toContainText('A signed ping is on its way');
  await item.getByRole('button', { name: 'Recent deliveries' }).click();
  await expect(item.getByText('ping')).toBeVisible();

  await item.getByRole('button', { name: 'Pause' }).click();
  await expect(item).toContainText('Paused');
  await item.getByRole('button', { name: 'Delete' }).click();
  await page
    .getByRole('alertdialog', { name: 'Delete Webhook' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(section.getByText('No webhooks yet.')).toBeVisible();
  expect(errors).toEqual([]);
});
