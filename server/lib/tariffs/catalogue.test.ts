import { describe, expect, it } from 'vitest';
import { californiaTariffs } from './catalogue.ts';
import { parseUrdb, priceTariff } from './index.ts';
import { buildSeries } from './testing/series.ts';

const tariffs = californiaTariffs();

// A repository file at a commit, or a web address.
const SOURCE = /^(github\.com\/[\w.-]+\/[\w.-]+@[0-9a-f]{40}:\S+|https:\/\/\S+)$/;

describe('californiaTariffs', () => {
  it('ships the plans found with a source, each with its source and dates', () => {
    expect(tariffs.map((t) => t.id)).toEqual([
      'pge-e-tou-c',
      'pge-e-tou-d',
      'pge-e-elec',
      'pge-ev2-a',
      'pge-e-1',
      'sce-tou-d-prime',
      'sce-d',
      'sdge-tou-dr1',
      'sdge-tou-dr2',
      'sdge-ev-tou-5',
      'sdge-dr',
    ]);
    for (const tariff of tariffs) {
      expect(parseUrdb(tariff.urdb), tariff.id).toHaveLength(1);
      expect(tariff.source, tariff.id).toMatch(SOURCE);
      for (const other of tariff.corroboratedBy) expect(other, tariff.id).toMatch(SOURCE);
      expect(tariff.publishedSource, tariff.id).toMatch(/https:\/\//);
      expect(tariff.effectiveDate, tariff.id).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(tariff.seenAt >= tariff.effectiveDate, tariff.id).toBe(true);
      // URDB's startdate (Unix seconds) is local midnight of the effective date.
      const start = new Date(Number(tariff.urdb.startdate) * 1000);
      expect(start.toLocaleDateString('en-CA', { timeZone: 'America/Los_Angeles' })).toBe(
        tariff.effectiveDate,
      );
    }
  });

  it('pays PG&E plans’ exports at PG&E’s published 2026 export rates, and no others', () => {
    for (const tariff of tariffs) {
      const table = tariff.urdb.exportrates;
      if (tariff.utility !== 'PG&E') {
        expect(table, tariff.id).toBeUndefined();
        expect(tariff.exportRates, tariff.id).toBeNull();
        continue;
      }
      const rates = tariff.exportRates;
      if (!rates || !table) throw new Error(`${tariff.id} has no export rates`);
      expect(rates.id).toBe('pge-nbt26-2026');
      // The archive's file name has spaces: a repository file at a commit all the same.
      expect(rates.source).toBe(
        'github.com/danielraffel/pge-feed-in-rates@45970da7221a2d2388685942aa3e00545bdf48cc:utililty-rates/PG&E NBT EEC Values 2026 Vintage.csv.zip',
      );
      expect(rates.publishedSource).toMatch(/https:\/\/www\.pge\.com\//);
      expect([rates.effectiveDate, rates.endDate]).toEqual(['2026-01-01', '2026-12-31']);
      expect(table.effectiveDate).toBe('2026-01-01');
      expect(table.source).toContain(rates.source);
      const all = [...table.weekday.flat(), ...table.weekend.flat()];
      expect(all).toHaveLength(576);
      for (const price of all) expect(price > 0 && price < 2, tariff.id).toBe(true);
      // Delivery plus generation export rate of the file's rows, e.g. January weekdays 0:00
      // $0.00089 + $0.09342, July weekdays 7 p.m. $0.35038 + $0.10708.
      expect(table.weekday[0]?.[0]).toBe(0.09431);
      expect(table.weekday[6]?.[19]).toBe(0.45746);
      expect(table.weekend[6]?.[8]).toBe(0.02784);
    }
  });

  it('gives each caller its own copy', () => {
    const tier = californiaTariffs()[0]?.urdb.energyratestructure?.[0]?.[0];
    if (!tier) throw new Error('E-TOU-C has no first tier');
    tier.rate = 9;
    expect(californiaTariffs()[0]?.urdb.energyratestructure?.[0]?.[0]?.rate).toBe(0.441);
  });
});

describe('a year of a 6,000 kWh home under every catalogue tariff', () => {
  // June 2026 to May 2027, the months these rates are in force. The load is a home's daily
  // shape (low at night, a morning bump, highest 5-9 p.m.), scaled to 6,000 kWh a year.
  const weights = [
    3, 2.5, 2.5, 2.5, 2.5, 3, 4, 5, 5, 4, 3.5, 3.5, 3.5, 3.5, 4, 5, 6, 7, 8, 8, 7, 6, 5, 4,
  ];
  const perDay = 6000 / 365;
  const sum = weights.reduce((a, b) => a + b, 0);
  const year = buildSeries('America/Los_Angeles', '2026-06-01', '2027-05-31', (t) => {
    const hourKWh = (perDay * (weights[t.hour] ?? 0)) / sum;
    return hourKWh / 4;
  });

  it.each(tariffs.map((t) => [t.id, t] as const))('%s', (_id, tariff) => {
    const bill = priceTariff(year, tariff.urdb);
    const kWh = bill.bills.reduce((a, b) => a + b.importKWh, 0);
    expect(kWh).toBeCloseTo(6000, 0);
    expect(bill.bills).toHaveLength(12);

    // Every catalogue tariff charges its base services charge per day.
    expect(tariff.urdb.fixedchargeunits).toBe('$/day');
    const daily = tariff.urdb.fixedchargefirstmeter ?? 0;
    expect(Math.abs(bill.totals.fixedCents - 365 * daily * 100)).toBeLessThanOrEqual(12);

    // The year's average energy price lies between the tariff's cheapest and dearest kWh
    // (rate + adj over all periods and tiers): a period left out of the schedules, a tier limit
    // read wrongly or a price in cents would put it outside.
    const prices = (tariff.urdb.energyratestructure ?? []).flatMap((tiers) =>
      tiers.map((tier) => (tier.rate ?? 0) + (tier.adj ?? 0)),
    );
    const average = bill.totals.energyCents / 100 / kWh;
    expect(average).toBeGreaterThanOrEqual(Math.min(...prices) - 1e-9);
    expect(average).toBeLessThanOrEqual(Math.max(...prices) + 1e-9);

    // Plausible annual bill: $1,000-$4,000. California's large utilities' residential bundled
    // prices in 2024-2026 average roughly 30-45 cents/kWh, and every plan here adds about $290 a
    // year of base services charge, so 6,000 kWh comes to about $2,100-$3,000; the bounds allow
    // 12-62 cents/kWh around that (EV-TOU-5's cheap night hours, TOU-DR1's dear peak) yet catch a
    // rate in cents rather than dollars (x100), a missing charge, or a baseline applied per month.
    expect(bill.annualCents).toBeGreaterThan(100_000);
    expect(bill.annualCents).toBeLessThan(400_000);
  });
});

describe('PG&E E-TOU-C, worked by hand for a month', () => {
  // July 2026, 1 kW all day: 31 × 24 = 744 kWh, of which 4-9 p.m. (peak, every day) is
  // 31 × 5 = 155 kWh and the rest 589 kWh. The published summer prices are $0.5224 (peak) and
  // $0.3994 (off-peak) a kWh, less the baseline credit of $0.0814 a kWh on usage up to the
  // territory P baseline, 13.5 kWh a day: 31 × 13.5 = 418.5 kWh.
  //
  // By hand: 155 × 0.5224 + 589 × 0.3994 - 418.5 × 0.0814 = 80.972 + 235.2466 - 34.0659
  //        = $282.1527.
  // The engine spreads the baseline over the periods by their share of the month (as SAM does),
  // one line per period and tier, each rounded to the cent:
  //   peak within baseline     418.5 × 155/744 =  87.1875 kWh × 0.4410 =  38.4497 -> $38.45
  //   peak above baseline      155 - 87.1875   =  67.8125 kWh × 0.5224 =  35.4253 -> $35.43
  //   off-peak within baseline 418.5 × 589/744 = 331.3125 kWh × 0.3180 = 105.3574 -> $105.36
  //   off-peak above baseline  589 - 331.3125  = 257.6875 kWh × 0.3994 = 102.9204 -> $102.92
  //                                                                          $282.16
  // plus the base services charge, 31 × $0.79343 = $24.596 -> $24.60: $306.76.
  const july = buildSeries('America/Los_Angeles', '2026-07-01', '2026-07-31', () => 0.25);
  const tariff = tariffs.find((t) => t.id === 'pge-e-tou-c');

  it('matches the published peak and off-peak prices, hours and baseline', () => {
    if (!tariff) throw new Error('E-TOU-C is not in the catalogue');
    const peak = 0.5224;
    const offPeak = 0.3994;
    const credit = peak - 0.441;
    expect(credit).toBeCloseTo(0.0814, 10);
    const byHand = 155 * peak + 589 * offPeak - 31 * 13.5 * credit;
    expect(byHand).toBeCloseTo(282.1527, 6);

    const bill = priceTariff(july, tariff.urdb);
    expect(bill.bills).toHaveLength(1);
    const month = bill.bills[0];
    if (!month) throw new Error('no bill');
    expect(month.importKWh).toBeCloseTo(744, 9);
    expect(month.energy.map((l) => [l.period, l.tier, l.kWh, l.rate, l.cents])).toEqual([
      [0, 0, expect.closeTo(87.1875, 9), 0.441, 3845],
      [0, 1, expect.closeTo(67.8125, 9), 0.5224, 3543],
      [1, 0, expect.closeTo(331.3125, 9), 0.318, 10536],
      [1, 1, expect.closeTo(257.6875, 9), 0.3994, 10292],
    ]);
    expect(month.energyCents).toBe(28216);
    expect(Math.abs(month.energyCents / 100 - byHand)).toBeLessThan(0.02);
    expect(month.fixedCents).toBe(2460);
    expect(month.totalCents).toBe(30676);
  });
});

describe('PG&E’s export rates, worked by hand', () => {
  // Wednesday 15 July 2026 exports 1 kWh in the hour from 7 p.m. (0.25 each quarter hour) and
  // Saturday 18 July 1 kWh in the hour from 8 a.m.; nothing is imported. Under net billing the
  // published table pays $0.45746 and $0.02784: $0.4853 -> 49 cents.
  const days = buildSeries('America/Los_Angeles', '2026-07-15', '2026-07-18', (t) =>
    (t.date === '2026-07-15' && t.hour === 19) || (t.date === '2026-07-18' && t.hour === 8)
      ? [0, 0.25]
      : [0, 0],
  );
  const tariff = tariffs.find((t) => t.id === 'pge-e-tou-c');

  it('pays each kWh at its hour’s price under net billing, and E-TOU-C’s retail under net metering', () => {
    if (!tariff) throw new Error('E-TOU-C is not in the catalogue');
    const billing = priceTariff(days, { ...tariff.urdb, dgrules: 'Net Billing Instantaneous' });
    expect(billing.bills[0]?.exportCreditCents).toBe(-49);
    const hourly = priceTariff(days, { ...tariff.urdb, dgrules: 'Net Billing Hourly' });
    expect(hourly.bills[0]?.exportCreditCents).toBe(-49);
    // Net metering: 1 kWh peak surplus at $0.441 (the first tier) and 1 kWh off-peak at $0.318,
    // carried as credit rather than paid.
    const metering = priceTariff(days, tariff.urdb);
    expect(metering.bills[0]?.exportCreditCents).toBe(-(44 + 32));
  });
});
