import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Connection } from '../../../common/connections.ts';
import { IntervalSummary } from '../../../common/intervals.ts';
import { ReportVersionList } from '../../../common/reports.ts';
import { connectionFiles, gasSeries, intervalSeries } from '../../db/schema.ts';
import { writeGasEspiXml } from '../../lib/intervals/testing/synthetic-gas-espi.ts';
import { appWithAdminAndUser, type SignedIn } from '../../test/api.ts';
import type { TestApp } from '../../test/app.ts';
import {
  attachFile,
  createProvider,
  loginAccepted,
  submission,
  submitForm,
} from '../../test/connections.ts';

let t: TestApp;
let admin: SignedIn;
let owner: SignedIn;
let providerId: number;
beforeAll(async () => {
  ({ t, admin, user: owner } = await appWithAdminAndUser());
  providerId = (await createProvider(t.database.db, { state: 'New York' })).id;
});
afterAll(() => t.close());

async function newConnection() {
  const res = await submitForm(t.app, owner.user.uniqueFormUrl, submission(providerId));
  await loginAccepted(t.app, res.json().id);
  return res.json().id as number;
}

const attach = (connectionId: number, fileName: string, xml: string) =>
  attachFile(t.app, admin.cookie, connectionId, {
    fileName,
    contentType: 'application/xml',
    body: Buffer.from(xml),
  });

const get = (url: string, cookie: string) =>
  t.app.inject({ method: 'GET', url, headers: { cookie } });

async function pay(connectionId: number) {
  for (const [url, payload] of [
    ['/api/billing/test-card', { plan: 'basic' }],
    ['/api/record-usage', { connectionId }],
  ] as const) {
    const res = await t.app.inject({
      method: 'POST',
      url,
      payload,
      headers: { cookie: owner.cookie },
    });
    expect(res.statusCode, res.body).toBe(200);
  }
}

/** The newest ready report's HTML as text, once the connection is complete and paid for. */
async function reportText(connectionId: number): Promise<string> {
  const done = await t.app.inject({
    method: 'PUT',
    url: `/api/connections/${connectionId}`,
    payload: { status: 'complete' },
    headers: { cookie: admin.cookie },
  });
  expect(done.statusCode, done.body).toBe(200);
  await t.app.services.queue.drain();
  const list = ReportVersionList.parse(
    (await get(`/api/connections/${connectionId}/reports`, owner.cookie)).json(),
  );
  const ready = list.reports.find((r) => r.status === 'ready');
  if (!ready) throw new Error(`no report was built: ${JSON.stringify(list.reports)}`);
  const res = await get(`/api/reports/${ready.id}/download/html`, owner.cookie);
  expect(res.statusCode).toBe(302);
  const location = new URL(String(res.headers.location), 'http://localhost');
  const file = await t.app.inject({ method: 'GET', url: location.pathname + location.search });
  expect(file.statusCode).toBe(200);
  return file.body
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
}

/** UTC seconds of a local midnight in New York, standard time. */
const est = (date: string) => Date.parse(`${date}T05:00:00Z`) / 1000;
const DAY = 86_400;

// Three billing periods in hundreds of cubic feet, the middle one across the DST change.
const jan10 = est('2024-01-10');
const feb9 = est('2024-02-09');
const mar11 = Date.parse('2024-03-11T04:00:00Z') / 1000;
const apr10 = Date.parse('2024-04-10T04:00:00Z') / 1000;
const CCF_FILE = writeGasEspiXml({
  uom: 119,
  powerOfTenMultiplier: 2,
  readings: [
    { start: jan10, duration: feb9 - jan10, value: 60, cost: 78.6 },
    { start: feb9, duration: mar11 - feb9, value: 93, cost: 121.77 },
    { start: mar11, duration: apr10 - mar11, value: 41, cost: 55.35 },
  ],
});

/** Rounded as the API rounds data: to the thousandth. */
const thousandth = (x: number) => Math.round(x * 1000) / 1000;

