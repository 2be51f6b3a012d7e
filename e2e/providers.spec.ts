import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { E2E_ADMIN } from './env.ts';
import {
  collectPageErrors,
  loginViaUi,
  registerViaApi,
  toasts,
  uniqueUsername,
} from './helpers.ts';
import { solidPng } from './png.ts';

function logoFile(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'e2e-logo-'));
  const file = path.join(dir, 'logo.png');
  writeFileSync(file, solidPng(24, 24, [37, 99, 235]));
  return file;
}

async function openProvidersAsAdmin(page: Page) {
  await page.goto('/auth');
  await loginViaUi(page, E2E_ADMIN.username, E2E_ADMIN.password);
  await expect(page).toHaveURL('/admin');
  await page
    .getByRole('navigation', { name: 'Admin' })
    .getByRole('link', { name: 'Utility Providers' })
    .click();
  await expect(page).toHaveURL('/admin?view=providers');
  await expect(page.getByRole('heading', { level: 1, name: 'Utility Providers' })).toBeVisible();
  // A new database shows the empty state; a used one shows the grid.
  await expect(
    page.getByText('No providers yet').or(page.getByRole('list', { name: 'Providers' })),
  ).toBeVisible();
}

/** Opens the upload dialog from `form` and chooses `file` the way a person would. */
async function chooseLogo(page: Page, form: Locator, file: string) {
  await form.getByRole('button', { name: 'Upload Logo' }).click();
  const upload = page.getByRole('dialog', { name: 'Upload Logo' });
  await expect(upload.getByText('PNG or JPG, up to 2 MB').first()).toBeVisible();
  const chooser = page.waitForEvent('filechooser');
  await upload.getByRole('button', { name: 'browse files' }).click();
  await (await chooser).setFiles(file);
  return upload;
}

function naturalWidth(image: Locator) {
  return image.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0));
}

