import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { openAdminView, PGE_CSV, tinyPdf, uploadFiles } from './admin-helpers.ts';
import { adminApi, attachFile, createProvider, submitFormViaApi } from './connections-helpers.ts';
import { collectPageErrors, registerViaApi, toasts, uniqueUsername } from './helpers.ts';

/** An interval import runs in the background; the files list re-reads every few seconds. */
const IMPORT_TIMEOUT = 45_000;

test('an admin finds a submission, edits it, adds a PDF and a CSV, completes it: the login is gone', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const errors = collectPageErrors(page);
  const admin = await adminApi(baseURL);
  const provider = await createProvider(admin);
  await admin.dispose();
  // A user's customer submits the form (the form itself has its own tests).
  const { user, username: owner } = await registerViaApi(request);
  const suffix = uniqueUsername('c');
  const customer = `Dana Lee ${suffix}`;
  const utilityUsername = `dana.${suffix}`;
  await submitFormViaApi(request, user.uniqueFormUrl, provider.id, {
    name: customer,
    username: utilityUsername,
    password: 'utility-secret-1',
  });

  await openAdminView(page, 'Connections', 'Connection Management');
  await expect(page).toHaveURL('/admin?view=connections');
  await page.getByRole('searchbox', { name: 'Search' }).fill(customer);
  await expect(page).toHaveURL(/search=Dana\+Lee/);
  const rows = page.getByRole('table', { name: 'Connections' }).getByRole('row');
  await expect(rows).toHaveCount(2); // the header and the one match
  const row = rows.filter({ hasText: customer });
  await expect(row).toContainText(owner);
  await expect(row).toContainText(provider.name);
  await expect(row.getByText('pending', { exact: true })).toBeVisible();
  await expect(page.getByText('Showing 1 to 1 of 1 result')).toBeVisible();

  // The search is in the URL: a reload keeps it.
  await page.reload();
  await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue(customer);
  await expect(row).toBeVisible();

  // Usage and cost by hand; a third decimal is refused with the server's words.
  await row.getByRole('button', { name: `Edit ${customer}'s connection` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Connection Details' });
  await edit.getByLabel('Usage (kWh)').fill('1500.25');
  await edit.getByLabel('Cost ($)').fill('412.555');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  // Toasts raised over a modal are announced, but the modal hides their region from roles.
  await expect(page.getByText('Cost allows at most 2 decimals', { exact: true })).toBeVisible();
  await edit.getByLabel('Cost ($)').fill('412.5');
  await edit.getByLabel('Account Number').fill('0000000000-0');
  await edit.getByLabel('Notes').fill('Statements requested');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(edit).toBeHidden();
  await expect(toasts(page).getByText('Connection Updated')).toBeVisible();
  await expect(row).toContainText('1,500.25 kWh');
  await expect(row).toContainText('$412.50');

  // A PDF statement and the real PG&E interval export, one at a time (the dialog takes one file).
  await row.getByRole('button', { name: `Edit ${customer}'s connection` }).click();
  await expect(edit.getByText('No files yet.')).toBeVisible();
  const uploadButton = edit.getByRole('button', { name: 'Upload File' });
  await uploadFiles(page, uploadButton, 'Upload File', [tinyPdf('statement-2024-12.pdf')]);
  const pdf = edit.getByRole('listitem', { name: 'statement-2024-12.pdf' });
  await expect(pdf).toContainText('pdf');
  await expect(pdf).toContainText(/\d KB/);
  // The statement is read: a page without a bill's labels says what it lacks, never guesses.
  await expect(pdf.getByText('Statement read')).toBeVisible({ timeout: IMPORT_TIMEOUT });
  await expect(pdf).toContainText(
    'Not found on the statement: statement date, service start, service end, total usage',
  );
  await uploadFiles(page, uploadButton, 'Upload File', [PGE_CSV]);
  const csv = edit.getByRole('listitem', { name: 'pge_dmd_hourly_2024-02-01_to_2025-01-31.csv' });
  await expect(csv).toContainText('csv');
  await expect(csv).toContainText('KB');
  await expect(csv.getByText('Interval data imported')).toBeVisible({ timeout: IMPORT_TIMEOUT });
  await expect(edit.getByRole('list', { name: 'Files' }).getByRole('listitem')).toHaveCount(2);
  // The admin typed the usage, so the import leaves it (the file's 1,668.51 kWh shows below).
  await expect(edit.getByLabel('Usage (kWh)')).toHaveValue('1500.25');
  await edit.getByRole('button', { name: 'Cancel' }).click();
  await expect(row).toContainText('1,500.25 kWh');
  await expect(row.getByRole('cell').nth(5)).toHaveText('2');

  // The detail: every field, the files, the login on demand, the interval data.
  await row.getByRole('button', { name: `View ${customer}'s connection` }).click();
  const detail = page.getByRole('dialog', { name: 'Connection Details' });
  await expect(detail.getByText('dana@example.com')).toBeVisible();
  await expect(detail.getByText('0000000000-0')).toBeVisible();
  await expect(detail.getByText('Statements requested')).toBeVisible();
  await expect(detail.getByRole('listitem', { name: 'statement-2024-12.pdf' })).toContainText('KB');
  const credentials = detail.getByRole('region', { name: 'Utility Credentials' });
  await expect(credentials.getByText('Admin Only')).toBeVisible();
  await expect(credentials.getByText(utilityUsername)).toHaveCount(0);
  await credentials.getByRole('button', { name: 'Reveal' }).click();
  await expect(credentials.getByText(utilityUsername, { exact: true })).toBeVisible();
  await expect(credentials.getByText('utility-secret-1', { exact: true })).toBeVisible();
  await credentials.getByRole('button', { name: 'Hide' }).click();
  await expect(credentials.getByText(utilityUsername)).toHaveCount(0);
  // The automated check could not judge this portal; the admin who signed in with the login by
  // hand says it works, after a second step that says what that means.
  await expect(credentials.getByText('Verified', { exact: true })).toHaveCount(0);
  await credentials.getByRole('button', { name: 'Confirm Login Works' }).click();
  await credentials.getByRole('button', { name: 'Cancel' }).click();
  await credentials.getByRole('button', { name: 'Confirm Login Works' }).click();
  await expect(credentials).toContainText('Only when you signed in to the utility website');
  await credentials.getByRole('button', { name: 'Yes, It Works' }).click();
  await expect(credentials.getByText('Verified', { exact: true })).toBeVisible();
  await expect(credentials).toContainText('confirmed it works');
  await expect(credentials.getByRole('button', { name: 'Confirm Login Works' })).toHaveCount(0);

  const intervals = detail.getByRole('region', { name: 'Interval data' });
  const chart = intervals.getByRole('figure', { name: /Average load profile/ });
  await expect(chart.locator('canvas')).toBeVisible();
  expect(await chart.locator('canvas').evaluate((c: HTMLCanvasElement) => c.width)).toBeGreaterThan(
    100,
  );
  const figures = intervals.getByRole('region', { name: 'Key figures' });
  await expect(figures).toContainText('1,668.51 kWh');
  await expect(figures).toContainText('$651.19');
  await expect(figures).toContainText('2.83 kW on Feb 22, 2024, 8:00 PM');
  const quality = intervals.getByRole('region', { name: 'Data quality' });
  await expect(quality).toContainText('100.0%');
  await expect(quality).toContainText('2024-11-03 01:00');
  const download = intervals.getByRole('link', { name: 'Download interval CSV' });
  const csvAnswer = await page.request.get((await download.getAttribute('href')) ?? '');
  expect(csvAnswer.status()).toBe(200);
  expect(await csvAnswer.text()).toContain('2024-02-01');
  await detail.getByRole('button', { name: 'Close' }).click();

  // Complete: the login is purged, and the detail says when.
  await row.getByRole('button', { name: `Edit ${customer}'s connection` }).click();
  await edit.getByLabel('Status').selectOption('complete');
  await expect(edit.getByText("deletes the customer's utility login")).toBeVisible();
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(edit).toBeHidden();
  await expect(row.getByText('complete', { exact: true })).toBeVisible();
  await expect(row.getByText('Purged', { exact: true })).toBeVisible();
  await expect(row).toContainText('1,500.25 kWh');
  await row.getByRole('button', { name: `View ${customer}'s connection` }).click();
  await expect(credentials).toContainText('The credentials were purged on');
  await expect(credentials.getByRole('button', { name: 'Reveal' })).toHaveCount(0);
  const reveal = await page.request.post(
    `/api/connections/${await connectionId(page, customer)}/credentials`,
  );
  expect(reveal.status()).toBe(410);
  expect(errors).toEqual([]);
});

test('an interval file on an untouched connection fills its usage, cost and dates', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const admin = await adminApi(baseURL);
  const provider = await createProvider(admin);
  await admin.dispose();
  const { user } = await registerViaApi(request);
  const customer = `Imported ${uniqueUsername('c')}`;
  await submitFormViaApi(request, user.uniqueFormUrl, provider.id, { name: customer });

  await openAdminView(page, 'Connections', 'Connection Management');
  await page.getByRole('searchbox', { name: 'Search' }).fill(customer);
  const row = page.getByRole('row').filter({ hasText: customer });
  await expect(row.getByRole('cell').nth(3)).toHaveText('—');
  await row.getByRole('button', { name: `Edit ${customer}'s connection` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Connection Details' });
  await expect(edit.getByText('No files yet.')).toBeVisible();
  await uploadFiles(page, edit.getByRole('button', { name: 'Upload File' }), 'Upload File', [
    PGE_CSV,
  ]);
  await expect(edit.getByText('Interval data imported')).toBeVisible({ timeout: IMPORT_TIMEOUT });
  // Fields the admin has not touched follow the import while the modal is open.
  await expect(edit.getByLabel('Usage (kWh)')).toHaveValue('1668.51');
  await expect(edit.getByLabel('Cost ($)')).toHaveValue('651.19');
  await expect(edit.getByLabel('Start Date')).toHaveValue('2024-02-01');
  await expect(edit.getByLabel('End Date')).toHaveValue('2025-01-31');
  // Saving a status alone does not pin the figures as typed by hand.
  await edit.getByLabel('Status').selectOption('in_progress');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(edit).toBeHidden();
  await expect(row).toContainText('1,668.51 kWh');
  await expect(row).toContainText('$651.19');
  await expect(row).toContainText('Feb 1, 2024 – Jan 31, 2025');
  await expect(row.getByText('in progress', { exact: true })).toBeVisible();

  // A file that is not interval data shows why on the file, and is kept.
  await row.getByRole('button', { name: `Edit ${customer}'s connection` }).click();
  const bad = path.join(mkdtempSync(path.join(os.tmpdir(), 'e2e-csv-')), 'notes.csv');
  writeFileSync(bad, 'hello,world\nthis,is not interval data\n');
  await uploadFiles(page, edit.getByRole('button', { name: 'Upload File' }), 'Upload File', [bad]);
  const failed = edit.getByRole('listitem', { name: 'notes.csv' });
  await expect(failed.getByText(/Import failed: .+/)).toBeVisible({ timeout: IMPORT_TIMEOUT });

  // Deleting asks once more, then the file is gone.
  await failed.getByRole('button', { name: 'Delete notes.csv' }).click();
  await failed.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByText('File Deleted', { exact: true })).toBeVisible();
  await expect(failed).toHaveCount(0);
  await expect(edit.getByRole('list', { name: 'Files' }).getByRole('listitem')).toHaveCount(1);
});

test('filters and pages live in the URL: provider, status, dates, Previous and Next', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const admin = await adminApi(baseURL);
  const provider = await createProvider(admin);
  await admin.dispose();
  const { user } = await registerViaApi(request);
  const batch = uniqueUsername('b');
  for (let i = 1; i <= 12; i++) {
    await submitFormViaApi(request, user.uniqueFormUrl, provider.id, {
      name: `Batch ${batch} ${String(i).padStart(2, '0')}`,
    });
  }

  await openAdminView(page, 'Connections', 'Connection Management');
  await page.getByLabel('Provider').selectOption({ label: provider.name });
  const pages = page.getByRole('navigation', { name: 'Pagination' });
  await expect(pages.getByText('Showing 1 to 10 of 12 results')).toBeVisible();
  const body = page.getByRole('table', { name: 'Connections' }).locator('tbody tr');
  await expect(body).toHaveCount(10);
  // Newest first.
  await expect(body.first()).toContainText(`Batch ${batch} 12`);
  await expect(pages.getByRole('button', { name: 'Previous' })).toBeDisabled();

  await pages.getByRole('button', { name: 'Next' }).click();
  await expect(pages.getByText('Showing 11 to 12 of 12 results')).toBeVisible();
  await expect(body).toHaveCount(2);
  await expect(body.last()).toContainText(`Batch ${batch} 01`);
  await expect(page).toHaveURL(new RegExp(`provider=${provider.id}.*page=2`));
  await expect(pages.getByRole('button', { name: 'Next' })).toBeDisabled();
  await page.reload();
  await expect(pages.getByText('Showing 11 to 12 of 12 results')).toBeVisible();
  await expect(page.getByLabel('Provider')).toHaveValue(String(provider.id));
  await pages.getByRole('button', { name: 'Page 1' }).click();
  await expect(pages.getByText('Showing 1 to 10 of 12 results')).toBeVisible();

  // Status: none of them is complete.
  await page.getByLabel('Status').selectOption('complete');
  await expect(page.getByText('No connections match these filters')).toBeVisible();
  await page.getByLabel('Status').selectOption('pending');
  await expect(pages.getByText('Showing 1 to 10 of 12 results')).toBeVisible();

  // Dates (UTC days): created today, so from tomorrow finds none, and today finds all.
  const today = new Date().toISOString().slice(0, 10);
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  await page.getByLabel('Created from').fill(tomorrow);
  await expect(page.getByText('No connections match these filters')).toBeVisible();
  await page.getByLabel('Created from').fill(today);
  await page.getByLabel('Created to').fill(today);
  await expect(pages.getByText('Showing 1 to 10 of 12 results')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`from=${today}&to=${today}`));

  await page.getByRole('button', { name: 'Clear filters' }).first().click();
  await expect(page).toHaveURL('/admin?view=connections');
  await expect(page.getByLabel('Provider')).toHaveValue('');
});

