import { describe, expect, it } from 'vitest';
import { priceTariff, type UrdbRate } from './index.ts';
import { buildSeries, flatTariff, type SlotTime, schedule } from './testing/series.ts';
import type { DgRules } from './urdb.ts';

// A synthetic day with rooftop solar, and each way URDB's dgrules values exports. Figures are
// worked out by hand from the day's shape in the comments.

const LA = 'America/Los_Angeles';

/**
 * Wednesday 2023-07-12, per hour:
 * - 00-08 and 21-23: 1 kWh imported (0.25 a quarter hour);
 * - 09: 0.4, 0.4 imported then 0.1, 0.1 exported (0.8 in, 0.2 out; 0.6 in net for the hour);
 * - 10-15: 2 kWh exported (0.5 a quarter hour), nothing imported;
 * - 16-20 (peak): 2 kWh imported (0.5 a quarter hour).
 * Off-peak: 9 + 0.8 + 3 = 12.8 kWh in, 0.2 + 12 = 12.2 out; peak: 10 kWh in.
 */
function solarDay(t: SlotTime): readonly [number, number] {
  if (t.hour === 9) return t.quarter < 2 ? [0.4, 0] : [0, 0.1];
  if (t.hour >= 10 && t.hour < 16) return [0, 0.5];
  if (t.hour >= 16 && t.hour < 21) return [0.5, 0];
  return [0.25, 0];
}
const day = buildSeries(LA, '2023-07-12', '2023-07-12', solarDay);

const peak = schedule((_m, h) => (h >= 16 && h < 21 ? 1 : 0));
const tou = (dgrules: DgRules): UrdbRate => ({
  name: `Synthetic TOU, ${dgrules}`,
  energyratestructure: [[{ rate: 0.3, sell: 0.05 }], [{ rate: 0.5, sell: 0.08 }]],
  energyweekdayschedule: peak,
  energyweekendschedule: peak,
  dgrules,
});

describe('exports by dgrules', () => {
  it('Net Billing Instantaneous: each quarter hour bought at the buy rate, sold at sell', () => {
    const bill = priceTariff(day, tou('Net Billing Instantaneous')).bills[0];
    // 12.8 × $0.30 = $3.84 and 10 × $0.50 = $5.00 bought; 12.2 × $0.05 = $0.61 sold.
    expect(bill?.energy.map((l) => l.cents)).toEqual([384, 500]);
    expect(bill?.exportCredit.map((l) => [l.period, Number(l.kWh.toFixed(6)), l.cents])).toEqual([
      [0, 12.2, -61],
    ]);
    expect(bill?.totalCents).toBe(823);
    expect(bill?.importKWh).toBeCloseTo(22.8, 9);
    expect(bill?.exportKWh).toBeCloseTo(12.2, 9);
  });

  it('Net Billing Hourly: imports and exports offset within each clock hour first', () => {
    const bill = priceTariff(day, tou('Net Billing Hourly')).bills[0];
    // Hour 9 nets to 0.6 kWh in: 12.6 × $0.30 = $3.78, $5.00 peak; 12 × $0.05 = $0.60 sold.
    expect(bill?.energy.map((l) => l.cents)).toEqual([378, 500]);
    expect(bill?.exportCreditCents).toBe(-60);
    expect(bill?.totalCents).toBe(818);
  });

  it('Net Metering: each period nets over the month and a surplus is worth the retail rate', () => {
    const bill = priceTariff(day, tou('Net Metering')).bills[0];
    // Off-peak nets to 0.6 kWh in ($0.18), peak 10 kWh ($5.00); no surplus to carry.
    expect(bill?.energy.map((l) => [l.period, Number(l.kWh.toFixed(6)), l.cents])).toEqual([
      [0, 0.6, 18],
      [1, 10, 500],
    ]);
    expect(bill?.exportCreditCents).toBe(0);
    expect(bill?.netMeteringCents).toBe(0);
    expect(bill?.totalCents).toBe(518);
  });

  it('Buy All Sell All: the load bought and the generation sold, given the generator output', () => {
    // The inverter's own output: 0.6 a quarter hour 10-15 (so the house used 0.1), and the
    // 0.1s exported in hour 9. Load: 9 + 0.8 + 6 × 0.4 + 3 = 15.2 kWh off-peak, 10 peak;
    // generation 14.4 + 0.2 = 14.6 kWh, all off-peak.
    const generation = new Float64Array(day.length);
    for (let i = 0; i < day.length; i++) {
      const hour = Math.floor(i / 4);
      if (hour >= 10 && hour < 16) generation[i] = 0.6;
      if (hour === 9 && i % 4 >= 2) generation[i] = 0.1;
    }
    const bill = priceTariff(day, tou('Buy All Sell All'), { generation });
    // 15.2 × $0.30 = $4.56, 10 × $0.50 = $5.00; 14.6 × $0.05 = $0.73 sold.
    expect(bill.bills[0]?.energy.map((l) => l.cents)).toEqual([456, 500]);
    expect(bill.bills[0]?.exportCreditCents).toBe(-73);
    expect(bill.totals.totalCents).toBe(883);
    expect(bill.notes.some((n) => n.includes('Buy All Sell All'))).toBe(false);

    // Without it only the meter is known: its import bought, its export sold, and a note says so.
    const metered = priceTariff(day, tou('Buy All Sell All'));
    expect(metered.totals.totalCents).toBe(823);
    expect(metered.notes.some((n) => n.includes('Buy All Sell All'))).toBe(true);
  });

  it('Net Metering carries a month of surplus forward and trues up the year', () => {
    // January exports 20 kWh (one quarter hour), February imports 10 kWh.
    const series = buildSeries(LA, '2023-01-01', '2023-02-28', (t) => {
      if (t.date === '2023-01-10' && t.hour === 12 && t.minute === 0) return [0, 20];
      if (t.date === '2023-02-10' && t.hour === 12 && t.minute === 0) return [10, 0];
      return [0, 0];
    });
    const tariff = flatTariff(0.3, {
      dgrules: 'Net Metering',
      fixedchargefirstmeter: 10,
      fixedchargeunits: '$/month',
    });
    const [jan, feb] = priceTariff(series, tariff, { netSurplusRate: 0.04 }).bills;
    // January: 20 kWh surplus × $0.30 = $6.00 credit; the month's energy is held at $0 and the
    // $6.00 carried. Bill: the $10 fixed charge.
    expect([jan?.energyCents, jan?.exportCreditCents, jan?.netMeteringCents]).toEqual([
      0, -600, 600,
    ]);
    expect([jan?.creditCarriedCents, jan?.totalCents]).toEqual([600, 1000]);
    // February: 10 kWh × $0.30 = $3.00, paid from the carried credit ($3.00 left). February is
    // the last bill, so it closes the year: the $3.00 left expires, and the year's 10 kWh net
    // surplus earns 10 × $0.04 = $0.40. Bill: $10.00 - $0.40.
    expect([feb?.energyCents, feb?.netMeteringCents, feb?.creditExpiredCents]).toEqual([
      300, -300, 300,
    ]);
    expect([feb?.trueUpCents, feb?.creditCarriedCents, feb?.totalCents]).toEqual([-40, 0, 960]);
  });

  it('Net Metering closes the year at the true-up month when one is named', () => {
    const series = buildSeries(LA, '2023-01-01', '2023-03-31', (t) => {
      if (t.date === '2023-01-10' && t.hour === 12 && t.minute === 0) return [0, 20];
      if (t.date === '2023-03-10' && t.hour === 12 && t.minute === 0) return [10, 0];
      return [0, 0];
    });
    const tariff = flatTariff(0.3, { dgrules: 'Net Metering' });
    const bills = priceTariff(series, tariff, { trueUpMonth: 1 }).bills;
    // January closes the year: its $6.00 expires; March's $3.00 is charged in full.
    expect(bills.map((b) => b.creditExpiredCents)).toEqual([600, 0, 0]);
    expect(bills.map((b) => b.totalCents)).toEqual([0, 0, 300]);
  });
});

