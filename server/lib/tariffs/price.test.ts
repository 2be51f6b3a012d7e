import { describe, expect, it } from 'vitest';
import { federalHolidays } from './holidays.ts';
import { parseUrdb, priceTariff, type UrdbRate } from './index.ts';
import { buildSeries, flatTariff, schedule } from './testing/series.ts';

// Every tariff here is synthetic (invented figures, named "Synthetic ..."), and every expected
// figure is worked out by hand in the comments from the series' shape, not read off the code.

const LA = 'America/Los_Angeles';
/** 0.25 kWh every quarter hour: 1 kW, 24 kWh a day. */
const oneKw = () => 0.25;

/** Peak 16:00-21:00 (period 1) every day, off-peak (period 0) otherwise. */
const peakEveryDay = schedule((_m, h) => (h >= 16 && h < 21 ? 1 : 0));

describe('fixed and energy charges', () => {
  it('prices a flat rate with its adjustment and a monthly fixed charge', () => {
    // February 2023 (no DST change in Los Angeles): 28 days × 24 kWh = 672 kWh.
    const series = buildSeries(LA, '2023-02-01', '2023-02-28', oneKw);
    const tariff = flatTariff(0.2, {
      energyratestructure: [[{ rate: 0.2, adj: 0.01, unit: 'kWh' }]],
      fixedchargefirstmeter: 10,
      fixedchargeunits: '$/month',
    });
    const [bill] = priceTariff(series, tariff).bills;
    // 672 kWh × $0.21 = $141.12; $10.00 fixed.
    expect(bill?.energy).toEqual([
      { period: 0, tier: 0, kWh: expect.closeTo(672, 9), rate: 0.21, cents: 14112 },
    ]);
    expect(bill?.energyCents).toBe(14112);
    expect(bill?.fixedCents).toBe(1000);
    expect(bill?.totalCents).toBe(15112);
    expect(bill?.days).toBe(28);
    expect(bill?.partial).toBe(false);
  });

  it('spreads monthly tiers over TOU periods by their share of the month, as SAM does', () => {
    const series = buildSeries(LA, '2023-02-01', '2023-02-28', oneKw);
    const tariff: UrdbRate = {
      name: 'Synthetic TOU with tiers',
      energyratestructure: [
        [
          { max: 300, rate: 0.3, unit: 'kWh' },
          { rate: 0.4, unit: 'kWh' },
        ],
        [
          { max: 300, rate: 0.5, unit: 'kWh' },
          { rate: 0.6, unit: 'kWh' },
        ],
      ],
      energyweekdayschedule: peakEveryDay,
      energyweekendschedule: peakEveryDay,
    };
    const [bill] = priceTariff(series, tariff).bills;
    // Off-peak 19 h × 28 = 532 kWh, peak 5 h × 28 = 140 kWh, 672 in all. Tier 1 holds 300 kWh
    // of the month: 300 × 532/672 = 237.5 off-peak ($71.25), 300 × 140/672 = 62.5 peak ($31.25);
    // the other 372: 294.5 off-peak × 0.40 = $117.80, 77.5 peak × 0.60 = $46.50.
    const lines = bill?.energy.map((l) => [l.period, l.tier, Number(l.kWh.toFixed(6)), l.cents]);
    expect(lines).toEqual([
      [0, 0, 237.5, 7125],
      [0, 1, 294.5, 11780],
      [1, 0, 62.5, 3125],
      [1, 1, 77.5, 4650],
    ]);
    expect(bill?.energyCents).toBe(26680);
  });

  it('multiplies daily tier limits by the days billed, and prorates a partial month', () => {
    const tariff: UrdbRate = {
      name: 'Synthetic daily tiers',
      energyratestructure: [
        [
          { max: 10, rate: 0.2, unit: 'kWh daily' },
          { rate: 0.3, unit: 'kWh daily' },
        ],
      ],
      energyweekdayschedule: schedule(() => 0),
      energyweekendschedule: schedule(() => 0),
      fixedchargefirstmeter: 10,
      fixedchargeunits: '$/month',
    };
    const whole = buildSeries(LA, '2023-02-01', '2023-02-28', oneKw);
    // 10 kWh × 28 days = 280 kWh at $0.20 = $56.00; 392 kWh at $0.30 = $117.60.
    expect(priceTariff(whole, tariff).bills[0]?.energy.map((l) => l.cents)).toEqual([5600, 11760]);

    const half = buildSeries(LA, '2023-02-01', '2023-02-14', oneKw);
    const [bill] = priceTariff(half, tariff).bills;
    // 14 days: 140 kWh at $0.20 = $28.00, 336 - 140 = 196 kWh at $0.30 = $58.80; the month's
    // $10 fixed charge for 14 of 28 days is $5.00.
    expect(bill?.partial).toBe(true);
    expect(bill?.energy.map((l) => l.cents)).toEqual([2800, 5880]);
    expect(bill?.fixedCents).toBe(500);
  });

  it('bills given periods (both days included) with daily fixed charges', () => {
    const series = buildSeries(LA, '2023-02-01', '2023-02-28', oneKw);
    const tariff: UrdbRate = {
      name: 'Synthetic daily tiers, daily charge',
      energyratestructure: [
        [
          { max: 10, rate: 0.2, unit: 'kWh daily' },
          { rate: 0.3, unit: 'kWh daily' },
        ],
      ],
      energyweekdayschedule: schedule(() => 0),
      energyweekendschedule: schedule(() => 0),
      fixedchargefirstmeter: 0.5,
      fixedchargeunits: '$/day',
    };
    const result = priceTariff(series, tariff, {
      periods: [
        { start: '2023-02-03', end: '2023-02-12' },
        { start: '2023-02-20', end: '2023-03-05' },
      ],
    });
    const [first, second] = result.bills;
    // 10 days, 240 kWh: 100 at $0.20 = $20.00, 140 at $0.30 = $42.00, fixed 10 × $0.50.
    expect(first?.days).toBe(10);
    expect(first?.energy.map((l) => l.cents)).toEqual([2000, 4200]);
    expect(first?.fixedCents).toBe(500);
    expect(first?.missingSlots).toBe(0);
    // 20 Feb - 5 Mar is 14 days (a 140 kWh first tier), of which the series has 9 (20-28 Feb):
    // 216 kWh, 140 at $0.20 = $28.00 and 76 at $0.30 = $22.80. The 5 days of March the series
    // lacks are 5 × 96 missing quarter hours.
    expect(second?.days).toBe(14);
    expect(second?.energy.map((l) => l.cents)).toEqual([2800, 2280]);
    expect(second?.missingSlots).toBe(480);
    expect(result.notes.some((n) => n.includes('lack quarter hours'))).toBe(true);
  });
});

