import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { BillEstimate } from '../../../common/tariffs.ts';
import { adminAndUserApp, caller, type SignedIn } from '../../test/api.ts';
import { keyClient } from '../../test/api-client.ts';
import {
  attachFile,
  createProvider,
  loginAccepted,
  submission,
  submitForm,
} from '../../test/connections.ts';
import { createApiKey, signedIn, signedInPremium } from '../../test/factories.ts';
import { utilityFixture } from '../../test/utility-fixtures.ts';

// A connection's PG&E hourly export (2024-02-01 to 2025-01-31, no export to the grid) priced
// under synthetic tariffs: a flat rate whose bills are worked out here from the export's own
// rows, and a time-of-use rate whose July is checked by hand.

const PGE_CSV = readFileSync(utilityFixture('csv', 'pge_dmd_hourly_2024-02-01_to_2025-01-31.csv'));

type Row = { date: string; hour: number; hundredths: number };
/** The export's rows: local date, starting hour, kWh in hundredths (as written, exactly). */
const ROWS: Row[] = PGE_CSV.toString('utf8')
  .split('\n')
  .map((line) => line.split(','))
  .filter((cells) => cells[0] === 'Electric usage')
  .map((cells) => ({
    date: cells[1] as string,
    hour: Number((cells[2] as string).slice(0, 2)),
    hundredths: Math.round(Number(cells[4]) * 100),
  }));

const sumHundredths = (rows: Row[]) => rows.reduce((s, r) => s + r.hundredths, 0);

/** kWh (in hundredths) by local month, in order. */
const MONTHLY = [...new Set(ROWS.map((r) => r.date.slice(0, 7)))].map((month) => ({
  month,
  hundredths: sumHundredths(ROWS.filter((r) => r.date.startsWith(month))),
}));

const schedule = (period: (month: number, hour: number) => number) =>
  Array.from({ length: 12 }, (_, m) => Array.from({ length: 24 }, (_, h) => period(m, h)));

const FLAT_RATE = 0.31;
const FLAT_FIXED = 10;
const flat = {
  name: 'Synthetic flat rate',
  utility: 'Synthetic Electric Co',
  dgrules: 'Net Metering',
  energyratestructure: [[{ rate: FLAT_RATE }]],
  energyweekdayschedule: schedule(() => 0),
  energyweekendschedule: schedule(() => 0),
  fixedchargefirstmeter: FLAT_FIXED,
  fixedchargeunits: '$/month',
};

/** Weekdays 4 PM to 9 PM at $0.45, every other hour (weekends, holidays) at $0.25; $0.33 a day. */
const tou = {
  name: 'Synthetic time-of-use rate',
  utility: 'Synthetic Electric Co',
  dgrules: 'Net Metering',
  energyratestructure: [[{ rate: 0.2, adj: 0.05 }], [{ rate: 0.45 }]],
  energyweekdayschedule: schedule((_, h) => (h >= 16 && h < 21 ? 1 : 0)),
  energyweekendschedule: schedule(() => 0),
  fixedchargefirstmeter: 0.33,
  fixedchargeunits: '$/day',
};

/** A line's cents as the engine rounds them: half away from zero, once per line. */
const lineCents = (hundredthsOfKWh: number, rateCents: number) =>
  Math.round((hundredthsOfKWh * rateCents) / 100);

const suite = adminAndUserApp();
const call = caller(() => suite.t.app);
let owner: SignedIn;
let providerId: number;
let providerName: string;
let paidConnection: number;

async function connectionOf(who: SignedIn, withData = true) {
  const res = await submitForm(suite.t.app, who.user.uniqueFormUrl, submission(providerId));
  const id = res.json().id as number;
  await loginAccepted(suite.t.app, id);
  if (withData) {
    await attachFile(suite.t.app, suite.admin.cookie, id, {
      fileName: 'pge-usage.csv',
      contentType: 'text/csv',
      body: PGE_CSV,
    });
  }
  return id;
}

/** A report paid for on the connection (test mode), which opens its data to its owner. */
async function pay(who: SignedIn, connectionId: number, plan: 'basic' | 'premium' = 'basic') {
  for (const [url, payload] of [
    ['/api/billing/test-card', { plan }],
    ['/api/record-usage', { connectionId }],
  ] as const) {
    const res = await call('POST', url, who.cookie, payload);
    expect(res.statusCode, res.body).toBe(200);
  }
}

const estimate = (connectionId: number, cookie: string | undefined, body: object) =>
  call('POST', `/api/connections/${connectionId}/bill-estimate`, cookie, body);

beforeAll(async () => {
  owner = suite.user;
  ({ id: providerId, name: providerName } = await createProvider(suite.t.database.db, {
    state: 'California',
  }));
  paidConnection = await connectionOf(owner);
  await pay(owner, paidConnection);
});

