import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Connection, ConnectionFile } from '../../../common/connections.ts';
import { ElectricIntervalSummary } from '../../../common/intervals.ts';
import { day, writeNem12 } from '../../lib/intervals/testing/nem12-file.ts';
import { linesOf, writePdf } from '../../lib/statements/testing/pdf.ts';
import { appWithAdminAndUser, type SignedIn } from '../../test/api.ts';
import type { TestApp } from '../../test/app.ts';
import { attachFile, createProvider, submission, submitForm } from '../../test/connections.ts';
import { utilityFixture } from '../../test/utility-fixtures.ts';

// Statement PDFs and multi-meter files on a connection: what is read, what fills the
// connection, how statements are checked against the interval data, and who chooses a meter.

const BILL = readFileSync(utilityFixture('bills', 'pge_3ce_anonymous_sample_bill_2022-12.pdf'));

let t: TestApp;
let admin: SignedIn;
let owner: SignedIn;
let providerId: number;
beforeAll(async () => {
  ({ t, admin, user: owner } = await appWithAdminAndUser());
  providerId = (await createProvider(t.database.db, { state: 'California' })).id;
});
afterAll(() => t.close());

async function newConnection() {
  const res = await submitForm(t.app, owner.user.uniqueFormUrl, submission(providerId));
  return res.json().id as number;
}

const attach = (connectionId: number, fileName: string, body: Uint8Array, contentType: string) =>
  attachFile(t.app, admin.cookie, connectionId, { fileName, contentType, body: Buffer.from(body) });

const get = (url: string, cookie: string) =>
  t.app.inject({ method: 'GET', url, headers: { cookie } });
const filesOf = async (id: number) =>
  ConnectionFile.array().parse((await get(`/api/connections/${id}/files`, admin.cookie)).json());
const connectionOf = async (id: number) =>
  Connection.parse((await get(`/api/connections/${id}`, admin.cookie)).json());

/** Hourly CSV rows for the PG&E bill's service period (Nov 8 to Dec 8, 2022, Pacific). */
function periodCsv(totalKWh: number): Buffer {
  const hours = 31 * 24;
  const each = Math.floor((totalKWh / hours) * 1000) / 1000;
  const rows = ['Interval Start,kWh'];
  for (let h = 0; h < hours; h++) {
    const at = new Date(Date.UTC(2022, 10, 8, h));
    const label = at.toISOString().slice(0, 16).replace('T', ' ');
    const kWh = h === hours - 1 ? Math.round((totalKWh - each * (hours - 1)) * 1000) / 1000 : each;
    rows.push(`${label},${kWh}`);
  }
  return Buffer.from(`${rows.join('\n')}\n`);
}

