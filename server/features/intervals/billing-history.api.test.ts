import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Connection, ConnectionFile } from '../../../common/connections.ts';
import { ElectricIntervalSummary } from '../../../common/intervals.ts';
import { appWithAdminAndUser, type SignedIn } from '../../test/api.ts';
import type { TestApp } from '../../test/app.ts';
import { attachFile, createProvider, submission, submitForm } from '../../test/connections.ts';
import { utilityFixture } from '../../test/utility-fixtures.ts';

// A utility's billing history (one row per bill) uploaded on a connection: its bills are kept on
// the file, fill the connection like a statement when there is no interval data, and are checked
// against the interval data over each bill's days.

const PGE_CSV = readFileSync(utilityFixture('csv', 'pge_dmd_hourly_2024-02-01_to_2025-01-31.csv'));

/** kWh and cost by local month (`YYYY-MM`), summed from the PG&E export's own rows. */
function monthlyFromCsv(): Map<string, { kWh: number; cost: number }> {
  const months = new Map<string, { kWh: number; cost: number }>();
  for (const line of PGE_CSV.toString('utf8').split('\n')) {
    const cells = line.split(',');
    if (cells[0] !== 'Electric usage') continue;
    const month = (cells[1] as string).slice(0, 7);
    const sum = months.get(month) ?? { kWh: 0, cost: 0 };
    sum.kWh += Number(cells[4]);
    sum.cost += Number((cells[5] as string).replace('$', ''));
    months.set(month, sum);
  }
  return months;
}

const MONTHS = monthlyFromCsv();
/** The month whose bill is deliberately written 25 kWh too high. */
const OFF_MONTH = '2024-07';

const lastDay = (month: string) => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 0)).getUTCDate();
};
const us = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;

/** A billing history of one bill per calendar month, MM/DD/YYYY, usage and amount as summed. */
function billingHistory(): Buffer {
  const rows = ['Account,0123456789', '', 'Service From,Service To,Days,Usage (kWh),Amount'];
  for (const [month, { kWh, cost }] of MONTHS) {
    const days = lastDay(month);
    const usage = month === OFF_MONTH ? kWh + 25 : kWh;
    rows.push(
      `${us(`${month}-01`)},${us(`${month}-${days}`)},${days},${usage.toFixed(3)},"$${cost.toFixed(2)}"`,
    );
  }
  return Buffer.from(`${rows.join('\r\n')}\r\n`);
}

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

const attach = (connectionId: number, fileName: string, body: Uint8Array) =>
  attachFile(t.app, admin.cookie, connectionId, {
    fileName,
    contentType: 'text/csv',
    body: Buffer.from(body),
  });
const get = (url: string, cookie = admin.cookie) =>
  t.app.inject({ method: 'GET', url, headers: { cookie } });
const filesOf = async (id: number) =>
  ConnectionFile.array().parse((await get(`/api/connections/${id}/files`)).json());
const fileOf = async (id: number, fileId: number) =>
  (await filesOf(id)).find((f) => f.id === fileId);
const connectionOf = async (id: number) =>
  Connection.parse((await get(`/api/connections/${id}`)).json());
const summaryOf = async (id: number) =>
  ElectricIntervalSummary.parse((await get(`/api/connections/${id}/intervals`)).json());