describe('exports priced at an hourly export table (exportrates)', () => {
  // July weekday hour h pays h cents a kWh; every other month, and July weekends, pay $1.00 and
  // $2.00, so a price read from the wrong month or day type shows in the total.
  const rates = (weekday: (m: number, h: number) => number) =>
    Array.from({ length: 12 }, (_, m) => Array.from({ length: 24 }, (_, h) => weekday(m, h)));
  const exportrates = {
    name: 'Synthetic export table',
    weekday: rates((m, h) => (m === 6 ? h / 100 : 1)),
    weekend: rates(() => 2),
  };
  const hourlyTou = (dgrules: DgRules): UrdbRate => ({ ...tou(dgrules), exportrates });

  it('Net Billing Instantaneous: each export paid at its own hour’s price, not the tiers’ sell', () => {
    const bill = priceTariff(day, hourlyTou('Net Billing Instantaneous')).bills[0];
    // Hour 9: 0.2 kWh × $0.09 = $0.018; hours 10-15: 2 kWh × ($0.10 + $0.11 + $0.12 + $0.13 +
    // $0.14 + $0.15) = $1.50. All off-peak: 12.2 kWh earning $1.518, one line of -152 cents.
    expect(bill?.energy.map((l) => l.cents)).toEqual([384, 500]);
    expect(
      bill?.exportCredit.map((l) => [
        l.period,
        Number(l.kWh.toFixed(6)),
        Number(l.rate.toFixed(9)),
        l.cents,
      ]),
    ).toEqual([[0, 12.2, Number((1.518 / 12.2).toFixed(9)), -152]]);
    expect(bill?.totalCents).toBe(384 + 500 - 152);
  });

  it('Net Billing Hourly: what an hour nets out is paid at that hour’s price', () => {
    const bill = priceTariff(day, hourlyTou('Net Billing Hourly')).bills[0];
    // Hour 9 nets to 0.6 kWh imported, so only hours 10-15 export: $1.50.
    expect(bill?.energy.map((l) => l.cents)).toEqual([378, 500]);
    expect(bill?.exportCreditCents).toBe(-150);
    expect(bill?.totalCents).toBe(378 + 500 - 150);
  });

  it('Buy All Sell All: the generation sold at each hour’s price', () => {
    const generation = new Float64Array(day.length);
    for (let i = 0; i < day.length; i++) {
      const hour = Math.floor(i / 4);
      if (hour >= 10 && hour < 16) generation[i] = 0.6;
    }
    // 2.4 kWh an hour 10-15: 2.4 × $0.75 = $1.80.
    const bill = priceTariff(day, hourlyTou('Buy All Sell All'), { generation }).bills[0];
    expect(bill?.exportCreditCents).toBe(-180);
  });

  it('a weekend day is paid the weekend prices', () => {
    const saturday = buildSeries(LA, '2023-07-15', '2023-07-15', solarDay);
    const bill = priceTariff(saturday, hourlyTou('Net Billing Instantaneous')).bills[0];
    // 12.2 kWh × $2.00.
    expect(bill?.exportCreditCents).toBe(-2440);
  });

  it('Net Metering still credits a surplus at the retail price', () => {
    const withTable = priceTariff(day, hourlyTou('Net Metering'));
    const without = priceTariff(day, tou('Net Metering'));
    expect(withTable.totals).toEqual(without.totals);
  });
});
