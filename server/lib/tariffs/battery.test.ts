import { describe, expect, it } from 'vitest';
import type { CanonicalSeries } from '../intervals/series.ts';
import { type Battery, dispatchBattery } from './battery.ts';
import { batterySavings } from './battery-savings.ts';
import { compileTariff } from './compile.ts';
import { seriesContext } from './context.ts';
import { priceTariff, type UrdbRate } from './index.ts';
import { buildSeries, flatTariff, type SlotTime, schedule } from './testing/series.ts';

// Synthetic days and tariffs (invented figures), each worked out by hand in the comments.

const LA = 'America/Los_Angeles';
/** A Wednesday in July: no holiday, no clock change, 96 quarter hours. */
const WEDNESDAY = '2023-07-12';

const peakHours = schedule((_m, h) => (h >= 16 && h < 21 ? 1 : 0));
/** Off-peak $0.30, peak (16:00-21:00) $0.50; exports earn $0.05 and $0.08. */
const tou = (extra: Partial<UrdbRate> = {}): UrdbRate => ({
  name: 'Synthetic two-period TOU',
  energyratestructure: [[{ rate: 0.3, sell: 0.05 }], [{ rate: 0.5, sell: 0.08 }]],
  energyweekdayschedule: peakHours,
  energyweekendschedule: peakHours,
  dgrules: 'Net Billing Instantaneous',
  ...extra,
});

function dispatch(series: CanonicalSeries, rate: UrdbRate, battery: Battery) {
  return dispatchBattery(seriesContext(series), compileTariff(rate), battery);
}

describe('battery arbitrage on a two-period TOU day', () => {
  // 1 kW all day: 19 off-peak kWh, 5 peak kWh.
  const day = buildSeries(LA, WEDNESDAY, WEDNESDAY, () => 0.25);
  const battery: Battery = { powerKw: 2, energyKWh: 4, roundTripEfficiency: 0.8 };

  it('fills from the cheapest hours and empties into the peak, as far as its capacity goes', () => {
    const result = dispatch(day, tou(), battery);
    // The peak's 5 kWh are more than the 4 kWh stored: 4 kWh given out at 0.25 kWh a quarter
    // hour (the 1 kW load, under the 2 kW rating) from 16:00, drawn as 4 / 0.8 = 5 kWh at 2 kW
    // (0.5 kWh a quarter hour) from midnight, off-peak.
    expect(result.dischargedKWh).toBeCloseTo(4, 9);
    expect(result.chargedKWh).toBeCloseTo(5, 9);
    expect(Array.from(result.charge.subarray(0, 11))).toEqual([...Array(10).fill(0.5), 0]);
    expect(Array.from(result.discharge.subarray(64, 81))).toEqual([...Array(16).fill(0.25), 0]);
    // Bill: $5.70 + $2.50 = $8.20 without; with it 24 off-peak kWh ($7.20) and 1 peak ($0.50).
    expect(priceTariff(day, tou()).totals.totalCents).toBe(820);
    expect(priceTariff(result.series, tou()).totals.totalCents).toBe(770);
    const study = batterySavings(day, tou(), [battery]);
    expect(study.batteries[0]?.strategy).toBe('arbitrage');
    // One day's $0.50 is the year's $0.50 × 365.
    expect(study.batteries[0]?.savingsCents).toBe(50 * 365);
  });

  it('stays idle when the losses eat the spread: $0.30 / 0.5 is more than $0.50', () => {
    const weak = { ...battery, roundTripEfficiency: 0.5 };
    const result = dispatch(day, tou(), weak);
    expect(result.chargedKWh).toBe(0);
    expect(batterySavings(day, tou(), [weak]).batteries[0]?.savingsCents).toBe(0);
  });

  it('is held to its power: a 0.5 kW battery gives 0.125 kWh a quarter hour, 2.5 kWh in the peak', () => {
    const small = { powerKw: 0.5, energyKWh: 10, roundTripEfficiency: 0.8 };
    const result = dispatch(day, tou(), small);
    // 20 peak quarter hours × 0.125 kWh; drawn 2.5 / 0.8 = 3.125 kWh.
    expect(result.dischargedKWh).toBeCloseTo(2.5, 9);
    expect(result.chargedKWh).toBeCloseTo(3.125, 9);
    expect(Math.max(...result.discharge)).toBeCloseTo(0.125, 12);
  });
});