test('an admin adds a provider with a logo, sees it, edits it, deletes it', async ({ page }) => {
  const errors = collectPageErrors(page);
  await openProvidersAsAdmin(page);
  const name = `E2E Power ${uniqueUsername('co')}`;

  await page.getByRole('button', { name: 'Add Provider' }).click();
  const form = page.getByRole('dialog', { name: 'Add Provider' });
  // Name and state are checked before anything is sent.
  await form.getByRole('button', { name: 'Add Provider' }).click();
  await expect(form.getByRole('alert')).toHaveText('Please fill in all required fields');
  await form.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await form.getByRole('button', { name: 'Add Provider' }).click();
  await expect(form.getByRole('alert')).toHaveText('Please fill in all required fields');
  await form.getByLabel('State').selectOption('California');
  await form.getByLabel('Website').fill('https://www.example.com');
  await form.getByLabel('Login URL').fill('https://www.example.com/login');

  // Escape closes the upload dialog only; the form keeps what was typed.
  await form.getByRole('button', { name: 'Upload Logo' }).click();
  const uploadDialog = page.getByRole('dialog', { name: 'Upload Logo' });
  await expect(uploadDialog).toBeVisible();
  // As a person would: Escape once the upload dialog has the focus (pressed while it is still
  // opening, it reached the form's dialog in about one run in ten).
  await expect
    .poll(() => uploadDialog.evaluate((el) => el.contains(document.activeElement)))
    .toBe(true);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Upload Logo' })).toBeHidden();
  await expect(form.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue(name);

  // Upload by hand: nothing is sent until Upload is pressed.
  const upload = await chooseLogo(page, form, logoFile());
  await upload.getByRole('button', { name: 'Upload 1 file' }).click();
  await expect(upload).toBeHidden();
  const preview = form.getByRole('img', { name: `${name} logo preview` });
  await expect(preview).toHaveAttribute('src', /^\/objects\/logos\//);
  await expect.poll(() => naturalWidth(preview)).toBe(24);
  // Removable before saving, and can be uploaded again.
  await form.getByRole('button', { name: 'Remove Logo' }).click();
  await expect(preview).toHaveCount(0);
  const again = await chooseLogo(page, form, logoFile());
  await again.getByRole('button', { name: 'Upload 1 file' }).click();
  await expect(again).toBeHidden();
  await expect.poll(() => naturalWidth(preview)).toBe(24);

  await form.getByRole('button', { name: 'Add Provider' }).click();
  await expect(form).toBeHidden();
  const card = page.getByRole('article', { name });
  await expect(card).toBeVisible();
  await expect(card.getByText('California')).toBeVisible();
  await expect(card.getByText('Active', { exact: true })).toBeVisible();
  await expect(card.getByRole('link', { name: 'www.example.com' })).toBeVisible();
  const logo = card.getByRole('img', { name: `${name} logo` });
  await expect.poll(() => naturalWidth(logo)).toBe(24);

  // The selected view survives a reload.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Utility Providers' })).toBeVisible();
  await expect(card).toBeVisible();

  await card.getByRole('button', { name: `Edit ${name}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Provider' });
  await expect(edit.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue(name);
  await expect(edit.getByLabel('State')).toHaveValue('California');
  const renamed = `${name} Renamed`;
  await edit.getByRole('textbox', { name: 'Name', exact: true }).fill(renamed);
  await edit.getByLabel('Username Selector').fill('#username');
  await edit.getByLabel('Password Selector').fill('#password');
  await edit.getByLabel('Submit Selector').fill('button[type=submit]');
  await edit.getByText('Active', { exact: true }).click();
  await expect(edit.getByRole('switch', { name: 'Active' })).not.toBeChecked();
  // Its files are to be gathered by hand; nobody has used it yet, so it has no failure.
  await edit.getByText('Retrieve automatically', { exact: true }).click();
  await expect(edit.getByRole('switch', { name: 'Retrieve automatically' })).not.toBeChecked();
  await expect(edit.getByRole('region', { name: 'Health' })).toContainText('No failure recorded.');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(edit).toBeHidden();

  const renamedCard = page.getByRole('article', { name: renamed });
  await expect(renamedCard).toBeVisible();
  await expect(renamedCard.getByText('Inactive')).toBeVisible();
  await expect(renamedCard.getByText('No checks in 7 days · Files by hand')).toBeVisible();
  await expect(page.getByRole('article', { name, exact: true })).toHaveCount(0);
  await expect.poll(() => naturalWidth(renamedCard.getByRole('img'))).toBe(24);
  await renamedCard.getByRole('button', { name: `Edit ${renamed}` }).click();
  await expect(edit.getByLabel('Username Selector')).toHaveValue('#username');
  await expect(edit.getByLabel('Password Selector')).toHaveValue('#password');
  await expect(edit.getByLabel('Submit Selector')).toHaveValue('button[type=submit]');
  await expect(edit.getByRole('switch', { name: 'Retrieve automatically' })).not.toBeChecked();
  await edit.getByRole('button', { name: 'Cancel' }).click();
  await expect(edit).toBeHidden();

  await renamedCard.getByRole('button', { name: `Delete ${renamed}` }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText(`Are you sure you want to delete ${renamed}?`);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(renamedCard).toBeVisible();
  await renamedCard.getByRole('button', { name: `Delete ${renamed}` }).click();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(toasts(page).getByText('Provider Deleted')).toBeVisible();
  await expect(renamedCard).toHaveCount(0);

  const listed = await (await page.request.get('/api/providers')).json();
  expect(listed.some((p: { name: string }) => p.name.startsWith(name))).toBe(false);
  expect(errors).toEqual([]);
});

test("a refused upload shows the server's message, and a bad URL the server's words", async ({
  page,
}) => {
  await openProvidersAsAdmin(page);
  await page.getByRole('button', { name: 'Add Provider' }).click();
  const form = page.getByRole('dialog', { name: 'Add Provider' });
  await form
    .getByRole('textbox', { name: 'Name', exact: true })
    .fill(`E2E Refused ${uniqueUsername('co')}`);
  await form.getByLabel('State').selectOption('Texas');
  await form.getByLabel('Website').fill('ftp://example.com');
  await form.getByRole('button', { name: 'Add Provider' }).click();
  await expect(form.getByRole('alert')).toHaveText('Website must be a valid http(s) URL');

  // The upload was signed for image/png; sending another type is refused by the server.
  await page.route(
    (url) => !url.pathname.startsWith('/api/objects/') && url.pathname !== '/api/providers',
    async (route) => {
      const request = route.request();
      if (request.method() !== 'PUT' || !request.headers()['content-type']?.startsWith('image/')) {
        return route.fallback();
      }
      await route.continue({ headers: { ...request.headers(), 'content-type': 'image/gif' } });
    },
  );
  const upload = await chooseLogo(page, form, logoFile());
  await upload.getByRole('button', { name: 'Upload 1 file' }).click();
  await expect(upload.getByRole('alert').filter({ hasText: 'Upload failed: ' })).toHaveText(
    'Upload failed: This upload must be sent as image/png',
  );
  await expect(upload).toBeVisible();
  await expect(form.getByRole('img')).toHaveCount(0);
});

test('a utility abroad: its region in its own words and the time zone its files are read in', async ({
  page,
}) => {
  await openProvidersAsAdmin(page);
  await page.getByRole('button', { name: 'Add Provider' }).click();
  const form = page.getByRole('dialog', { name: 'Add Provider' });
  const name = `E2E Hydro ${uniqueUsername('ca')}`;
  await form.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await form.getByLabel('Country').selectOption('CA');
  await form.getByRole('textbox', { name: 'Province or territory' }).fill('Ontario');
  await form.getByRole('button', { name: 'Add Provider' }).click();
  await expect(form.getByRole('alert')).toHaveText(
    "Choose the time zone the utility's files are written in",
  );
  await form.getByLabel('Time zone').selectOption('America/Toronto');
  await form.getByRole('button', { name: 'Add Provider' }).click();
  await expect(form).toBeHidden();
  const card = page.getByRole('article', { name });
  await expect(card.getByText('Ontario, Canada')).toBeVisible();
  await card.getByRole('button', { name: /edit/i }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Provider' });
  await expect(edit.getByLabel('Country')).toHaveValue('CA');
  await expect(edit.getByLabel('Time zone')).toHaveValue('America/Toronto');
});

test('a user opening the admin shell lands on the dashboard', async ({ page }) => {
  await registerViaApi(page.request);
  await page.goto('/admin?view=providers');
  await expect(page).toHaveURL('/dashboard');
  expect((await page.request.post('/api/providers', { data: {} })).status()).toBe(403);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });

  test('the admin navigation is a drawer', async ({ page }) => {
    await page.goto('/auth');
    await loginViaUi(page, E2E_ADMIN.username, E2E_ADMIN.password);
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Admin' })).toBeHidden();

    await page.getByRole('button', { name: 'Open navigation' }).click();
    const drawer = page.getByRole('dialog', { name: 'Navigation' });
    await expect(drawer.getByText('Administrator')).toBeVisible();
    await drawer.getByRole('link', { name: 'Utility Providers' }).click();
    await expect(drawer).toBeHidden();
    await expect(page).toHaveURL('/admin?view=providers');
    await expect(page.getByRole('heading', { level: 1, name: 'Utility Providers' })).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
