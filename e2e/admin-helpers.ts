import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, type Locator, type Page } from '@playwright/test';
import { utilityFixture } from '../server/test/utility-fixtures.ts';
import { E2E_ADMIN } from './env.ts';
import { loginViaUi } from './helpers.ts';

/** The real PG&E export of the fixtures README: 8,783 hourly rows, 1,668.51 kWh, $651.19. */
export const PGE_CSV = path.resolve(
  import.meta.dirname,
  utilityFixture('csv', 'pge_dmd_hourly_2024-02-01_to_2025-01-31.csv'),
);

/** A one-page PDF with a line of text, written to a new temporary folder. */
export function tinyPdf(name = 'statement.pdf'): string {
  const stream = 'BT /F1 18 Tf 72 720 Td (Utility statement) Tj ET';
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'e2e-pdf-')), name);
  writeFileSync(file, body);
  return file;
}

/** Signs in as the e2e admin and opens a view from the side navigation. */
export async function openAdminView(page: Page, label: string, heading: string) {
  await page.goto('/auth');
  await loginViaUi(page, E2E_ADMIN.username, E2E_ADMIN.password);
  await expect(page).toHaveURL('/admin');
  if (label !== 'Dashboard') {
    await page
      .getByRole('navigation', { name: 'Admin' })
      .getByRole('link', { name: label })
      .click();
  }
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
}

/**
 * Presses `trigger`, chooses `files` in the upload dialog named `dialogName` as a person would,
 * presses Upload and waits for the dialog to close (it does once every file has arrived).
 */
export async function uploadFiles(
  page: Page,
  trigger: Locator,
  dialogName: string,
  files: string[],
) {
  await trigger.click();
  const dialog = page.getByRole('dialog', { name: dialogName });
  const chooser = page.waitForEvent('filechooser');
  await dialog.getByRole('button', { name: 'browse files' }).click();
  await (await chooser).setFiles(files);
  const count = files.length;
  await dialog
    .getByRole('button', { name: `Upload ${count} file${count === 1 ? '' : 's'}` })
    .click();
  await expect(dialog).toBeHidden({ timeout: 20_000 });
}