async function connectionId(page: Page, customer: string) {
  const res = await page.request.get(`/api/connections?search=${encodeURIComponent(customer)}`);
  const { items } = (await res.json()) as { items: { id: number }[] };
  return items[0]?.id;
}

test('a NEM12 file of two meters: the admin sees how it was read and chooses the meter', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const errors = collectPageErrors(page);
  const admin = await adminApi(baseURL);
  const provider = await createProvider(admin);
  const { user } = await registerViaApi(request);
  const customer = `Meters ${uniqueUsername('c')}`;
  const { id } = await submitFormViaApi(request, user.uniqueFormUrl, provider.id, {
    name: customer,
  });
  const day = (value: number) => `300,20240301,${Array(48).fill(value).join(',')},A,,,,`;
  const nem12 = [
    '100,NEM12,202403020000,MDP,RETAILER',
    '200,4001234567,E1,1,E1,N1,M1,kWh,30,',
    day(1),
    '200,4009876543,E1,1,E1,N1,M2,kWh,30,',
    day(2),
    '900',
  ].join('\n');
  await attachFile(admin, id, 'two-meters.csv', Buffer.from(nem12));
  await admin.dispose();

  await openAdminView(page, 'Connections', 'Connection Management');
  await page.getByRole('searchbox', { name: 'Search' }).fill(customer);
  const row = page.getByRole('row').filter({ hasText: customer });
  await row.getByRole('button', { name: `View ${customer}'s connection` }).click();
  const detail = page.getByRole('dialog', { name: 'Connection Details' });
  const read = detail.getByRole('region', { name: 'How the file was read' });
  await expect(read).toContainText('NEM12 times are market time', { timeout: IMPORT_TIMEOUT });
  const keyFigures = detail.getByRole('region', { name: 'Key figures' });
  await expect(keyFigures).toContainText('Total delivered48 kWh');
  const meter = detail.getByLabel('This file holds 2 meters. Meter shown:');
  await expect(meter).toHaveValue('4001234567');
  await meter.selectOption('4009876543');
  await expect(keyFigures).toContainText('Total delivered96 kWh');
  await expect(meter).toHaveValue('4009876543');
  expect(errors).toEqual([]);
});
