import { createHmac, timingSafeEqual } from 'node:crypto';
import http, { type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { openAdminView } from './admin-helpers.ts';
import { collectPageErrors, toasts, uniqueUsername } from './helpers.ts';

type Received = { headers: IncomingHttpHeaders; body: string };

/** An integrator's endpoint on loopback that records what arrives and answers `status`. */
async function startReceiver() {
  const received: Received[] = [];
  let status = 200;
  const server = http.createServer(async (req, res) => {
    let body = '';
    for await (const chunk of req) body += chunk;
    received.push({ headers: req.headers, body });
    res.writeHead(status, { 'content-type': 'application/json' }).end('{"ok":true}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks/${uniqueUsername('r')}`,
    received,
    answer(next: number) {
      status = next;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** What the Webhooks view tells an integrator to do with `X-Webhook-Signature`. */
function signatureIsValid(request: Received, secret: string): boolean {
  const header = String(request.headers['x-webhook-signature'] ?? '');
  const parts = Object.fromEntries(header.split(',').map((part) => part.split('=')));
  const expected = createHmac('sha256', secret).update(`${parts.t}.${request.body}`).digest('hex');
  const fresh = Math.abs(Date.now() / 1000 - Number(parts.t)) < 300;
  return (
    fresh &&
    typeof parts.v1 === 'string' &&
    parts.v1.length === expected.length &&
    timingSafeEqual(Buffer.from(parts.v1), Buffer.from(expected))
  );
}

test('an admin adds a webhook, sends a signed test, sees a failure, retries it and deletes it', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const errors = collectPageErrors(page);
  const receiver = await startReceiver();
  try {
    await openAdminView(page, 'Webhooks', 'Webhook Configuration');
    await expect(page).toHaveURL('/admin?view=webhooks');
    await expect(
      page.getByText('No webhooks yet').or(page.getByRole('list', { name: 'Webhooks' })),
    ).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Verifying deliveries' })).toBeVisible();
    await expect(page.getByText('X-Webhook-Signature: t=<unix seconds>,v1=<hex>')).toBeVisible();

    // The form says what the server would before anything is sent.
    await page.getByRole('button', { name: 'Add Webhook' }).click();
    const form = page.getByRole('dialog', { name: 'Add Webhook' });
    await form.getByRole('button', { name: 'Add Webhook' }).click();
    await expect(form.getByRole('alert')).toHaveText('URL is required');
    await form.getByLabel('Endpoint URL').fill(receiver.url);
    for (const box of await form.getByRole('checkbox').all()) await box.uncheck();
    await form.getByRole('button', { name: 'Add Webhook' }).click();
    await expect(form.getByRole('alert')).toHaveText('Choose at least one event');
    await form.getByRole('checkbox', { name: /A customer submitted the form/ }).check();
    await form.getByRole('checkbox', { name: /A connection changed status/ }).check();
    await form.getByLabel('Description').fill('CRM sync');
    await form.getByRole('button', { name: 'Add Webhook' }).click();
    await expect(form).toBeHidden();
    await expect(toasts(page).getByText('Webhook Added')).toBeVisible();

    const card = page.getByRole('article', { name: receiver.url });
    await expect(card.getByText('CRM sync')).toBeVisible();
    await expect(card.getByText('Active', { exact: true })).toBeVisible();
    await expect(card.getByRole('listitem')).toHaveText([
      'A customer submitted the form connection.created',
      'A connection changed status connection.status_changed',
    ]);
    await expect(card.getByText('No deliveries yet')).toBeVisible();

    // The secret stays hidden until revealed.
    await expect(card.getByText(/^whsec_•+$/)).toBeVisible();
    await card.getByRole('button', { name: 'Reveal' }).click();
    const secret = (await card.getByText(/^whsec_[A-Za-z0-9_-]+$/).textContent()) ?? '';
    expect(secret.length).toBeGreaterThan(20);

    // A test delivery arrives signed and shows as succeeded.
    await card.getByRole('button', { name: 'Send test' }).click();
    await expect(toasts(page).getByText('Test Sent')).toBeVisible();
    const deliveries = card.getByRole('region', { name: 'Deliveries' });
    const rows = deliveries.getByRole('row').filter({ hasText: 'Test delivery' });
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('Succeeded', { timeout: 20_000 });
    await expect(rows.first()).toContainText('HTTP 200');
    await expect.poll(() => receiver.received.length).toBe(1);
    const [first] = receiver.received;
    if (!first) throw new Error('no delivery arrived');
    expect(first.headers['x-webhook-event']).toBe('ping');
    expect(first.headers['content-type']).toBe('application/json');
    expect(signatureIsValid(first, secret)).toBe(true);
    expect(signatureIsValid(first, `${secret}x`)).toBe(false);
    expect(JSON.parse(first.body)).toMatchObject({
      id: Number(first.headers['x-webhook-delivery']),
      event: 'ping',
    });
    await expect(card.getByText(/^Succeeded · HTTP 200 · /)).toBeVisible();

    // The endpoint fails: the delivery says so, with the answer, and the card counts it.
    receiver.answer(500);
    await card.getByRole('button', { name: 'Send test' }).click();
    await expect(rows).toHaveCount(2);
    const failed = deliveries.getByRole('row').filter({ hasText: 'Failed' });
    await expect(failed).toHaveCount(1, { timeout: 20_000 });
    await expect(failed).toContainText('HTTP 500');
    await expect(failed).toContainText('The endpoint answered HTTP 500');
    await expect(card.getByText('1 failed', { exact: true })).toBeVisible();
    await expect.poll(() => receiver.received.length).toBe(2);

    // Fixed on the integrator's side: Retry delivers it.
    receiver.answer(200);
    await failed.getByRole('button', { name: 'Retry' }).click();
    await expect(toasts(page).getByText('Retry Queued')).toBeVisible();
    await expect(failed).toHaveCount(0, { timeout: 20_000 });
    await expect(rows.filter({ hasText: 'Succeeded' })).toHaveCount(2);
    // The retried delivery took two attempts.
    await expect(
      rows.filter({ has: page.getByRole('cell', { name: '2', exact: true }) }),
    ).toHaveCount(1);
    await expect(card.getByText('1 failed', { exact: true })).toBeHidden();
    await expect.poll(() => receiver.received.length).toBe(3);
    const retried = receiver.received[2];
    expect(retried && signatureIsValid(retried, secret)).toBe(true);
    await deliveries.getByRole('button', { name: 'Refresh' }).click();
    await expect(rows).toHaveCount(2);

    // Edit: narrower description, switched off.
    await card.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Webhook' });
    await expect(edit.getByLabel('Endpoint URL')).toHaveValue(receiver.url);
    await expect(edit.getByRole('checkbox', { name: /A file was added/ })).not.toBeChecked();
    await edit.getByLabel('Description').fill('CRM sync (paused)');
    await edit.getByText('Active', { exact: true }).click();
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expect(edit).toBeHidden();
    await expect(card.getByText('CRM sync (paused)')).toBeVisible();
    await expect(card.getByText('Paused', { exact: true })).toBeVisible();

    // Delete asks first.
    await card.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete Webhook' });
    await expect(confirm).toContainText(
      `Are you sure you want to delete the webhook ${receiver.url}?`,
    );
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(card).toBeVisible();
    await card.getByRole('button', { name: 'Delete' }).click();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(confirm).toBeHidden();
    await expect(toasts(page).getByText('Webhook Deleted')).toBeVisible();
    await expect(card).toHaveCount(0);
    expect(errors).toEqual([]);
  } finally {
    await receiver.close();
  }
});
