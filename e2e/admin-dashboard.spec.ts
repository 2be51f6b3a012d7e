import { expect, test } from '@playwright/test';
import { openAdminView, tinyPdf, uploadFiles } from './admin-helpers.ts';
import { adminApi, createProvider, submitFormViaApi } from './connections-helpers.ts';
import { collectPageErrors, registerViaApi, toasts, uniqueUsername } from './helpers.ts';

test('the dashboard shows the figures, the newest submission and the form link', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const errors = collectPageErrors(page);
  const admin = await adminApi(baseURL);
  const provider = await createProvider(admin);
  const stats = (await (await admin.get('/api/stats')).json()) as Record<string, number>;
  const me = (await (await admin.get('/api/user')).json()) as { uniqueFormUrl: string };
  await admin.dispose();
  const { user, username } = await registerViaApi(request);
  const customer = `Newest ${uniqueUsername('c')}`;
  for (const older of ['First', 'Second', 'Third']) {
    await submitFormViaApi(request, user.uniqueFormUrl, provider.id, { name: `${older} customer` });
  }
  await submitFormViaApi(request, user.uniqueFormUrl, provider.id, { name: customer });

  await openAdminView(page, 'Dashboard', 'Admin Dashboard');
  const figures = page.getByRole('list', { name: 'Figures' });
  const total = figures.getByRole('article', { name: 'Total Connections' });
  // At least one more than before this test's submission; other tests may add more.
  await expect(total.getByText(/^\d[\d,]*$/)).toBeVisible();
  const shown = Number((await total.getByText(/^\d[\d,]*$/).textContent())?.replace(/,/g, ''));
  expect(shown).toBeGreaterThan(stats.totalConnections ?? 0);
  for (const name of ['Active Providers', 'Files Uploaded', 'Webhook Alerts']) {
    await expect(figures.getByRole('article', { name }).getByText(/^\d[\d,]*$/)).toBeVisible();
  }
  // The trend is computed: a submission this month is never "no change" against none.
  await expect(total).toContainText(/(\+\d[\d,]* this month|[+−]\d[\d,]*%? from last month)/);
  await expect(figures.getByRole('article', { name: 'Webhook Alerts' })).toContainText(
    'Webhook deliveries that failed',
  );

  await expect(page.getByLabel('Customer form URL')).toHaveValue(
    `${baseURL}/form/${me.uniqueFormUrl}`,
  );
  await page.getByRole('button', { name: 'Copy' }).click();
  await expect(toasts(page).getByText('URL Copied!')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
    `${baseURL}/form/${me.uniqueFormUrl}`,
  );
  await expect(page.getByRole('link', { name: 'Test Form' })).toHaveAttribute(
    'href',
    `${baseURL}/form/${me.uniqueFormUrl}`,
  );

  const recent = page.getByRole('list', { name: 'Recent connections' }).getByRole('listitem');
  await expect(recent).toHaveCount(3);
  await expect(recent.first()).toContainText(username);
  await expect(recent.first()).toContainText(provider.name);
  await expect(recent.first()).toContainText(
    new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' }).format(
      new Date(),
    ),
  );

  await page.getByRole('link', { name: 'View All Connections' }).click();
  await expect(page).toHaveURL('/admin?view=connections');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Connection Management' }),
  ).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: customer })).toBeVisible();
  expect(errors).toEqual([]);
});

test('quick actions: add a provider, and bulk upload files to a chosen connection', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const admin = await adminApi(baseURL);
  const provider = await createProvider(admin);
  const { user } = await registerViaApi(request);
  const customer = `Bulk ${uniqueUsername('c')}`;
  const { id } = await submitFormViaApi(request, user.uniqueFormUrl, provider.id, {
    name: customer,
  });

  await openAdminView(page, 'Dashboard', 'Admin Dashboard');
  await page.getByRole('button', { name: 'Add New Provider' }).click();
  const form = page.getByRole('dialog', { name: 'Add Provider' });
  const name = `Quick ${uniqueUsername('p')}`;
  await form.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await form.getByLabel('State').selectOption('Oregon');
  await form.getByRole('button', { name: 'Add Provider' }).click();
  await expect(form).toBeHidden();
  await expect(toasts(page).getByText('Provider Added')).toBeVisible();
  // The figure follows at once.
  const activeProviders = page.getByRole('article', { name: 'Active Providers' });
  const providers = (await (await admin.get('/api/providers')).json()) as {
    name: string;
    isActive: boolean;
  }[];
  await expect(activeProviders.getByText(/^\d[\d,]*$/)).toHaveText(
    String(providers.filter((p) => p.isActive).length),
  );
  expect(providers.some((p) => p.name === name)).toBe(true);

  await page.getByRole('button', { name: 'Bulk Upload Files' }).click();
  const bulk = page.getByRole('dialog', { name: 'Bulk Upload Files' });
  const upload = bulk.getByRole('button', { name: 'Upload Files' });
  await expect(upload).toBeDisabled();
  await bulk.getByRole('searchbox', { name: 'Find a connection' }).fill(customer);
  const choice = bulk.getByRole('radio', { name: new RegExp(customer) });
  await expect(bulk.getByRole('radio')).toHaveCount(1);
  await choice.check();
  await uploadFiles(page, upload, `Upload Files to ${customer}`, [
    tinyPdf('statement-1.pdf'),
    tinyPdf('statement-2.pdf'),
  ]);
  await expect(toasts(page).getByText(`2 files added to ${customer}'s connection.`)).toBeVisible();
  await expect(bulk).toBeHidden();

  const files = (await (await admin.get(`/api/connections/${id}/files`)).json()) as {
    fileName: string;
    fileType: string;
    source: string;
  }[];
  // Recorded as a bulk upload, which the report's provenance column says.
  expect(files.map((f) => [f.fileName, f.fileType, f.source]).sort()).toEqual([
    ['statement-1.pdf', 'pdf', 'bulk'],
    ['statement-2.pdf', 'pdf', 'bulk'],
  ]);
  await admin.dispose();

  await page.getByRole('link', { name: 'Configure Webhooks' }).click();
  await expect(page).toHaveURL('/admin?view=webhooks');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Webhook Configuration' }),
  ).toBeVisible();
});
