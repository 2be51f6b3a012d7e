import { count } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PublicTariff, Tariff, TariffsCreated } from '../../../common/tariffs.ts';
import { tariffs } from '../../db/schema.ts';
import { adminAndUserApp, caller } from '../../test/api.ts';
import { createProvider } from '../../test/connections.ts';

// Rate plans as admins import them: URDB rate objects (synthetic ones, named so) for a provider,
// refused with the field named when the tariff engine refuses them, listed for users without
// where the figures come from, deleted by admins, and deleted with their provider.

const suite = adminAndUserApp();
const call = caller(() => suite.t.app);

const schedule = (period: (month: number, hour: number) => number) =>
  Array.from({ length: 12 }, (_, m) => Array.from({ length: 24 }, (_, h) => period(m, h)));

/** A synthetic flat rate: one period, one tier. */
const flatRate = (name = 'Synthetic flat rate', extra: Record<string, unknown> = {}) => ({
  label: 'synthetic-flat-0001',
  name,
  utility: 'Synthetic Electric Co',
  sector: 'Residential',
  startdate: 1_704_067_200, // 2024-01-01T00:00:00Z, as the rate API writes dates
  enddate: null,
  energyratestructure: [[{ rate: 0.3, unit: 'kWh' }]],
  energyweekdayschedule: schedule(() => 0),
  energyweekendschedule: schedule(() => 0),
  fixedchargefirstmeter: 10,
  fixedchargeunits: '$/month',
  ...extra,
});

const tariffCount = async () =>
  (await suite.t.database.db.select({ n: count() }).from(tariffs))[0]?.n ?? 0;

async function provider() {
  return (await createProvider(suite.t.database.db, { name: 'Synthetic Electric Co' })).id;
}