describe('gas files on a connection', () => {
  it('stores a file of gas alone as periods in ccf, and summarises it by month', async () => {
    const id = await newConnection();
    const fileId = await attach(id, 'gas-bills.xml', CCF_FILE);
    const [file] = await t.database.db
      .select()
      .from(connectionFiles)
      .where(eq(connectionFiles.id, fileId));
    expect(file).toMatchObject({ importStatus: 'imported', importError: null });
    // No electric series is made of it, and the connection's kWh figures stay unknown.
    expect(
      await t.database.db.select().from(intervalSeries).where(eq(intervalSeries.connectionId, id)),
    ).toEqual([]);
    const connection = Connection.parse((await get(`/api/connections/${id}`, owner.cookie)).json());
    expect(connection.usage).toBeNull();

    const res = await get(`/api/connections/${id}/intervals`, owner.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).not.toMatch(/\d\.\d{6,}/);
    const summary = IntervalSummary.parse(res.json());
    expect(summary.series).toBeNull();
    expect(summary.analytics).toBeNull();
    const gas = summary.gas;
    expect(gas).toMatchObject({
      fileId,
      fileName: 'gas-bills.xml',
      unit: 'ccf',
      unitLabel: 'ccf',
      timeZone: 'America/New_York',
      start: '2024-01-10T05:00:00.000Z',
      end: '2024-04-10T04:00:00.000Z',
      total: 194,
      cost: 255.72,
      costPerUnit: Math.round((255.72 / 194) * 10_000) / 10_000,
    });
    expect(gas?.kWhEquivalent).toBeUndefined();
    expect(gas?.periods.map((p) => [p.quantity, p.cost])).toEqual([
      [60, 78.6],
      [93, 121.77],
      [41, 55.35],
    ]);
    expect(gas?.monthly.map((m) => [m.month, m.quantity, m.days])).toEqual([
      ['2024-01', thousandth((60 * 22) / 30), 22],
      ['2024-02', thousandth((60 * 8) / 30 + (93 * 21) / 31), 29],
      ['2024-03', thousandth((93 * 10) / 31 + (41 * 21) / 30), 31],
      ['2024-04', thousandth((41 * 9) / 30), 9],
    ]);
    expect(gas?.notes.join(' ')).toContain('shared between its months by the days');

    // The CSV is the owner's once a report is paid for, in the file's own unit.
    expect((await get(`/api/connections/${id}/gas.csv`, owner.cookie)).statusCode).toBe(402);
    await pay(id);
    const csv = await get(`/api/connections/${id}/gas.csv`, owner.cookie);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.trim().split('\n')).toEqual([
      'utc_start,utc_end,local_start (America/New_York),local_end (America/New_York),quantity_ccf,cost,quality',
      '2024-01-10T05:00:00Z,2024-02-09T05:00:00Z,2024-01-10T00:00:00-05:00,2024-02-09T00:00:00-05:00,60,78.60,actual',
      '2024-02-09T05:00:00Z,2024-03-11T04:00:00Z,2024-02-09T00:00:00-05:00,2024-03-11T00:00:00-04:00,93,121.77,actual',
      '2024-03-11T04:00:00Z,2024-04-10T04:00:00Z,2024-03-11T00:00:00-04:00,2024-04-10T00:00:00-04:00,41,55.35,actual',
    ]);
    // There is no electric series to export.
    expect((await get(`/api/connections/${id}/intervals.csv`, owner.cookie)).statusCode).toBe(404);
  });

  it('stores both parts of a file of electricity and daily therms', async () => {
    const id = await newConnection();
    const start = est('2024-01-01');
    const therms = [3.25, 4.5, 2.75];
    await attach(
      id,
      'both.xml',
      writeGasEspiXml({
        uom: 169,
        powerOfTenMultiplier: -2,
        intervalLength: DAY,
        readings: therms.map((x, i) => ({ start: start + i * DAY, value: x * 100, cost: x * 1.5 })),
        electric: Array.from({ length: 72 }, (_, h) => ({ start: start + h * 3600, wh: 750 })),
      }),
    );
    const summary = IntervalSummary.parse(
      (await get(`/api/connections/${id}/intervals`, admin.cookie)).json(),
    );
    expect(summary.analytics?.deliveredKWh).toBe(54);
    expect(summary.gas).toMatchObject({
      unit: 'therm',
      unitLabel: 'therms',
      total: 10.5,
      cost: 15.75,
      costPerUnit: 1.5,
      kWhEquivalent: thousandth(10.5 * 29.3071),
      kWhPerTherm: 29.3071,
      periodSeconds: DAY,
    });
    expect(summary.gas?.monthly).toEqual([
      { month: '2024-01', quantity: 10.5, cost: 15.75, days: 3, split: false },
    ]);

    // The report has a Gas section in therms, the kWh figure beside them labelled.
    await pay(id);
    const text = await reportText(id);
    const gas = text.slice(text.indexOf(' Gas '));
    expect(gas).toContain('From both.xml, in therms as the utility metered them.');
    expect(gas).toContain('Usage 10.5 therms');
    expect(gas).toContain('Cost $15.75');
    expect(gas).toContain('Cost per therm $1.500 per therm');
    // 10.5 therms × 29.3071 = 307.72455 kWh: 307.725 in data, 307.73 on paper.
    expect(gas).toContain('Energy in kWh (for comparison) 307.73 kWh at 29.3071 kWh per therm');
    expect(gas).toMatch(/Jan 2024 10\.5 \$15\.75 \$1\.500 3/);
  });

  it('reports a connection of gas alone in ccf, with no kWh figure for the volume', async () => {
    const id = await newConnection();
    await attach(id, 'gas-bills.xml', CCF_FILE);
    await pay(id);
    const text = await reportText(id);
    const gas = text.slice(text.indexOf(' Gas '));
    expect(gas).toContain('Usage 194 ccf');
    expect(gas).toContain('Cost $255.72');
    expect(gas).toContain(`Cost per ccf $${(255.72 / 194).toFixed(3)} per ccf`);
    expect(gas).not.toContain('Energy in kWh');
    expect(gas).toContain('The volume is not converted to kWh');
    // The cover says what is missing without calling the gas missing.
    expect(text).toContain('No electric interval data was provided');
    expect(text).toContain('The gas is reported under Gas.');
    // January gets 22 of the first period's 30 days: 44 ccf and $57.64.
    expect(gas).toMatch(/Jan 2024 \* 44 \$57\.64 \$1\.310 22/);
  });

  it('refuses a gas file whose ReadingType has no unit, saying so on the file, storing nothing', async () => {
    const id = await newConnection();
    const fileId = await attach(
      id,
      'no-unit.xml',
      writeGasEspiXml({
        uom: null,
        readings: [{ start: est('2024-01-01'), duration: DAY, value: 3 }],
      }),
    );
    const [file] = await t.database.db
      .select()
      .from(connectionFiles)
      .where(eq(connectionFiles.id, fileId));
    expect(file?.importStatus).toBe('failed');
    expect(file?.importError).toMatch(
      /ReadingType .*ReadingType\/20: gives no uom for the gas readings of MeterReading .*, so it cannot be told whether they are therms, cubic feet or cubic metres; nothing was imported/,
    );
    expect(
      await t.database.db.select().from(gasSeries).where(eq(gasSeries.connectionId, id)),
    ).toEqual([]);
    expect((await get(`/api/connections/${id}/intervals`, owner.cookie)).statusCode).toBe(404);
  });
});
