import { randomBytes } from 'node:crypto';
import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';

export const TEST_PASSWORD = 'correct-horse-battery';

/** A username no other test (or earlier run against the same database) has used. */
export function uniqueUsername(prefix = 'user'): string {
  return `${prefix}-${Date.now().toString(36)}-${randomBytes(3).toString('hex')}`;
}

/**
 * Registers through the API. With `page.request` the session cookie lands in the page's
 * browser context (signed in); with the `request` fixture it does not (signed out).
 */
export async function registerViaApi(
  request: APIRequestContext,
  username = uniqueUsername(),
  password = TEST_PASSWORD,
) {
  const res = await request.post('/api/register', { data: { username, email: null, password } });
  expect(res.status(), await res.text()).toBe(201);
  return { username, password, user: await res.json() };
}

/** The toast stack (Radix viewport region, "Notifications (F8)"). */
export function toasts(page: Page): Locator {
  return page.getByRole('region', { name: /Notifications/ });
}

export async function loginViaUi(page: Page, username: string, password: string) {
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

/**
 * Collects the page's console errors and uncaught exceptions (a CSP violation, a React error),
 * leaving out the browser's own notes on 4xx answers, which the app expects (401 signed out).
 */
export function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    // Uppy notes on the console that a file was removed before its thumbnail was drawn (the
    // logo journey removes one at once); that is Uppy's bookkeeping, not a fault of the page.
    const uppyNote = /^\[Uppy\].*\[ThumbnailGenerator\] file was removed before a thumbnail/;
    if (
      message.type() === 'error' &&
      !message.text().startsWith('Failed to load resource') &&
      !uppyNote.test(message.text())
    ) {
      errors.push(message.text());
    }
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}