describe('POST /api/tariffs', () => {
  it('imports one rate object, with its facts copied out of it', async () => {
    const providerId = await provider();
    const res = await call('POST', '/api/tariffs', suite.admin.cookie, {
      providerId,
      urdb: flatRate(),
      source: 'Synthetic, for tests',
    });
    expect(res.statusCode).toBe(201);
    const tariff = Tariff.strict().parse(res.json());
    expect(tariff).toMatchObject({
      providerId,
      name: 'Synthetic flat rate',
      utility: 'Synthetic Electric Co',
      sector: 'Residential',
      startDate: '2024-01-01',
      endDate: null,
      source: 'Synthetic, for tests',
      label: 'synthetic-flat-0001',
    });
  });

  it('imports every item of a rate-API answer and answers them as a list, in order', async () => {
    const providerId = await provider();
    const res = await call('POST', '/api/tariffs', suite.admin.cookie, {
      providerId,
      urdb: {
        items: [
          flatRate('Synthetic A', { startdate: '2023-06-01', utility: undefined }),
          flatRate('Synthetic B', { enddate: 1_735_689_600 }),
        ],
      },
    });
    expect(res.statusCode).toBe(201);
    const { tariffs: created } = TariffsCreated.parse(res.json());
    expect(created.map((t) => [t.name, t.startDate, t.endDate, t.source])).toEqual([
      ['Synthetic A', '2023-06-01', null, null],
      ['Synthetic B', '2024-01-01', '2025-01-01', null],
    ]);
    // A rate without its utility takes the provider's name.
    expect(created[0]?.utility).toBe('Synthetic Electric Co');
  });

  it.each([
    [
      'a schedule of 12 × 23',
      {
        energyweekdayschedule: [
          ...schedule(() => 0).slice(0, 3),
          Array(23).fill(0),
          ...schedule(() => 0).slice(4),
        ],
      },
      /^urdb\.energyweekdayschedule\[3\]: energyweekdayschedule month 4 \(April\) has 23 hours/,
    ],
    [
      'a period with no rate',
      {
        energyratestructure: [[{ rate: 0.3 }], [{ max: 100 }]],
        energyweekdayschedule: schedule((_, h) => (h >= 16 && h < 21 ? 1 : 0)),
      },
      /^urdb\.energyratestructure\[1\]\[0\]\.rate: energyratestructure\[1\]\[0\]\.rate is missing/,
    ],
    [
      'an unknown unit',
      { energyratestructure: [[{ rate: 0.3, unit: 'MWh' }]] },
      /^urdb\.energyratestructure\[0\]\[0\]\.unit: .*"MWh" is unknown/,
    ],
    ['a rate without a name', { name: undefined }, /^urdb\.name is missing/],
    ['a date that is none', { startdate: 'soon' }, /^urdb\.startdate "soon" is not a date/],
  ])('refuses %s with the field named, writing nothing', async (_, change, message) => {
    const providerId = await provider();
    const before = await tariffCount();
    const res = await call('POST', '/api/tariffs', suite.admin.cookie, {
      providerId,
      urdb: flatRate('Synthetic refused', change),
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json())).toEqual(['message']);
    expect(res.json().message).toMatch(message);
    expect(await tariffCount()).toBe(before);
  });

  it('imports none of an answer when one item is refused, naming the item', async () => {
    const providerId = await provider();
    const before = await tariffCount();
    const res = await call('POST', '/api/tariffs', suite.admin.cookie, {
      providerId,
      urdb: {
        items: [
          flatRate('Synthetic fine'),
          flatRate('Synthetic bad', { fixedchargeunits: '$/week' }),
        ],
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(
      /^urdb\.items\[1\]\.fixedchargeunits: .*"\$\/week" is unknown/,
    );
    expect(await tariffCount()).toBe(before);
  });

  it('refuses an unknown provider and an empty answer with 400', async () => {
    const before = await tariffCount();
    const unknown = await call('POST', '/api/tariffs', suite.admin.cookie, {
      providerId: 999_999,
      urdb: flatRate(),
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('providerId 999999 is not a provider');
    const empty = await call('POST', '/api/tariffs', suite.admin.cookie, {
      providerId: await provider(),
      urdb: { items: [] },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toMatch(/^urdb\.items is empty/);
    expect(await tariffCount()).toBe(before);
  });

  it('is for admins only', async () => {
    const body = { providerId: await provider(), urdb: flatRate() };
    expect((await call('POST', '/api/tariffs', undefined, body)).statusCode).toBe(401);
    expect((await call('POST', '/api/tariffs', suite.user.cookie, body)).statusCode).toBe(403);
  });
});

describe('GET /api/tariffs and DELETE /api/tariffs/:id', () => {
  it("lists a provider's tariffs: all fields for admins, the choosing ones for users", async () => {
    const providerId = await provider();
    const otherProvider = await provider();
    for (const [p, name] of [
      [providerId, 'Synthetic Z'],
      [providerId, 'Synthetic A'],
      [otherProvider, 'Synthetic elsewhere'],
    ] as const) {
      const res = await call('POST', '/api/tariffs', suite.admin.cookie, {
        providerId: p,
        urdb: flatRate(name),
        source: 'Synthetic, for tests',
      });
      expect(res.statusCode).toBe(201);
    }
    const url = `/api/tariffs?providerId=${providerId}`;
    const asAdmin = await call('GET', url, suite.admin.cookie);
    expect(asAdmin.statusCode).toBe(200);
    const full = Tariff.strict().array().parse(asAdmin.json());
    expect(full.map((t) => t.name)).toEqual(['Synthetic A', 'Synthetic Z']);
    expect(full[0]?.source).toBe('Synthetic, for tests');

    const asUser = await call('GET', url, suite.user.cookie);
    expect(asUser.statusCode).toBe(200);
    const plain = PublicTariff.strict().array().parse(asUser.json());
    expect(plain.map((t) => t.name)).toEqual(['Synthetic A', 'Synthetic Z']);
    expect(asUser.body).not.toContain('Synthetic, for tests');

    const everything = await call('GET', '/api/tariffs', suite.user.cookie);
    expect(everything.json().map((t: PublicTariff) => t.name)).toContain('Synthetic elsewhere');
    expect((await call('GET', url)).statusCode).toBe(401);
    const unknown = await call('GET', '/api/tariffs?providerId=999999', suite.user.cookie);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('providerId 999999 is not a provider');
  });

  it('deletes a tariff (admins), 404 for one that is not there', async () => {
    const created = await call('POST', '/api/tariffs', suite.admin.cookie, {
      providerId: await provider(),
      urdb: flatRate('Synthetic to delete'),
    });
    const id = created.json().id as number;
    expect((await call('DELETE', `/api/tariffs/${id}`, suite.user.cookie)).statusCode).toBe(403);
    const res = await call('DELETE', `/api/tariffs/${id}`, suite.admin.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Synthetic to delete deleted' });
    const again = await call('DELETE', `/api/tariffs/${id}`, suite.admin.cookie);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ message: 'Tariff not found' });
  });

  it('goes with its provider: deleting a provider nobody uses deletes its tariffs', async () => {
    const providerId = await provider();
    await call('POST', '/api/tariffs', suite.admin.cookie, { providerId, urdb: flatRate() });
    const gone = await call('DELETE', `/api/providers/${providerId}`, suite.admin.cookie);
    expect(gone.statusCode).toBe(200);
    const list = await call('GET', '/api/tariffs', suite.admin.cookie);
    expect(list.json().filter((t: Tariff) => t.providerId === providerId)).toEqual([]);
  });
});