describe('statement PDFs on a connection', () => {
  it("reads the facts, fills the connection's account and figures, and shows them on the file", async () => {
    const id = await newConnection();
    await attach(id, 'statement-2022-12.pdf', BILL, 'application/pdf');
    const [file] = await filesOf(id);
    expect(file).toMatchObject({ importStatus: 'imported', importError: null });
    expect(file?.statement).toMatchObject({ hasText: true, layout: 'pge', missing: [] });
    expect(file?.statement?.facts).toMatchObject({
      statementDate: '2022-12-09',
      totalKWh: 327.119,
      amountDueCents: 9624,
      rateSchedule: 'E-TOU-C',
    });
    expect(await connectionOf(id)).toMatchObject({
      accountNumber: '0000000000-0',
      // The address the customer gave on the form stays.
      serviceAddress: '1 Main St, Springfield',
      startDate: '2022-11-08',
      endDate: '2022-12-08',
      usage: 327.119,
      cost: 96.44,
    });
    // The owner sees the same facts on the file (the download itself stays paid).
    const own = ConnectionFile.array().parse(
      (await get(`/api/connections/${id}/files`, owner.cookie)).json(),
    );
    expect(own[0]?.statement?.facts.accountNumber).toBe('0000000000-0');
  });

  it('checks the statement against interval data over its service period', async () => {
    const id = await newConnection();
    await attach(id, 'statement.pdf', BILL, 'application/pdf');
    await attach(id, 'usage.csv', periodCsv(327.119), 'text/csv');
    const summary = ElectricIntervalSummary.parse(
      (await get(`/api/connections/${id}/intervals`, admin.cookie)).json(),
    );
    const check = summary.quality.reconciliation.find((r) => r.source === 'statement');
    expect(check).toMatchObject({
      label: 'statement.pdf',
      statedKWh: 327.119,
      coveragePct: 100,
      matches: true,
      statedCost: 96.44,
    });
    expect(check?.intervalKWh).toBeCloseTo(327.119, 9);
    // Interval data, a year's worth in general, then gives the connection its figures.
    expect((await connectionOf(id)).usage).toBeCloseTo(327.119, 3);
  });

  it('keeps what an admin typed, and fills only empty account fields', async () => {
    const id = await newConnection();
    await t.app.inject({
      method: 'PUT',
      url: `/api/connections/${id}`,
      headers: { cookie: admin.cookie },
      payload: { usage: 500, accountNumber: 'TYPED-1' },
    });
    await attach(id, 'statement.pdf', BILL, 'application/pdf');
    expect(await connectionOf(id)).toMatchObject({
      usage: 500,
      accountNumber: 'TYPED-1',
      startDate: null,
    });
  });

  it('keeps a scanned statement, flagged for its facts to be entered by hand', async () => {
    const id = await newConnection();
    await attach(id, 'scan.pdf', writePdf(['image']), 'application/pdf');
    const [file] = await filesOf(id);
    expect(file).toMatchObject({ importStatus: 'imported' });
    expect(file?.statement).toMatchObject({
      hasText: false,
      notes: ['no text; facts entered by hand'],
    });
    expect((await connectionOf(id)).usage).toBeNull();
  });

  it("lists the facts another utility's statement lacks", async () => {
    const id = await newConnection();
    const pdf = writePdf([
      linesOf(['Account Number: 55-1', 'Bill Date: 01/05/2023', 'Amount Due $40.00']),
    ]);
    await attach(id, 'other.pdf', pdf, 'application/pdf');
    const [file] = await filesOf(id);
    expect(file?.statement?.missing).toEqual([
      'periodStart',
      'periodEnd',
      'totalKWh',
      'dueDate',
      'rateSchedule',
    ]);
    expect((await connectionOf(id)).accountNumber).toBe('55-1');
  });
});

describe('a file of several meters', () => {
  const nem12 = writeNem12([
    { nmi: '4001234567', suffix: 'E1', minutes: 30, days: [day('20240301', 48, () => 1)] },
    { nmi: '4009876543', suffix: 'E1', minutes: 30, days: [day('20240301', 48, () => 2)] },
  ]);

  it('shows the first meter, and an admin chooses another', async () => {
    const id = await newConnection();
    const fileId = await attach(id, 'meters.csv', new TextEncoder().encode(nem12), 'text/csv');
    const first = ElectricIntervalSummary.parse(
      (await get(`/api/connections/${id}/intervals`, admin.cookie)).json(),
    );
    expect(first.series).toMatchObject({
      format: 'nem12',
      meter: '4001234567',
      meters: ['4001234567', '4009876543'],
      timeZone: 'Australia/Brisbane',
    });
    expect(first.analytics.deliveredKWh).toBe(48);
    expect(first.quality.notes?.[0]).toMatch(/market time/);

    const choose = (cookie: string, meter: string) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/connections/${id}/intervals/meter`,
        headers: { cookie },
        payload: { fileId, meter },
      });
    expect((await choose(owner.cookie, '4009876543')).statusCode).toBe(403);
    const unknown = await choose(admin.cookie, '123');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe(
      'The file has no meter 123 (it has 4001234567, 4009876543)',
    );
    expect((await choose(admin.cookie, '4009876543')).statusCode).toBe(204);
    const second = ElectricIntervalSummary.parse(
      (await get(`/api/connections/${id}/intervals`, admin.cookie)).json(),
    );
    expect(second.series.meter).toBe('4009876543');
    expect(second.analytics.deliveredKWh).toBe(96);
    expect((await connectionOf(id)).usage).toBe(96);
  });
});