describe('demand charges', () => {
  it('charges TOU demand by period and tier, and flat demand on the month peak', () => {
    // 2023-07-10..12 (Mon-Wed, no holiday): 1 kW throughout, 8 kW at Tue 17:00-17:15 (peak
    // period), 6 kW at Wed 03:00-03:15 (off-peak).
    const series = buildSeries(LA, '2023-07-10', '2023-07-12', (t) => {
      if (t.date === '2023-07-11' && t.hour === 17 && t.minute === 0) return 2;
      if (t.date === '2023-07-12' && t.hour === 3 && t.minute === 0) return 1.5;
      return 0.25;
    });
    const weekdayPeak = schedule((_m, h) => (h >= 16 && h < 21 ? 1 : 0));
    const tariff: UrdbRate = {
      name: 'Synthetic demand',
      demandratestructure: [
        [{ rate: 5 }],
        [
          { max: 5, rate: 10 },
          { rate: 11, adj: 1 },
        ],
      ],
      demandweekdayschedule: weekdayPeak,
      demandweekendschedule: schedule(() => 0),
      flatdemandstructure: [[{ rate: 3 }], [{ rate: 0 }]],
      flatdemandmonths: [1, 1, 1, 1, 1, 0, 0, 0, 0, 1, 1, 1],
    };
    const [bill] = priceTariff(series, tariff).bills;
    // Peak period: 8 kW = 5 kW × $10 + 3 kW × $12 = $86; off-peak: 6 kW × $5 = $30; July's flat
    // period 0: the month's 8 kW × $3 = $24. $140 in all.
    expect(bill?.demand).toEqual([
      { kind: 'tou', period: 0, tier: 0, kW: 6, rate: 5, cents: 3000 },
      { kind: 'tou', period: 1, tier: 0, kW: 5, rate: 10, cents: 5000 },
      { kind: 'tou', period: 1, tier: 1, kW: 3, rate: 12, cents: 3600 },
      { kind: 'flat', period: 0, tier: 0, kW: 8, rate: 3, cents: 2400 },
    ]);
    expect(bill?.demandCents).toBe(14000);
    expect(bill?.peakKw).toBe(8);
  });

  // NREL's SAM (ssc, test/shared_test/lib_utility_rate_equations_test.cpp, test
  // "test_demand_charges"): an hourly January weekday whose load rises from 1 to 10 kW by
  // 10:00 and falls back, priced on two TOU demand periods (15:00-20:00 and the rest), each with
  // a first tier to 100 kW ($20 and $10 a kW) and a cheaper second tier ($15, $5). SAM's answer
  // for January is $200: 5 kW in the 15:00-20:00 period at $20 and 10 kW in the other at $10.
  it("reproduces SAM's TOU demand charge test ($200.00)", () => {
    const load = [1, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 1, 1, 1, 1];
    // A January Monday that is no holiday; each hour's kWh spread over its four quarter hours.
    const series = buildSeries(LA, '2024-01-08', '2024-01-08', (t) => (load[t.hour] as number) / 4);
    // SAM's 1-based periods 1 (hours 15-19) and 2 (the rest) as URDB's 0-based 0 and 1.
    const weekday = schedule((_m, h) => (h >= 15 && h < 20 ? 0 : 1));
    const tariff: UrdbRate = {
      name: "SAM's lib_utility_rate_equations test rate (synthetic)",
      demandratestructure: [
        [{ max: 100, rate: 20 }, { rate: 15 }],
        [{ max: 100, rate: 10 }, { rate: 5 }],
      ],
      demandweekdayschedule: weekday,
      demandweekendschedule: schedule(() => 1),
    };
    const bill = priceTariff(series, tariff, { holidays: 'none' });
    expect(bill.bills[0]?.demandCents).toBe(20000);
    expect(bill.totals.totalCents).toBe(20000);
  });
});

