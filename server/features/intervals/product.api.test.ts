import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Connection } from '../../../common/connections.ts';
import { ElectricIntervalSummary } from '../../../common/intervals.ts';
import { connectionFiles } from '../../db/schema.ts';
import { appWithAdminAndUser, type SignedIn } from '../../test/api.ts';
import type { TestApp } from '../../test/app.ts';
import {
  attachFile,
  createProvider,
  loginAccepted,
  submission,
  submitForm,
} from '../../test/connections.ts';
import { signedIn } from '../../test/factories.ts';
import { UTILITY_FIXTURES } from '../../test/utility-fixtures.ts';

const fixtures = UTILITY_FIXTURES;
const PGE_CSV = readFileSync(
  path.join(fixtures, 'csv', 'pge_dmd_hourly_2024-02-01_to_2025-01-31.csv'),
);
const ESPI = readFileSync(path.join(fixtures, 'espi', 'gba_hourly_9days_cost_bill.xml'));

let t: TestApp;
let admin: SignedIn;
let owner: SignedIn;
let stranger: SignedIn;
let providerId: number;
beforeAll(async () => {
  ({ t, admin, user: owner } = await appWithAdminAndUser());
  stranger = await signedIn(t.app, t.database.db, 'user');
  providerId = (await createProvider(t.database.db, { state: 'California' })).id;
});
afterAll(() => t.close());

async function newConnection() {
  const res = await submitForm(t.app, owner.user.uniqueFormUrl, submission(providerId));
  await loginAccepted(t.app, res.json().id);
  return res.json().id as number;
}

const attach = (connectionId: number, fileName: string, body: Uint8Array, contentType: string) =>
  attachFile(t.app, admin.cookie, connectionId, { fileName, contentType, body: Buffer.from(body) });

const get = (url: string, cookie: string) =>
  t.app.inject({ method: 'GET', url, headers: { cookie } });

