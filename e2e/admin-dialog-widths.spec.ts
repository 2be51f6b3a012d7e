import { readFileSync } from 'node:fs';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { utilityFixture } from '../server/test/utility-fixtures.ts';
import { openAdminView, PGE_CSV } from './admin-helpers.ts';
import { adminApi, attachFile, createProvider, submitFormViaApi } from './connections-helpers.ts';
import { collectPageErrors, TEST_PASSWORD, uniqueUsername } from './helpers.ts';

// The admin's Connection Details and Preview Report dialogs with the long names real data
// brings (file names without a space, an import error quoting one, a long account name): on a
// phone and on a desk, everything wraps inside the dialog and nothing sticks out of it.

const IMPORT_TIMEOUT = 45_000;
const LONG = 'PGE_ELECTRIC_INTERVAL_DATA_EXPORT_FOR_SERVICE_AGREEMENT_0123456789012345_HOURLY';
const BILL = readFileSync(utilityFixture('bills', 'pge_3ce_anonymous_sample_bill_2022-12.pdf'));
const WIDTHS = [375, 1280];

/**
 * What in the dialog reaches past its edges, or makes it scroll sideways. A box inside a
 * scrolling container (a wide table meant to scroll) is that container's business.
 */
function overflows(dialog: Locator): Promise<string[]> {
  return dialog.evaluate((root) => {
    const problems: string[] = [];
    if (root.scrollWidth > root.clientWidth + 1) {
      problems.push(`the dialog scrolls sideways: ${root.scrollWidth} > ${root.clientWidth} px`);
    }
    const frame = root.getBoundingClientRect();
    const scrolls = (el: Element) => {
      for (let e = el.parentElement; e && e !== root; e = e.parentElement) {
        if (['auto', 'scroll', 'hidden'].includes(getComputedStyle(e).overflowX)) return true;
      }
      return false;
    };
    for (const el of root.querySelectorAll('*')) {
      const box = el.getBoundingClientRect();
      if (box.width <= 1 || box.height <= 1 || scrolls(el)) continue;
      if (box.right > frame.right + 1 || box.left < frame.left - 1) {
        problems.push(
          `${el.tagName.toLowerCase()} “${(el.textContent ?? '').trim().slice(0, 60)}” spans ${Math.round(box.left)}–${Math.round(box.right)} px, the dialog ${Math.round(frame.left)}–${Math.round(frame.right)}`,
        );
      }
    }
    return problems.slice(0, 10);
  });
}

async function expectFits(page: Page, dialog: Locator, name: string) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await expect(dialog).toBeVisible();
    const shot = test.info().outputPath(`${name}-${width}.png`);
    await page.screenshot({ path: shot, fullPage: true });
    expect(await overflows(dialog), `${name} at ${width} px; see ${shot}`).toEqual([]);
    const box = await dialog.boundingBox();
    expect(
      box && box.x >= 0 && box.x + box.width <= width,
      `${name} at ${width} px: the dialog is wider than the window; see ${shot}`,
    ).toBe(true);
  }
}

test('Connection Details and Preview Report keep long names inside the dialog', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const username = uniqueUsername('widths');
  const registered = await page.request.post('/api/register', {
    data: { username, email: `${username}@example.com`, password: TEST_PASSWORD },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const user = await registered.json();
  expect(
    (await page.request.post('/api/billing/test-card', { data: { plan: 'basic' } })).status(),
  ).toBe(200);

  const admin = await adminApi();
  const provider = await createProvider(admin);
  const marker = uniqueUsername('w');
  const customer = `Harbor Bakery ${marker} ${LONG}`;
  const { id: connectionId } = await submitFormViaApi(
    page.request,
    user.uniqueFormUrl,
    provider.id,
    {
      name: customer,
      address: `12345 Northeast Industrial Parkway Boulevard, Building C, Suite 1200, ${LONG}`,
    },
  );
  const paid = await page.request.post('/api/record-usage', { data: { connectionId } });
  expect((await paid.json()).status).toBe('requested');
  await attachFile(
    admin,
    connectionId,
    `${LONG}_2024-02-01_TO_2025-01-31.csv`,
    readFileSync(PGE_CSV),
  );
  await attachFile(admin, connectionId, `${LONG}_STATEMENT_2022-12.pdf`, BILL);
  await attachFile(
    admin,
    connectionId,
    `${LONG}_RETRY.csv`,
    Buffer.from(`${LONG}_TIMESTAMP_COLUMN,${LONG}_VALUE_COLUMN\nnot-a-date,not-a-number\n`),
  );

  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  const errors = collectPageErrors(adminPage);
  await openAdminView(adminPage, 'Connections', 'Connection Management');
  await adminPage.getByRole('searchbox', { name: 'Search' }).fill(marker);
  const row = adminPage.getByRole('row').filter({ hasText: marker });
  await row.getByRole('button', { name: /^View .*'s connection$/ }).click();
  const detail = adminPage.getByRole('dialog', { name: 'Connection Details' });
  const files = detail.getByRole('list', { name: 'Files' });
  await expect(files.getByRole('listitem')).toHaveCount(3);
  await expect(
    files
      .getByRole('listitem', { name: `${LONG}_2024-02-01_TO_2025-01-31.csv` })
      .getByText('Interval data imported'),
  ).toBeVisible({ timeout: IMPORT_TIMEOUT });
  await expect(detail.getByRole('region', { name: 'Data quality' })).toBeVisible();
  await expectFits(adminPage, detail, 'connection-details');
  await detail.getByRole('button', { name: 'Close' }).click();

  // The report, built once the connection is complete, in the admin's preview.
  const completed = await admin.put(`/api/connections/${connectionId}`, {
    data: { status: 'complete' },
  });
  expect(completed.status()).toBe(200);
  await admin.dispose();
  await adminPage.setViewportSize({ width: 1280, height: 900 });
  await adminPage
    .getByRole('navigation', { name: 'Admin' })
    .getByRole('link', { name: 'Utility Reports' })
    .click();
  await expect(adminPage.getByRole('heading', { level: 1, name: 'Utility Reports' })).toBeVisible();
  await adminPage.getByLabel('Search').fill(username);
  const card = adminPage.getByRole('article').filter({ hasText: marker });
  await expect(card.getByText(/Ready — version 1/)).toBeVisible({ timeout: 120_000 });
  // The card itself keeps the long account name inside it, and the page does not scroll sideways.
  await expectFits(adminPage, card, 'report-card');
  await adminPage.setViewportSize({ width: 375, height: 900 });
  expect(
    await adminPage.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
  ).toBe(true);
  await adminPage.setViewportSize({ width: 1280, height: 900 });
  await card.getByRole('button', { name: 'Preview Report' }).click();
  const preview = adminPage.getByRole('dialog', { name: 'Preview Report' });
  await expect(preview.frameLocator('iframe').getByRole('heading', { level: 1 })).toBeVisible();
  await expectFits(adminPage, preview, 'report-preview');
  // The sandboxed frame refuses Playwright's helper scripts and Chromium logs each refusal.
  expect(errors.filter((e) => !/because the document's frame is sandboxed/.test(e))).toEqual([]);
  await adminContext.close();
});