describe('battery charging from exports priced by an hourly export table', () => {
  // 1 kW all day, except 10:00-12:00 when the site exports 1 kWh an hour and imports nothing.
  // The July weekday table pays $0.40 for hour 10's exports and $0.01 for hour 11's (every other
  // hour $1.00), where the tiers' flat `sell` would pay $0.05 for both.
  const day = buildSeries(LA, WEDNESDAY, WEDNESDAY, (t) =>
    t.hour === 10 || t.hour === 11 ? [0, 0.25] : 0.25,
  );
  const prices = Array.from({ length: 12 }, () =>
    Array.from({ length: 24 }, (_, h) => (h === 10 ? 0.4 : h === 11 ? 0.01 : 1)),
  );
  const battery: Battery = { powerKw: 2, energyKWh: 4, roundTripEfficiency: 0.8 };
  const exportSlots = (series: CanonicalSeries) =>
    Array.from(series.received.subarray(40, 48), (kWh) => Number(kWh.toFixed(9)));

  it('draws the export the table pays least for, not the earliest', () => {
    const withTable = dispatch(
      day,
      tou({ exportrates: { weekday: prices, weekend: prices } }),
      battery,
    );
    // Hour 11's kWh costs $0.01 / 0.8, the cheapest source; hour 10's $0.40 / 0.8 = $0.50 is no
    // less than the peak's $0.50 and dearer than the grid's $0.30, so it is still exported.
    expect(exportSlots(withTable.series)).toEqual([0.25, 0.25, 0.25, 0.25, 0, 0, 0, 0]);
    // With the tiers' $0.05 for both hours, both hours' exports are stored (2 kWh drawn, 1.6 kept,
    // the rest from the grid).
    const flat = dispatch(day, tou(), battery);
    expect(exportSlots(flat.series)).toEqual([0, 0, 0, 0, 0, 0, 0, 0]);
  });
});

describe('battery against a demand charge', () => {
  // 2 kW all day, 10 kW from 16:00 to 17:00; energy $0.20 flat, demand $10/kW on the month's peak.
  const spike = (t: SlotTime) => (t.hour === 16 ? 2.5 : 0.5);
  const day = buildSeries(LA, WEDNESDAY, WEDNESDAY, spike);
  const rate = flatTariff(0.2, {
    flatdemandstructure: [[{ rate: 10 }]],
    flatdemandmonths: Array(12).fill(0),
  });
  const battery: Battery = { powerKw: 5, energyKWh: 4, roundTripEfficiency: 0.9 };

  it('shaves the peak to what its energy lasts: (10 - T) kW for 1 h = 4 kWh gives T = 6 kW', () => {
    const result = dispatch(day, rate, battery);
    expect(result.thresholdsKw[0]).toBeCloseTo(6, 3);
    const after = priceTariff(result.series, rate);
    expect(after.bills[0]?.peakKw).toBeCloseTo(6, 3);
    // Without: 56 kWh × $0.20 = $11.20 and 10 kW × $10 = $100. With: 4 kWh given out, drawn as
    // 4 / 0.9 kWh (the spread is flat, so nothing more moves), and 6 kW of demand.
    const before = priceTariff(day, rate);
    expect(before.totals.totalCents).toBe(11_120);
    const energy = Math.round((56 + 4 / 0.9 - 4) * 0.2 * 100);
    expect(after.totals.totalCents).toBe(energy + 6_000);
    expect(result.dischargedKWh).toBeCloseTo(4, 3);
    // Charging never lifts the demand it guards: every quarter hour stays at or under the threshold.
    expect(Math.max(...result.series.delivered) * 4).toBeLessThanOrEqual(
      (result.thresholdsKw[0] as number) + 1e-9,
    );
    const study = batterySavings(day, rate, [battery]);
    expect(study.batteries[0]?.strategy).toBe('demand and arbitrage');
    expect(study.batteries[0]?.savingsCents).toBe((11_120 - energy - 6_000) * 365);
  });

  it('is held to its power when energy is plenty: 10 - 5 kW', () => {
    const big = { ...battery, energyKWh: 20 };
    expect(dispatch(day, rate, big).thresholdsKw[0]).toBeCloseTo(5, 3);
  });
});

