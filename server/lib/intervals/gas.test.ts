import { describe, expect, it } from 'vitest';
import { analyzeGas, exportGasCsv, KWH_PER_THERM } from './gas.ts';
import { importIntervals } from './index.ts';
import { writeGasEspiXml } from './testing/synthetic-gas-espi.ts';

const DAY = 86_400;
/** UTC seconds of a local midnight in US Eastern standard time (no DST in the dates used). */
const est = (date: string) => Date.parse(`${date}T05:00:00Z`) / 1000;
const close = (a: number, b: number) => expect(a).toBeCloseTo(b, 9);

describe('gas in Green Button files', () => {
  it('reads daily therms with their multiplier and costs, by month and per therm', () => {
    // 40 days from Jan 15: 17 in January, 23 in February. Values in hundredths of a therm.
    const readings = Array.from({ length: 40 }, (_, i) => ({
      start: est('2024-01-15') + i * DAY,
      duration: DAY,
      value: 250 + i * 7,
      cost: Number((1.2 * ((250 + i * 7) / 100)).toFixed(2)),
    }));
    const imported = importIntervals(
      writeGasEspiXml({ uom: 169, powerOfTenMultiplier: -2, intervalLength: DAY, readings }),
    );
    expect(imported.channels).toEqual([]);
    const gas = imported.gas;
    expect(gas?.unit).toBe('therm');
    expect(gas?.timeZone).toBe('America/New_York');
    expect(gas?.periods).toHaveLength(40);
    expect(gas?.periods[0]).toEqual({
      start: Date.parse('2024-01-15T05:00:00Z'),
      end: Date.parse('2024-01-16T05:00:00Z'),
      quantity: 2.5,
      cost: 3,
    });

    const therms = readings.map((r) => r.value / 100);
    const costs = readings.map((r) => r.cost);
    const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
    const analytics = analyzeGas(gas ?? expect.fail('no gas'));
    close(analytics.total, sum(therms));
    close(analytics.cost ?? Number.NaN, sum(costs));
    close(analytics.costPerUnit ?? Number.NaN, sum(costs) / sum(therms));
    close(analytics.kWhEquivalent ?? Number.NaN, sum(therms) * KWH_PER_THERM);
    expect(analytics.periodSeconds).toBe(DAY);
    expect(analytics.monthly.map((m) => [m.month, m.days, m.split])).toEqual([
      ['2024-01', 17, false],
      ['2024-02', 23, false],
    ]);
    close(analytics.monthly[0]?.quantity ?? 0, sum(therms.slice(0, 17)));
    close(analytics.monthly[1]?.quantity ?? 0, sum(therms.slice(17)));
    close(analytics.monthly[1]?.cost ?? 0, sum(costs.slice(17)));
    expect(analytics.notes).toEqual([]);
  });

  it('keeps monthly ccf as ccf and shares a billing period between its months by days', () => {
    // Billing periods from local midnight to local midnight; the second one crosses the
    // spring-forward day (March 10), so it is 31 days of 24 hours less one hour.
    const jan10 = est('2024-01-10');
    const feb9 = est('2024-02-09');
    const mar11 = Date.parse('2024-03-11T04:00:00Z') / 1000; // EDT from March 10
    const apr10 = Date.parse('2024-04-10T04:00:00Z') / 1000;
    const readings = [
      { start: jan10, duration: feb9 - jan10, value: 60, cost: 78.6 },
      { start: feb9, duration: mar11 - feb9, value: 93, cost: 121.77 },
      { start: mar11, duration: apr10 - mar11, value: 41, cost: 55.35 },
    ];
    const imported = importIntervals(
      writeGasEspiXml({ uom: 119, powerOfTenMultiplier: 2, readings }),
    );
    const gas = imported.gas ?? expect.fail('no gas');
    expect(gas.unit).toBe('ccf');
    expect(gas.periods.map((p) => p.quantity)).toEqual([60, 93, 41]);

    const a = analyzeGas(gas);
    close(a.total, 194);
    close(a.cost ?? 0, 78.6 + 121.77 + 55.35);
    close(a.costPerUnit ?? 0, (78.6 + 121.77 + 55.35) / 194);
    expect(a.kWhEquivalent).toBeUndefined();
    // Jan 10-31 is 22 of the first period's 30 days; Feb 9-29 is 21 of the second's 31;
    // Mar 11-31 is 21 of the third's 30.
    const months = a.monthly.map((m) => m.month);
    expect(months).toEqual(['2024-01', '2024-02', '2024-03', '2024-04']);
    close(a.monthly[0]?.quantity ?? 0, (60 * 22) / 30);
    close(a.monthly[1]?.quantity ?? 0, (60 * 8) / 30 + (93 * 21) / 31);
    close(a.monthly[2]?.quantity ?? 0, (93 * 10) / 31 + (41 * 21) / 30);
    close(a.monthly[3]?.quantity ?? 0, (41 * 9) / 30);
    close(a.monthly[2]?.cost ?? 0, (121.77 * 10) / 31 + (55.35 * 21) / 30);
    expect(a.monthly.map((m) => m.days)).toEqual([22, 29, 31, 9]);
    expect(a.monthly.every((m) => m.split)).toBe(true);
    expect(a.notes).toEqual([
      '3 readings span two or more calendar months; each was shared between its months by the days it covers in each',
    ]);
  });

  it('reads cubic metres (uom 42) and cubic feet (uom 119) in their own unit', () => {
    const m3 = importIntervals(
      writeGasEspiXml({
        uom: 42,
        powerOfTenMultiplier: -1,
        intervalLength: DAY,
        readings: [
          { start: est('2024-01-01'), value: 52 },
          { start: est('2024-01-02'), value: 48 },
        ],
      }),
    ).gas;
    expect(m3?.unit).toBe('m3');
    expect(m3?.periods.map((p) => p.quantity)).toEqual([5.2, 4.8]);
    const a = analyzeGas(m3 ?? expect.fail('no gas'));
    close(a.total, 10);
    expect(a.cost).toBeUndefined();
    expect(a.costPerUnit).toBeUndefined();
    expect(a.kWhEquivalent).toBeUndefined();

    const ft3 = importIntervals(
      writeGasEspiXml({
        uom: 119,
        intervalLength: DAY,
        readings: [{ start: est('2024-01-01'), value: 310 }],
      }),
    ).gas;
    expect([ft3?.unit, ft3?.periods[0]?.quantity]).toEqual(['ft3', 310]);
  });

  it('reads a file of electricity and gas into both', () => {
    const start = est('2024-01-01');
    const imported = importIntervals(
      writeGasEspiXml({
        uom: 169,
        intervalLength: DAY,
        readings: [{ start, value: 3, cost: 4.5 }],
        electric: Array.from({ length: 24 }, (_, h) => ({ start: start + h * 3600, wh: 500 })),
      }),
    );
    expect(imported.channels.map((c) => [c.direction, c.readings.length])).toEqual([
      ['delivered', 24],
    ]);
    expect(imported.channels[0]?.readings.reduce((s, r) => s + r.kWh, 0)).toBe(12);
    expect(imported.gas?.periods).toEqual([
      { start: start * 1000, end: (start + DAY) * 1000, quantity: 3, cost: 4.5 },
    ]);
  });

  it('refuses a gas ReadingType without a uom, empty or absent, and a reading without a length', () => {
    const readings = [{ start: est('2024-01-01'), duration: DAY, value: 3 }];
    for (const uom of [null, undefined]) {
      expect(() => importIntervals(writeGasEspiXml({ uom, readings }))).toThrow(
        /ReadingType https:\/\/utility\.example\/.*\/ReadingType\/20: gives no uom for the gas readings of MeterReading .*; nothing was imported/,
      );
    }
    expect(() =>
      importIntervals(writeGasEspiXml({ uom: 169, readings: [{ start: 1, value: 3 }] })),
    ).toThrow(
      /<IntervalReading> at line \d+: is a gas reading with no duration, and its ReadingType gives no intervalLength/,
    );
  });

  it('leaves out a flow rate (uom 125, m³/h) rather than summing it as a volume', () => {
    const readings = [{ start: est('2024-01-01'), duration: DAY, value: 3 }];
    expect(() => importIntervals(writeGasEspiXml({ uom: 125, readings }))).toThrow(
      'no IntervalReading of electric energy or gas in the file',
    );
  });

  it('writes the periods as CSV in their unit, therms with the kWh figure labelled', () => {
    const start = est('2024-01-01');
    const gas = importIntervals(
      writeGasEspiXml({
        uom: 169,
        powerOfTenMultiplier: -3,
        intervalLength: DAY,
        readings: [
          { start, value: 2125, cost: 3.19 },
          { start: start + DAY, value: 1000 },
        ],
      }),
    ).gas;
    expect(exportGasCsv(gas ?? expect.fail('no gas')).split('\n')).toEqual([
      'utc_start,utc_end,local_start (America/New_York),local_end (America/New_York),quantity_therm,cost,quality,kwh_equivalent (1 therm = 29.3071 kWh)',
      '2024-01-01T05:00:00Z,2024-01-02T05:00:00Z,2024-01-01T00:00:00-05:00,2024-01-02T00:00:00-05:00,2.125,3.19,actual,62.278',
      '2024-01-02T05:00:00Z,2024-01-03T05:00:00Z,2024-01-02T00:00:00-05:00,2024-01-03T00:00:00-05:00,1,,actual,29.307',
      '',
    ]);
  });
});