describe('minimum charge', () => {
  it('tops a month up to the minimum and leaves a larger bill alone', () => {
    // January: 100 kWh in one quarter hour; February: 300 kWh.
    const series = buildSeries(LA, '2023-01-01', '2023-02-28', (t) => {
      if (t.date === '2023-01-10' && t.hour === 12 && t.minute === 0) return 100;
      if (t.date === '2023-02-10' && t.hour === 12 && t.minute === 0) return 300;
      return 0;
    });
    const tariff = flatTariff(0.1, {
      fixedchargefirstmeter: 5,
      fixedchargeunits: '$/month',
      mincharge: 20,
      minchargeunits: '$/month',
    });
    const [jan, feb] = priceTariff(series, tariff).bills;
    // January: $10.00 energy + $5.00 fixed = $15.00, $5.00 short of $20.00.
    expect([jan?.energyCents, jan?.fixedCents, jan?.minimumCents, jan?.totalCents]).toEqual([
      1000, 500, 500, 2000,
    ]);
    // February: $30.00 + $5.00 = $35.00, above the minimum.
    expect([feb?.minimumCents, feb?.totalCents]).toEqual([0, 3500]);
  });

  it('reads a daily minimum per day billed and a yearly one over the year', () => {
    const series = buildSeries(LA, '2023-01-01', '2023-02-28', (t) =>
      t.date === '2023-01-10' && t.hour === 12 && t.minute === 0 ? 100 : 0,
    );
    const daily = flatTariff(0.1, { mincharge: 0.5, minchargeunits: '$/day' });
    const [jan, feb] = priceTariff(series, daily).bills;
    // January: $10.00 against 31 × $0.50 = $15.50; February: $0 against 28 × $0.50 = $14.00.
    expect([jan?.minimumCents, feb?.minimumCents]).toEqual([550, 1400]);

    const yearly = flatTariff(0.1, { mincharge: 365, minchargeunits: '$/year' });
    const bill = priceTariff(series, yearly);
    // 59 days are 59/365 of the year: a $59.00 minimum against $10.00 of energy, added to the
    // last bill.
    expect(bill.bills.map((b) => b.minimumCents)).toEqual([0, 4900]);
    expect(bill.totals.totalCents).toBe(5900);
  });
});

