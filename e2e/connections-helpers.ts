import {
  type APIRequestContext,
  expect,
  type Page,
  request as playwrightRequest,
} from '@playwright/test';
import { PORTAL_ACCOUNTS } from '../server/features/automation/testing/portals.ts';
import { E2E_ADMIN, E2E_BASE_URL } from './env.ts';
import { uniqueUsername } from './helpers.ts';

/** A request context signed in as the e2e admin; dispose it when done. */
export async function adminApi(baseURL = E2E_BASE_URL): Promise<APIRequestContext> {
  const api = await playwrightRequest.newContext({ baseURL });
  const res = await api.post('/api/login', { data: E2E_ADMIN });
  expect(res.status(), await res.text()).toBe(200);
  return api;
}

/** An active provider with a name no other test uses. */
export async function createProvider(admin: APIRequestContext) {
  const name = `E2E Utility ${uniqueUsername('p')}`;
  const res = await admin.post('/api/providers', { data: { name, state: 'California' } });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: number; name: string; state: string };
}

export type Submission = {
  name: string;
  email: string;
  address: string;
  providerId: number;
  username: string;
  password: string;
};

/** A customer's submission through the API, as the public form would send it. */
export async function submitFormViaApi(
  request: APIRequestContext,
  uniqueFormUrl: string,
  providerId: number,
  overrides: Partial<Submission> = {},
) {
  const res = await request.post(`/api/form/${uniqueFormUrl}`, {
    data: {
      name: 'Dana Lee',
      email: 'dana@example.com',
      address: '1 Main St, Fresno, CA',
      providerId,
      username: 'dana.lee',
      password: 'utility-secret',
      consent: true,
      ...overrides,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: number; status: string };
}

/**
 * A provider whose login page is a test portal (`loginUrl`), and a customer's submission with
 * the portal's good login; waits until the check has signed in, so that a report bought on the
 * connection is charged at once (one whose login is not confirmed is charged when it is ready).
 */
export async function submitAcceptedLogin(
  admin: APIRequestContext,
  owner: APIRequestContext,
  uniqueFormUrl: string,
  loginUrl: string,
  overrides: Partial<Submission> = {},
) {
  const provider = await createProvider(admin);
  const saved = await admin.put(`/api/providers/${provider.id}`, {
    data: { name: provider.name, state: provider.state, loginUrl },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  const created = await submitFormViaApi(owner, uniqueFormUrl, provider.id, {
    ...PORTAL_ACCOUNTS.good,
    ...overrides,
  });
  await expect
    .poll(
      async () => {
        const res = await admin.get(`/api/connections/${created.id}`);
        return (await res.json()).credentialsVerified;
      },
      { timeout: 60_000 },
    )
    .toBe(true);
  return { provider, ...created };
}

/** Uploads `body` as `fileName` and attaches it to a connection, as the admin's edit modal does. */
export async function attachFile(
  admin: APIRequestContext,
  connectionId: number,
  fileName: string,
  body: Buffer,
) {
  const upload = await admin.post('/api/objects/upload', {
    data: { fileName, contentType: 'application/octet-stream', size: body.length },
  });
  expect(upload.status(), await upload.text()).toBe(200);
  const { uploadURL, headers } = (await upload.json()) as {
    uploadURL: string;
    headers: Record<string, string>;
  };
  const put = await admin.put(uploadURL, { headers, data: body });
  expect(put.ok(), await put.text()).toBe(true);
  const record = await admin.put(`/api/connections/${connectionId}/files`, {
    data: { fileUrl: uploadURL, fileName },
  });
  expect(record.status(), await record.text()).toBe(201);
}

/** True when nothing on the page is wider than the viewport (no sideways scrolling). */
export async function fitsViewport(page: Page): Promise<boolean> {
  return page.evaluate(
    () => document.documentElement.scrollWidth <= document.documentElement.clientWidth,
  );
}