describe('interval files recorded on a connection', () => {
  it("imports a PG&E export and fills the connection's usage, cost and dates", async () => {
    const id = await newConnection();
    const fileId = await attach(id, 'pge-usage.csv', PGE_CSV, 'text/csv');
    const [file] = await t.database.db
      .select()
      .from(connectionFiles)
      .where(eq(connectionFiles.id, fileId));
    expect(file).toMatchObject({ importStatus: 'imported', importError: null });

    const connection = Connection.parse((await get(`/api/connections/${id}`, owner.cookie)).json());
    expect(connection).toMatchObject({
      usage: 1668.51,
      cost: 651.19,
      startDate: '2024-02-01',
      endDate: '2025-01-31',
    });

    const intervals = await get(`/api/connections/${id}/intervals`, owner.cookie);
    // Figures as data: kWh and kW to the thousandth, money to the cent, never the float noise
    // of the engine's sums (1668.5100000000168).
    expect(intervals.body).not.toMatch(/\d\.\d{6,}/);
    const summary = ElectricIntervalSummary.parse(intervals.json());
    expect(summary.series).toMatchObject({
      format: 'pge-csv',
      timeZone: 'America/Los_Angeles',
      fileId,
    });
    expect(summary.series.start).toBe('2024-02-01T08:00:00.000Z');
    expect(summary.analytics.deliveredKWh).toBe(1668.51);
    expect(summary.analytics.cost).toBe(651.19);
    expect(summary.analytics.monthly).toHaveLength(12);
    expect(summary.analytics.loadProfile.weekday).toHaveLength(24);
    expect(summary.analytics.heatmap).toHaveLength(12);
    expect(summary.quality.dst.folded).toBe(1);

    // The export is the owner's once a report on the connection is paid for (test mode here).
    expect((await get(`/api/connections/${id}/intervals.csv`, owner.cookie)).statusCode).toBe(402);
    for (const [url, payload] of [
      ['/api/billing/test-card', { plan: 'basic' }],
      ['/api/record-usage', { connectionId: id }],
    ] as const) {
      const paid = await t.app.inject({
        method: 'POST',
        url,
        payload,
        headers: { cookie: owner.cookie },
      });
      expect(paid.statusCode).toBe(200);
    }
    const csv = await get(`/api/connections/${id}/intervals.csv`, owner.cookie);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.trim().split('\n');
    expect(lines[0]).toMatch(/^utc_start,local_start/);
    // To the watt-hour, the column summing to the total.
    for (const line of lines.slice(1)) {
      for (const value of line.split(',').slice(2, 5)) {
        expect(value).toMatch(/^(-?\d+(\.\d{1,3})?)?$/);
      }
    }
    const total = lines.slice(1).reduce((sum, line) => sum + Number(line.split(',')[2]), 0);
    expect(total).toBeCloseTo(1668.51, 6);
  });

  it('keeps figures an admin typed, and imports Green Button XML', async () => {
    const id = await newConnection();
    await t.app.inject({
      method: 'PUT',
      url: `/api/connections/${id}`,
      headers: { cookie: admin.cookie },
      payload: { usage: 1234.5 },
    });
    await attach(id, 'green-button.xml', ESPI, 'application/xml');
    const connection = Connection.parse((await get(`/api/connections/${id}`, admin.cookie)).json());
    expect(connection.usage).toBe(1234.5);
    const summary = ElectricIntervalSummary.parse(
      (await get(`/api/connections/${id}/intervals`, admin.cookie)).json(),
    );
    expect(summary.series.format).toBe('espi-xml');
    expect(summary.analytics.deliveredKWh).toBeCloseTo(199.563, 6);
  });

  it('keeps a file that is not interval data, with the reason on it', async () => {
    const id = await newConnection();
    const fileId = await attach(
      id,
      'notes.csv',
      Buffer.from('hello,world\nthis is,not usage\n'),
      'text/csv',
    );
    const files = (await get(`/api/connections/${id}/files`, admin.cookie)).json();
    expect(files).toHaveLength(1);
    expect(files[0]).toMatchObject({ id: fileId, importStatus: 'failed' });
    expect(files[0].importError).toMatch(/\S/);
    expect((await get(`/api/connections/${id}/intervals`, admin.cookie)).statusCode).toBe(404);
  });

  it('keeps a file with NUL bytes in it, failed, with a reason free of them', async () => {
    const id = await newConnection();
    const bytes = Buffer.from('Date,Time,kWh\u0000\n2024-01-01,00:00,1\u0000\u0000x\n', 'utf8');
    const fileId = await attach(id, 'binary.csv', bytes, 'text/csv');
    const files = (await get(`/api/connections/${id}/files`, admin.cookie)).json();
    expect(files[0]).toMatchObject({ id: fileId, importStatus: 'failed' });
    expect(files[0].importError).toMatch(/\S/);
    expect(files[0].importError).not.toContain('\u0000');
    expect((await get('/api/health', admin.cookie)).statusCode).toBe(200);
  });

  it('reads a PDF that is not one as failed, and shows the data only to the owner and admins', async () => {
    const id = await newConnection();
    await attach(id, 'bill.pdf', Buffer.from('%PDF-1.4'), 'application/pdf');
    const files = (await get(`/api/connections/${id}/files`, admin.cookie)).json();
    expect(files[0]).toMatchObject({ fileType: 'pdf', importStatus: 'failed', statement: null });
    expect(files[0].importError).toMatch(/^The file is not a readable PDF: /);
    await attach(id, 'usage.csv', PGE_CSV, 'text/csv');
    expect((await get(`/api/connections/${id}/intervals`, stranger.cookie)).statusCode).toBe(404);
    expect((await get(`/api/connections/${id}/intervals.csv`, stranger.cookie)).statusCode).toBe(
      404,
    );
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/connections/${id}/intervals` })).statusCode,
    ).toBe(401);
  });
});