describe('holidays and weekends', () => {
  // 2023-07-03 (Mon) .. 2023-07-09 (Sun), 1 kW throughout; 4 July (Tue) is Independence Day.
  const week = buildSeries(LA, '2023-07-03', '2023-07-09', oneKw);
  const tariff: UrdbRate = {
    name: 'Synthetic weekday peak',
    energyratestructure: [[{ rate: 0.3 }], [{ rate: 0.5 }]],
    energyweekdayschedule: peakEveryDay,
    energyweekendschedule: schedule(() => 0),
  };
  const peakKWh = (bill: ReturnType<typeof priceTariff>) =>
    Number(bill.bills[0]?.energy.find((l) => l.period === 1)?.kWh.toFixed(6));

  it('prices federal holidays on the weekend schedule by default', () => {
    const bill = priceTariff(week, tariff);
    // Peak on Mon, Wed, Thu, Fri: 4 × 5 h = 20 kWh × $0.50 = $10.00; 168 - 20 = 148 kWh × $0.30
    // = $44.40.
    expect(peakKWh(bill)).toBe(20);
    expect(bill.totals.energyCents).toBe(5440);
  });

  it('can ignore holidays or take a list of dates instead', () => {
    // Five weekdays: 25 kWh peak ($12.50) and 143 off-peak ($42.90).
    const none = priceTariff(week, tariff, { holidays: 'none' });
    expect(peakKWh(none)).toBe(25);
    expect(none.totals.energyCents).toBe(5540);
    // Only the listed days (5 and 6 July) are holidays: peak on Mon, Tue, Fri.
    expect(peakKWh(priceTariff(week, tariff, { holidays: ['2023-07-05', '2023-07-06'] }))).toBe(15);
  });

  it('knows the observed federal holidays', () => {
    const iso = (day: number) => new Date(day * 86_400_000).toISOString().slice(0, 10);
    // OPM's 2023 list: New Year's Day observed Monday 2 January; Veterans Day (a Saturday)
    // observed Friday 10 November.
    expect(federalHolidays(2023).map(iso)).toEqual([
      '2023-01-02',
      '2023-01-16',
      '2023-02-20',
      '2023-05-29',
      '2023-06-19',
      '2023-07-04',
      '2023-09-04',
      '2023-10-09',
      '2023-11-10',
      '2023-11-23',
      '2023-12-25',
    ]);
    // 1 January 2022 was a Saturday: observed on Friday 31 December 2021.
    expect(federalHolidays(2022).map(iso)[0]).toBe('2021-12-31');
    expect(federalHolidays(2020).map(iso)).not.toContain('2020-06-19');
  });
});

describe('daylight-saving days', () => {
  // 01:00-02:00 is period 1 ($1.00), 02:00-03:00 period 2 ($5.00), the rest period 0 ($0.10).
  const byHour = schedule((_m, h) => (h === 1 ? 1 : h === 2 ? 2 : 0));
  const tariff: UrdbRate = {
    name: 'Synthetic hour-by-hour',
    energyratestructure: [[{ rate: 0.1 }], [{ rate: 1 }], [{ rate: 5 }]],
    energyweekdayschedule: byHour,
    energyweekendschedule: byHour,
  };

  it('prices the 23-hour spring-forward day by its real hours', () => {
    const series = buildSeries(LA, '2023-03-12', '2023-03-12', oneKw);
    expect(series.length).toBe(92);
    const bill = priceTariff(series, tariff).bills[0];
    // 02:00-03:00 does not exist: 1 kWh at $1.00 and 22 kWh at $0.10 = $3.20, nothing at $5.
    expect(bill?.energy.map((l) => [l.period, Number(l.kWh.toFixed(6)), l.cents])).toEqual([
      [0, 22, 220],
      [1, 1, 100],
    ]);
  });

  it('prices the 25-hour fall-back day by its real hours', () => {
    const series = buildSeries(LA, '2023-11-05', '2023-11-05', oneKw);
    expect(series.length).toBe(100);
    const bill = priceTariff(series, tariff).bills[0];
    // 01:00 happens twice: 2 kWh at $1.00, 1 kWh at $5.00, 22 kWh at $0.10 = $9.20.
    expect(bill?.energy.map((l) => [l.period, Number(l.kWh.toFixed(6)), l.cents])).toEqual([
      [0, 22, 220],
      [1, 2, 200],
      [2, 1, 500],
    ]);
    expect(bill?.totalCents).toBe(920);
  });

  it('nets the two 1 AM hours of the fall-back day apart under hourly net billing', () => {
    // First 01:00 hour imports 1 kWh, the repeated one exports 1 kWh.
    const series = buildSeries(LA, '2023-11-05', '2023-11-05', (t) =>
      t.hour === 1 ? (t.quarter < 4 ? [0.25, 0] : [0, 0.25]) : [0, 0],
    );
    const hourly = parseUrdb({
      name: 'Synthetic hourly net billing',
      energyratestructure: [[{ rate: 0.1, sell: 0.05 }], [{ rate: 1, sell: 0.4 }], [{ rate: 5 }]],
      energyweekdayschedule: byHour,
      energyweekendschedule: byHour,
      dgrules: 'Net Billing Hourly',
    })[0] as UrdbRate;
    const bill = priceTariff(series, hourly).bills[0];
    // Read as one hour they would cancel; as two real hours: $1.00 bought, 1 kWh sold at $0.40.
    expect(bill?.energyCents).toBe(100);
    expect(bill?.exportCreditCents).toBe(-40);
  });
});
