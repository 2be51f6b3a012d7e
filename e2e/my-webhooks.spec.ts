import { createHmac, timingSafeEqual } from 'node:crypto';
import http, { type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { adminApi, createProvider, submitFormViaApi } from './connections-helpers.ts';
import { collectPageErrors, registerViaApi, toasts, uniqueUsername } from './helpers.ts';

type Received = { headers: IncomingHttpHeaders; body: string };

/** The premium user's own endpoint on loopback (the e2e server allows 127.0.0.1). */
async function startReceiver() {
  const received: Received[] = [];
  const server = http.createServer(async (req, res) => {
    let body = '';
    for await (const chunk of req) body += chunk;
    received.push({ headers: req.headers, body });
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/mine/${uniqueUsername('r')}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** What the section tells the user to check: HMAC-SHA256 of "t.body" with their secret. */
function signatureIsValid(request: Received, secret: string): boolean {
  const header = String(request.headers['x-webhook-signature'] ?? '');
  const parts = Object.fromEntries(header.split(',').map((part) => part.split('=')));
  const expected = createHmac('sha256', secret).update(`${parts.t}.${request.body}`).digest('hex');
  return (
    typeof parts.v1 === 'string' &&
    parts.v1.length === expected.length &&
    timingSafeEqual(Buffer.from(parts.v1), Buffer.from(expected))
  );
}

test('a premium user adds a webhook, gets a signed test and their own connection, edits and deletes it', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const errors = collectPageErrors(page);
  const receiver = await startReceiver();
  const admin = await adminApi();
  try {
    const { user } = await registerViaApi(page.request);
    await page.goto('/dashboard?tab=account');
    const section = page.getByRole('region', { name: 'Webhooks' });
    await expect(section).toContainText('With the Monthly Subscription plan');
    await expect(section.getByRole('button', { name: 'Add Webhook' })).toHaveCount(0);

    const card = await page.request.post('/api/billing/test-card', { data: { plan: 'premium' } });
    expect(card.status(), await card.text()).toBe(200);
    await page.reload();
    await expect(section.getByText('No webhooks yet', { exact: true })).toBeVisible();

    // The form says what the server would; an address inside the network is refused.
    await section.getByRole('button', { name: 'Add Webhook' }).click();
    const form = page.getByRole('dialog', { name: 'Add Webhook' });
    await form.getByLabel('Endpoint URL').fill('not a url');
    await form.getByRole('button', { name: 'Add Webhook' }).click();
    await expect(form.getByRole('alert')).toHaveText('URL must be a valid http(s) URL');
    await form.getByLabel('Endpoint URL').fill('http://localhost:9/hooks');
    await form.getByRole('button', { name: 'Add Webhook' }).click();
    await expect(form.getByRole('alert')).toContainText('cannot receive webhooks');
    await expect(form.getByRole('checkbox')).toHaveCount(3);
    await form.getByLabel('Endpoint URL').fill(receiver.url);
    await form.getByLabel('Description').fill('CRM sync');
    await form.getByRole('checkbox', { name: /report\.ready/ }).uncheck();
    await form.getByRole('button', { name: 'Add Webhook' }).click();
    await expect(form).toBeHidden();
    await expect(toasts(page)).toContainText('Webhook Added');

    const item = section.getByRole('article', { name: receiver.url });
    await expect(item).toContainText('CRM sync');
    await expect(item).toContainText('connection.created');
    await expect(item).toContainText('connection.credentials_checked');
    await expect(item).not.toContainText('report.ready');
    await expect(item.getByText('Active', { exact: true })).toBeVisible();
    await item.getByRole('button', { name: 'Reveal' }).click();
    const secret = (await item.getByText(/^whsec_[\w-]{32}$/).textContent()) ?? '';

    // A signed test arrives and shows as succeeded.
    await item.getByRole('button', { name: 'Send test' }).click();
    await expect(toasts(page)).toContainText('A signed ping is on its way');
    const deliveries = item.getByRole('region', { name: 'Recent deliveries' });
    const ping = deliveries.getByRole('row').filter({ hasText: 'Test delivery' });
    await expect(ping).toContainText('Succeeded', { timeout: 20_000 });
    await expect(ping).toContainText('HTTP 200');
    await expect.poll(() => receiver.received.length).toBe(1);
    const [first] = receiver.received;
    expect(first?.headers['x-webhook-event']).toBe('ping');
    expect(first && signatureIsValid(first, secret)).toBe(true);
    await expect(item.getByText(/^Succeeded · HTTP 200 · /)).toBeVisible();

    // A customer submits the user's form: their endpoint hears of it, signed.
    const provider = await createProvider(admin);
    const connection = await submitFormViaApi(request, user.uniqueFormUrl, provider.id);
    await expect.poll(() => receiver.received.length, { timeout: 20_000 }).toBe(2);
    const created = receiver.received[1];
    expect(created?.headers['x-webhook-event']).toBe('connection.created');
    expect(JSON.parse(created?.body ?? '{}')).toMatchObject({
      event: 'connection.created',
      data: { connectionId: connection.id },
    });
    expect(created && signatureIsValid(created, secret)).toBe(true);

    // Edit: a new description and the third event.
    await item.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Webhook' });
    await expect(edit.getByLabel('Endpoint URL')).toHaveValue(receiver.url);
    await edit.getByLabel('Description').fill('CRM sync (production)');
    await edit.getByRole('checkbox', { name: /report\.ready/ }).check();
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expect(edit).toBeHidden();
    await expect(toasts(page)).toContainText('Webhook Updated');
    await expect(item).toContainText('CRM sync (production)');
    await expect(item).toContainText('report.ready');

    await item.getByRole('button', { name: 'Pause' }).click();
    await expect(item.getByText('Paused', { exact: true })).toBeVisible();
    await item.getByRole('button', { name: 'Delete' }).click();
    await page
      .getByRole('alertdialog', { name: 'Delete Webhook' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expect(section.getByText('No webhooks yet', { exact: true })).toBeVisible();
    expect(errors).toEqual([]);
  } finally {
    await admin.dispose();
    await receiver.close();
  }
});
