import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import { type ReportVersion, ReportVersionList } from '../../../../common/reports.ts';
import type { TestApp } from '../../../test/app.ts';
import {
  createProvider,
  loginAccepted,
  submission,
  submitForm,
  uploadObject,
} from '../../../test/connections.ts';
import { createUser, login, signedIn } from '../../../test/factories.ts';
import { UTILITY_FIXTURES } from '../../../test/utility-fixtures.ts';

// A paid report on the shared PG&E files, as an energy professional would get it for a client:
// a year of PG&E interval data (2024-02-01 to 2025-01-31, sent in a bulk upload) and PG&E's
// sample statement of 2022-12-09 (rate schedule E-TOU-C, uploaded on its own).

const PGE_CSV = readFileSync(
  path.join(UTILITY_FIXTURES, 'csv/pge_dmd_hourly_2024-02-01_to_2025-01-31.csv'),
);
const PGE_BILL_PDF = readFileSync(
  path.join(UTILITY_FIXTURES, 'bills/pge_3ce_anonymous_sample_bill_2022-12.pdf'),
);

type Who = { cookie: string };

/** Calls the app as `who` (their session cookie). */
function callerFor(t: TestApp) {
  return (who: Who, method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, payload, headers: { cookie: who.cookie } });
}

export interface PgeReport {
  admin: Awaited<ReturnType<typeof signedIn>>;
  owner: Who;
  connectionId: number;
  report: ReportVersion;
  call: ReturnType<typeof callerFor>;
  /** Follows a download's redirect to the signed object address and returns the bytes. */
  download: (who: Who, url: string) => Promise<Buffer>;
}

/**
 * Builds that report on the test app: a provider (`onProvider` may add to it, e.g. its rate
 * plans), a user with the test card, the customer's submission (`customer` overrides it), the
 * request, the admin's two files, the connection marked complete.
 */
export async function buildPgeReport(
  t: TestApp,
  options: {
    providerName: string;
    customer?: Record<string, unknown>;
    onProvider?: (providerId: number) => Promise<void>;
  },
): Promise<PgeReport> {
  const call = callerFor(t);
  const provider = await createProvider(t.database.db, { name: options.providerName });
  await options.onProvider?.(provider.id);
  const admin = await signedIn(t.app, t.database.db, 'admin');
  const user = await createUser(t.database.db, { email: `pro-${Date.now()}@example.com` });
  const owner = { cookie: await login(t.app, user.username) };
  expect((await call(owner, 'POST', '/api/billing/test-card', { plan: 'basic' })).statusCode).toBe(
    200,
  );
  const form = await submitForm(
    t.app,
    user.uniqueFormUrl,
    submission(provider.id, { name: 'Harbor Bakery', ...options.customer }),
  );
  const connectionId = form.json().id as number;
  await loginAccepted(t.app, connectionId);
  expect((await call(owner, 'POST', '/api/record-usage', { connectionId })).statusCode).toBe(200);
  const addFile = async (fileName: string, body: Buffer, contentType: string, bulk: boolean) => {
    const upload = await uploadObject(t.app, admin.cookie, { fileName, contentType, body });
    const res = await call(admin, 'PUT', `/api/connections/${connectionId}/files`, {
      fileUrl: upload.uploadURL,
      fileName,
      ...(bulk ? { bulk } : {}),
    });
    expect(res.statusCode, res.body).toBe(201);
  };
  await addFile('pge-usage-2024.csv', PGE_CSV, 'text/csv', true);
  await addFile('pge-statement-2022-12.pdf', PGE_BILL_PDF, 'application/pdf', false);
  await t.app.services.queue.drain();
  const done = await call(admin, 'PUT', `/api/connections/${connectionId}`, { status: 'complete' });
  expect(done.statusCode).toBe(200);
  await t.app.services.queue.drain();
  const list = ReportVersionList.parse(
    (await call(owner, 'GET', `/api/connections/${connectionId}/reports`)).json(),
  );
  const report = list.reports.find((r) => r.status === 'ready');
  if (!report) throw new Error(`no report was built: ${JSON.stringify(list.reports)}`);
  const download = async (who: Who, url: string) => {
    const res = await call(who, 'GET', url);
    expect(res.statusCode).toBe(302);
    const location = new URL(String(res.headers.location), 'http://localhost');
    const file = await t.app.inject({ method: 'GET', url: location.pathname + location.search });
    expect(file.statusCode).toBe(200);
    return file.rawPayload;
  };
  return { admin, owner, connectionId, report, call, download };
}