describe('POST /api/connections/:id/bill-estimate', () => {
  it("prices a year under a flat rate as the export's monthly kWh give it", async () => {
    const res = await estimate(paidConnection, owner.cookie, { urdb: flat });
    expect(res.statusCode, res.body).toBe(200);
    const bill = BillEstimate.parse(res.json());
    expect(bill.periods).toBe('months');
    expect(bill.tariff).toEqual({
      id: null,
      name: 'Synthetic flat rate',
      utility: 'Synthetic Electric Co',
      dgrules: 'Net Metering',
    });
    expect(bill.months.map((m) => [m.start.slice(0, 7), m.partial])).toEqual(
      MONTHLY.map(({ month }) => [month, false]),
    );
    const expected = MONTHLY.map(({ hundredths }) => ({
      importKWh: hundredths / 100,
      energyCents: lineCents(hundredths, FLAT_RATE * 100),
      fixedCents: FLAT_FIXED * 100,
    }));
    expect(
      bill.months.map(({ importKWh, energyCents, fixedCents }) => ({
        importKWh,
        energyCents,
        fixedCents,
      })),
    ).toEqual(expected);
    for (const month of bill.months) {
      expect(month.totalCents).toBe(month.energyCents + month.fixedCents);
    }
    const total = expected.reduce((s, m) => s + m.energyCents + m.fixedCents, 0);
    // 1668.51 kWh over the year: 51,725 cents of energy (each month rounded) and $120 fixed.
    expect(total).toBe(63_725);
    expect(bill.totalCents).toBe(total);
    expect(bill.total).toBe(637.25);
    expect(bill.annualCents).toBe(total);
    expect(bill.components).toEqual({
      fixedCents: 12_000,
      energyCents: total - 12_000,
      exportCreditCents: 0,
      demandCents: 0,
      netMeteringCents: 0,
      trueUpCents: 0,
      minimumCents: 0,
    });
  });

  it('prices July under a time-of-use rate as worked out by hand, from a stored tariff', async () => {
    const created = await call('POST', '/api/tariffs', suite.admin.cookie, {
      providerId,
      urdb: tou,
    });
    expect(created.statusCode).toBe(201);
    const tariffId = created.json().id as number;
    const res = await estimate(paidConnection, owner.cookie, { tariffId });
    expect(res.statusCode, res.body).toBe(200);
    const bill = BillEstimate.parse(res.json());
    expect(bill.tariff).toMatchObject({ id: tariffId, name: 'Synthetic time-of-use rate' });
    const july = bill.months.find((m) => m.start === '2024-07-01');
    // July 2024 in the export: 99.64 kWh, of which 18.60 kWh on weekdays from 4 PM to 9 PM
    // (Thursday 4 July, Independence Day, priced as a weekend), and 81.04 kWh at other times.
    //   peak      18.60 kWh × $0.45           =  $8.37
    //   off-peak  81.04 kWh × ($0.20 + $0.05) = $20.26
    //   fixed     31 days × $0.33             = $10.23
    //   total                                   $38.86
    expect(july).toMatchObject({
      end: '2024-07-31',
      days: 31,
      importKWh: 99.64,
      energyCents: 837 + 2026,
      fixedCents: 1023,
      totalCents: 3886,
    });
    // The same hours summed from the export's rows.
    const inJuly = ROWS.filter((r) => r.date.startsWith('2024-07'));
    const isPeak = (r: Row) => {
      const day = new Date(`${r.date}T12:00:00Z`).getUTCDay();
      return day !== 0 && day !== 6 && r.date !== '2024-07-04' && r.hour >= 16 && r.hour < 21;
    };
    expect(sumHundredths(inJuly.filter(isPeak))).toBe(1860);
    expect(sumHundredths(inJuly.filter((r) => !isPeak(r)))).toBe(8104);
  });

  it("bills the statements' billing periods when asked", async () => {
    const id = await connectionOf(owner);
    await pay(owner, id);
    // A billing history of two bills within the data and one long before it.
    const history = [
      'Account,0123456789',
      '',
      'Service From,Service To,Days,Usage (kWh),Amount',
      '03/15/2024,04/14/2024,31,150.000,"$50.00"',
      '04/15/2024,05/14/2024,30,140.000,"$45.00"',
      '01/01/2022,01/31/2022,31,300.000,"$90.00"',
    ].join('\r\n');
    await attachFile(suite.t.app, suite.admin.cookie, id, {
      fileName: 'billing-history.csv',
      contentType: 'text/csv',
      body: Buffer.from(`${history}\r\n`),
    });
    const res = await estimate(id, owner.cookie, { urdb: flat, periods: 'statements' });
    expect(res.statusCode, res.body).toBe(200);
    const bill = BillEstimate.parse(res.json());
    expect(bill.periods).toBe('statements');
    const between = (start: string, end: string) =>
      sumHundredths(ROWS.filter((r) => r.date >= start && r.date <= end));
    expect(bill.months.map((m) => [m.start, m.end, m.days, m.importKWh])).toEqual([
      ['2024-03-15', '2024-04-14', 31, between('2024-03-15', '2024-04-14') / 100],
      ['2024-04-15', '2024-05-14', 30, between('2024-04-15', '2024-05-14') / 100],
    ]);
    // A billing period is one bill: its monthly charge is not scaled by its days.
    expect(bill.months.map((m) => m.fixedCents)).toEqual([1000, 1000]);
    expect(bill.months[0]?.energyCents).toBe(lineCents(between('2024-03-15', '2024-04-14'), 31));

    // Without statements there are no periods to bill.
    const none = await estimate(paidConnection, owner.cookie, {
      urdb: flat,
      periods: 'statements',
    });
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toMatch(/no billing periods to price/);
  });

  it('answers 409 in plain words for a connection without interval data', async () => {
    const id = await connectionOf(owner, false);
    await pay(owner, id);
    const res = await estimate(id, owner.cookie, { urdb: flat });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'This connection has no interval data to price yet.' });
  });

  it('refuses a body without exactly one tariff, an unknown tariff and a refused rate', async () => {
    for (const body of [{}, { urdb: flat, tariffId: 1 }]) {
      const res = await estimate(paidConnection, owner.cookie, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/either tariffId or urdb/);
    }
    const unknown = await estimate(paidConnection, owner.cookie, { tariffId: 999_999 });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('tariffId 999999 is not a tariff');
    const refused = await estimate(paidConnection, owner.cookie, {
      urdb: { ...flat, energyweekendschedule: schedule(() => 2) },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(
      /^urdb\.energyweekendschedule\[0\]\[0\]: .* names period 2/,
    );
  });

  it("refuses another provider's tariff in plain words, for the owner and for admins", async () => {
    const other = await createProvider(suite.t.database.db, { name: 'Valley Power Cooperative' });
    const created = await call('POST', '/api/tariffs', suite.admin.cookie, {
      providerId: other.id,
      urdb: { ...flat, name: 'Valley Flat' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const tariffId = created.json().id as number;
    for (const cookie of [owner.cookie, suite.admin.cookie]) {
      const res = await estimate(paidConnection, cookie, { tariffId });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual({
        message: `The tariff Valley Flat is a rate plan of Valley Power Cooperative, not of ${providerName}, this connection's provider. Choose one of ${providerName}'s tariffs.`,
      });
    }
    // The same rate given in the body is priced: only stored tariffs belong to a provider.
    const given = await estimate(paidConnection, owner.cookie, {
      urdb: { ...flat, name: 'Valley Flat' },
    });
    expect(given.statusCode, given.body).toBe(200);
  });

  it('is for admins and the paying owner: 402 before paying, 404 for another user', async () => {
    const unpaid = await connectionOf(owner);
    const before = await estimate(unpaid, owner.cookie, { urdb: flat });
    expect(before.statusCode).toBe(402);
    expect(before.json().message).toMatch(/Generate a report/);
    const asAdmin = await estimate(unpaid, suite.admin.cookie, { urdb: flat });
    expect(asAdmin.statusCode).toBe(200);
    expect(BillEstimate.parse(asAdmin.json()).totalCents).toBe(63_725);

    const stranger = await signedIn(suite.t.app, suite.t.database.db, 'user');
    const theirs = await estimate(paidConnection, stranger.cookie, { urdb: flat });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual({ message: 'Connection not found' });
    expect((await estimate(paidConnection, undefined, { urdb: flat })).statusCode).toBe(401);
  });

  it("answers a premium user's API key for their own paid connection, not for another's", async () => {
    const premium = await signedInPremium(suite.t.app, suite.t.database.db);
    const id = await connectionOf(premium);
    await pay(premium, id, 'premium');
    // Through the client typed by the OpenAPI document, as an API customer calls it.
    const api = keyClient(suite.t.app, (await createApiKey(suite.t.app, premium.cookie)).key);
    const withKey = (connectionId: number) =>
      api.POST('/api/v1/connections/{id}/bill-estimate', {
        params: { path: { id: connectionId } },
        body: { urdb: flat },
      });
    const res = await withKey(id);
    expect(res.response.status, JSON.stringify(res.error)).toBe(200);
    expect(res.response.headers.get('ratelimit-remaining')).toMatch(/^\d+$/);
    expect(res.data?.totalCents).toBe(63_725);
    expect((await withKey(paidConnection)).response.status).toBe(404);

    // The key also lists the tariffs to choose from, as a user sees them.
    const list = await api.GET('/api/v1/tariffs', { params: { query: { providerId } } });
    expect(list.response.status).toBe(200);
    expect(list.data?.[0]).toBeDefined();
    expect(list.data?.[0]).not.toHaveProperty('source');
  });

  it('allows 30 estimates a minute per account, then 429 with a message', async () => {
    const someone = await signedIn(suite.t.app, suite.t.database.db, 'user');
    for (let i = 0; i < 30; i++) {
      expect((await estimate(paidConnection, someone.cookie, { urdb: flat })).statusCode).toBe(404);
    }
    const limited = await estimate(paidConnection, someone.cookie, { urdb: flat });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({
      message: 'At most 30 bill estimates a minute. Please wait a moment and try again.',
    });
  });
});