describe('a billing history on a connection', () => {
  it('keeps the bills on the file, fills the connection, then is checked against the interval data', async () => {
    expect(MONTHS.size).toBe(12);
    const total = [...MONTHS.values()].reduce((s, m) => s + m.kWh, 0);
    expect(total).toBeCloseTo(1668.51, 6);

    const id = await newConnection();
    const historyId = await attach(id, 'billing-history.csv', billingHistory());
    const file = await fileOf(id, historyId);
    expect(file?.importStatus).toBe('imported');
    expect(file?.importError).toBe(
      'Billing history: 12 bills, 2024-02-01 to 2025-01-31 (kWh); read as bills, not interval data.',
    );
    expect(file?.bills).toHaveLength(12);
    const feb = MONTHS.get('2024-02') as { kWh: number; cost: number };
    expect(file?.bills?.[0]).toEqual({
      periodStart: '2024-02-01',
      periodEnd: '2024-02-29',
      days: 29,
      usage: Number(feb.kWh.toFixed(3)),
      unit: 'kWh',
      costCents: Math.round(feb.cost * 100),
      line: 4,
    });
    // No interval data yet: the newest bill fills the connection, as a statement would.
    const jan = MONTHS.get('2025-01') as { kWh: number; cost: number };
    expect(await connectionOf(id)).toMatchObject({
      startDate: '2025-01-01',
      endDate: '2025-01-31',
      usage: Number(jan.kWh.toFixed(3)),
      cost: Number(jan.cost.toFixed(2)),
    });
    // Not interval data: there is no series from it.
    expect((await get(`/api/connections/${id}/intervals`)).statusCode).toBe(404);

    await attach(id, 'pge-usage.csv', PGE_CSV);
    // The year of intervals now gives the figures, and each bill is checked against it.
    expect(await connectionOf(id)).toMatchObject({
      startDate: '2024-02-01',
      endDate: '2025-01-31',
      usage: 1668.51,
    });
    const checks = (await summaryOf(id)).quality.reconciliation.filter(
      (r) => r.source === 'billing history',
    );
    expect(checks).toHaveLength(12);
    for (const [i, check] of checks.entries()) {
      const month = [...MONTHS.keys()][i] as string;
      const { kWh } = MONTHS.get(month) as { kWh: number };
      expect(check).toMatchObject({
        label: `billing-history.csv, line ${i + 4}`,
        coveragePct: 100,
        matches: month !== OFF_MONTH,
      });
      expect(check.intervalKWh).toBeCloseTo(kWh, 3);
      if (month === OFF_MONTH) expect(check.differenceKWh).toBeCloseTo(-25, 3);
    }
    // The owner, once they may see the data, reads the same bills on the file.
    const own = ConnectionFile.array().parse(
      (await get(`/api/connections/${id}/files`, owner.cookie)).json(),
    );
    expect(own.find((f) => f.id === historyId)?.bills).toHaveLength(12);
  });

  it('does not let a billing history override interval data already imported', async () => {
    const id = await newConnection();
    await attach(id, 'pge-usage.csv', PGE_CSV);
    await attach(id, 'history.csv', billingHistory());
    expect(await connectionOf(id)).toMatchObject({
      startDate: '2024-02-01',
      endDate: '2025-01-31',
      usage: 1668.51,
    });
  });

  it('lists a gas bill in therms without comparing it with the electric kWh', async () => {
    const id = await newConnection();
    await attach(id, 'pge-usage.csv', PGE_CSV);
    const gas =
      'Bill Date,Read Date,Days,Therms,Total Charges\n2/12/2024,2/6/2024,29,52.4,$81.07\n';
    const fileId = await attach(id, 'gas-history.csv', Buffer.from(gas));
    expect((await fileOf(id, fileId))?.bills?.[0]).toMatchObject({
      periodStart: '2024-01-08',
      periodEnd: '2024-02-05',
      usage: 52.4,
      unit: 'therms',
      costCents: 8107,
    });
    const [check] = (await summaryOf(id)).quality.reconciliation.filter(
      (r) => r.source === 'billing history',
    );
    expect(check).toMatchObject({
      label: 'gas-history.csv, line 2',
      verdictNote: 'gas usage in therms, not compared with the electric interval kWh',
      statedCost: 81.07,
    });
    expect(check?.statedKWh).toBeUndefined();
    expect(check?.matches).toBeUndefined();
    // A gas bill does not give an electric connection its kWh.
    expect((await connectionOf(id)).usage).toBe(1668.51);
  });

  it.each([
    [
      'text in a number column',
      'Service From,Service To,Usage (kWh),Amount\n02/01/2024,02/29/2024,141.2,$40\n03/01/2024,03/31/2024,n/a kWh,$41\n',
      'billing history CSV, line 3: Usage (kWh) is "n/a kWh", not a number',
    ],
    [
      'an end before its start',
      'Start Date,End Date,kWh,Cost\n2024-03-01,2024-02-01,141.2,40\n',
      'billing history CSV, line 2: End Date ends on 2024-02-01, before the period starts (2024-03-01)',
    ],
    [
      'a date that does not exist',
      'Service From,Service To,Usage (kWh),Amount\n02/01/2023,02/29/2023,141.2,$40\n',
      'billing history CSV, line 2: Service To is "02/29/2023", not a date that exists',
    ],
  ])('refuses a file with %s, saying where, and stores nothing of it', async (_, text, error) => {
    const id = await newConnection();
    const fileId = await attach(id, 'bad-history.csv', Buffer.from(text));
    expect(await fileOf(id, fileId)).toMatchObject({
      importStatus: 'failed',
      importError: error,
      bills: null,
    });
    expect(await connectionOf(id)).toMatchObject({ startDate: null, usage: null, cost: null });
    await attach(id, 'pge-usage.csv', PGE_CSV);
    const checks = (await summaryOf(id)).quality.reconciliation.filter(
      (r) => r.source === 'billing history',
    );
    expect(checks).toEqual([]);
  });
});