describe('battery with solar exports', () => {
  // 2 kWh exported an hour from 10:00 to 14:00 (8 kWh), 1 kW imported from 18:00 to 22:00 (4 kWh).
  const solar = (t: SlotTime): readonly [number, number] => {
    if (t.hour >= 10 && t.hour < 14) return [0, 0.5];
    if (t.hour >= 18 && t.hour < 22) return [0.25, 0];
    return [0, 0];
  };
  const day = buildSeries(LA, WEDNESDAY, WEDNESDAY, solar);
  const flatNetBilling = flatTariff(0.3, {
    energyratestructure: [[{ rate: 0.3, sell: 0.05 }]],
    dgrules: 'Net Billing Instantaneous',
  });
  const battery: Battery = { powerKw: 2, energyKWh: 4, roundTripEfficiency: 0.8 };

  it('stores exports worth $0.05 for the evening import worth $0.30, and never exports itself', () => {
    const result = dispatch(day, flatNetBilling, battery);
    // 4 kWh given out in the evening, drawn as 5 kWh of the midday exports; the grid is never
    // worth charging from (0.30 / 0.8 > 0.30).
    expect(result.dischargedKWh).toBeCloseTo(4, 9);
    expect(result.chargedKWh).toBeCloseTo(5, 9);
    const exported = result.series.received.reduce((s, v) => s + v, 0);
    expect(exported).toBeCloseTo(3, 9);
    expect(result.series.delivered.reduce((s, v) => s + v, 0)).toBeCloseTo(0, 9);
    // Without: 4 × $0.30 - 8 × $0.05 = $0.80. With: 3 × $0.05 = $0.15 earned, nothing bought.
    expect(priceTariff(day, flatNetBilling).totals.totalCents).toBe(80);
    expect(priceTariff(result.series, flatNetBilling).totals.totalCents).toBe(-15);
    for (let i = 0; i < day.length; i++) {
      expect(result.series.received[i]).toBeLessThanOrEqual((day.received[i] as number) + 1e-12);
    }
  });
});

describe('battery invariants over two weeks of an uneven load with solar', () => {
  // Two weeks of July: a load that wanders, a midday solar hump, and a TOU tariff with a peak
  // demand charge. No clock change, so each local day is 96 quarter hours from the first slot.
  let seed = 7;
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed / 2_147_483_648;
  };
  const series = buildSeries(LA, '2023-07-03', '2023-07-16', (t) => {
    const hour = t.hour + t.minute / 60;
    const load = 0.1 + 0.4 * random() + (hour >= 17 && hour < 19 ? random() : 0);
    const sun = 0.6 * Math.max(0, Math.sin(((hour - 6) / 12) * Math.PI));
    const net = load - sun;
    return [Math.max(0, net), Math.max(0, -net)];
  });
  const rate = tou({
    demandratestructure: [[{ rate: 0 }], [{ rate: 8 }]],
    demandweekdayschedule: peakHours,
    demandweekendschedule: peakHours,
  });
  const batteries: Battery[] = [1, 2, 4].map((hours) => ({
    powerKw: 2,
    energyKWh: 2 * hours,
    roundTripEfficiency: 0.9,
  }));

  it('conserves energy, keeps its charge within capacity and each day starts and ends empty', () => {
    for (const battery of batteries) {
      const result = dispatch(series, rate, battery);
      expect(result.chargedKWh).toBeGreaterThan(0);
      expect(result.dischargedKWh).toBeCloseTo(result.chargedKWh * 0.9, 6);
      // Each rule broken is counted, slot by slot, so that one assertion names what went wrong.
      const broken = { both: 0, power: 0, load: 0, empty: 0, full: 0, meter: 0, dayEnd: 0 };
      for (let day = 0; day < series.length / 96; day++) {
        let stored = 0;
        for (let i = day * 96; i < (day + 1) * 96; i++) {
          const charge = result.charge[i] as number;
          const discharge = result.discharge[i] as number;
          if (charge > 0 && discharge > 0) broken.both++;
          if (Math.max(charge, discharge) > battery.powerKw / 4 + 1e-9) broken.power++;
          if (discharge > (series.delivered[i] as number) + 1e-9) broken.load++;
          stored += charge * 0.9 - discharge;
          if (stored < -1e-9) broken.empty++;
          if (stored > battery.energyKWh + 1e-9) broken.full++;
          const meter = Math.min(
            result.series.received[i] as number,
            result.series.delivered[i] as number,
          );
          if (meter < -1e-12) broken.meter++;
        }
        if (Math.abs(stored) > 1e-9) broken.dayEnd++;
      }
      expect(broken).toEqual({
        both: 0,
        power: 0,
        load: 0,
        empty: 0,
        full: 0,
        meter: 0,
        dayEnd: 0,
      });
    }
  });

  it('never costs more than no battery, and a bigger battery saves at least as much', () => {
    const study = batterySavings(series, rate, batteries);
    const savings = study.batteries.map((b) => b.savingsCents);
    expect(savings[0]).toBeGreaterThan(0);
    for (let k = 1; k < savings.length; k++) {
      expect(savings[k]).toBeGreaterThanOrEqual(savings[k - 1] as number);
    }
    for (const b of study.batteries) {
      expect(b.bill.annualCents).toBe(study.before.annualCents - b.savingsCents);
    }
    // On energy alone (no demand charge, no tiers) every move pays: the dispatch itself, before
    // any choice between strategies, prices below the bill without it.
    const energyOnly = tou();
    const before = priceTariff(series, energyOnly).totals.totalCents;
    for (const battery of batteries) {
      const after = priceTariff(dispatch(series, energyOnly, battery).series, energyOnly);
      expect(after.totals.totalCents).toBeLessThan(before);
    }
  });
});
