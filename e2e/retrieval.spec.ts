import { expect, test } from '@playwright/test';
import {
  PORTAL_ACCOUNTS,
  type Portals,
  startPortals,
} from '../server/features/automation/testing/portals.ts';
import { MFA_CODE, MFA_OPTIONS } from '../server/features/automation/testing/retrieval-portals.ts';
import { openAdminView } from './admin-helpers.ts';
import { adminApi, createProvider } from './connections-helpers.ts';
import { collectPageErrors, TEST_PASSWORD, uniqueUsername } from './helpers.ts';
import { waitForMail } from './mail.ts';

// Automated retrieval with the customer's code: the portal (a test portal on loopback) asks for
// a one-time code after the password; the customer answers on our page from the email, and the
// service fetches the bills and the interval data itself.

let portals: Portals;
test.beforeAll(async () => {
  portals = await startPortals();
});
test.afterAll(async () => {
  await portals.close();
});

test("a portal's code from the customer: bills and intervals retrieved, imported, complete, report built", async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const errors = collectPageErrors(page);
  const username = uniqueUsername('mfa');
  const registered = await page.request.post('/api/register', {
    data: { username, email: `${username}@example.com`, password: TEST_PASSWORD },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const user = await registered.json();
  expect(
    (await page.request.post('/api/billing/test-card', { data: { plan: 'basic' } })).ok(),
  ).toBe(true);

  const admin = await adminApi();
  const provider = await createProvider(admin);
  const saved = await admin.put(`/api/providers/${provider.id}`, {
    data: { name: provider.name, state: provider.state, loginUrl: portals.url('/retrieval/mfa/') },
  });
  expect(saved.status(), await saved.text()).toBe(200);

  // The customer fills in the form; the portal asks for a code within seconds.
  const customerEmail = `${username}-customer@example.com`;
  const visitor = await browser.newPage();
  await visitor.goto(`/form/${user.uniqueFormUrl}`);
  await visitor.getByLabel('Full name').fill('Dana Code');
  await visitor.getByLabel('Email').fill(customerEmail);
  await visitor.getByLabel('Service address').fill('1 Main St, Fresno, CA');
  await visitor
    .getByLabel('Utility provider')
    .selectOption({ label: `${provider.name} (California)` });
  await visitor.getByLabel('Utility account username').fill(PORTAL_ACCOUNTS.good.username);
  await visitor
    .getByLabel('Utility account password', { exact: true })
    .fill(PORTAL_ACCOUNTS.good.password);
  await visitor.getByLabel(/^I authorize .* to access my utility account/).check();
  await visitor.getByRole('button', { name: 'Submit' }).click();
  await expect(visitor.getByRole('heading', { name: 'Submission Received' })).toBeVisible();
  // The success screen shows the request as soon as the portal makes it.
  const onForm = visitor.getByRole('region', { name: 'Verification code' });
  await expect(onForm.getByRole('button', { name: MFA_OPTIONS[0] })).toBeVisible({
    timeout: 30_000,
  });
  await visitor.close();

  // The user pays for the report while the data is being gathered.
  const mine = await (await page.request.get('/api/my-connections')).json();
  const connectionId = mine.find(
    (c: { customerName: string }) => c.customerName === 'Dana Code',
  )?.id;
  // The portal waits for a code: nothing is charged until the report exists.
  const paid = await page.request.post('/api/record-usage', { data: { connectionId } });
  expect((await paid.json()).status).toBe('requested');

  // The email's link opens the code page: the customer chooses text, then types the code.
  const mail = await waitForMail(
    (m) => m.to === customerEmail && m.subject === `${provider.name} needs your verification code`,
  );
  const link = /http\S+\/form\/code\/[\w-]{43}/.exec(mail.text)?.[0];
  expect(link).toBeTruthy();
  await page.goto(link ?? '');
  const code = page.getByRole('region', { name: 'Verification code' });
  await code.getByRole('button', { name: MFA_OPTIONS[0] }).click();
  await code.getByLabel('Enter the verification code your utility just sent you.').fill(MFA_CODE);
  await code.getByRole('button', { name: 'Submit code' }).click();
  await expect(
    code.getByText('Thank you: your utility account is connected.', { exact: false }),
  ).toBeVisible({
    timeout: 60_000,
  });
  expect(portals.mfaChoices).toContain(MFA_OPTIONS[0]);

  // The report of the paid request is built once the retrieved data completes the connection.
  const report = await waitForMail(
    (m) => m.to === `${username}@example.com` && /report/i.test(m.subject),
    90_000,
  );
  expect(report.subject).toMatch(/Dana Code/);

  // The admin sees the retrieved files, where they came from, and the retrieval's summary.
  await page.context().clearCookies();
  await openAdminView(page, 'Connections', 'Connection Management');
  // The row is found by this run's user, so a retry never meets the first try's connection.
  await page.getByRole('searchbox', { name: 'Search' }).fill(username);
  const row = page.getByRole('row').filter({ hasText: username });
  await row.getByRole('button', { name: "View Dana Code's connection" }).click();
  const detail = page.getByRole('dialog', { name: 'Connection Details' });
  // The retrieval's summary also appears in the History list once that loads: read the section's.
  await expect(
    detail
      .getByRole('region', { name: 'Automated Retrieval' })
      .getByText('bills found: 2; interval export: found.', { exact: false }),
  ).toBeVisible();
  await expect(detail.getByRole('listitem', { name: 'GreenButtonData.xml' })).toContainText(
    'Retrieved automatically from 127.0.0.1',
  );
  await expect(detail.getByRole('listitem', { name: 'statement-b2.pdf' })).toBeVisible();
  await admin.dispose();
  expect(errors).toEqual([]);
});
