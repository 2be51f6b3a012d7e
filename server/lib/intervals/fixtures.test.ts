// Real utility exports, kept in the fixtures folder beside the repository, must give exactly the
// figures computed for them independently of this project. Read in place, never copied.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { UTILITY_FIXTURES } from '../../test/utility-fixtures.ts';
import {
  analyze,
  assessQuality,
  type Channel,
  importIntervals,
  localDateOf,
  toCanonicalSeries,
} from './index.ts';

const FIXTURES = UTILITY_FIXTURES;
const read = (file: string) => new Uint8Array(readFileSync(path.join(FIXTURES, file)));

const iso = (ms: number) => new Date(ms).toISOString().replace('.000', '');
const kWhOf = (c: Channel) => c.readings.reduce((sum, r) => sum + r.kWh, 0);
const costOf = (c: Channel) => c.readings.reduce((sum, r) => sum + (r.cost ?? 0), 0);
const lastEnd = (c: Channel) => {
  const last = c.readings[c.readings.length - 1];
  return last ? last.start + last.duration * 1000 : Number.NaN;
};
const onlyChannel = (channels: Channel[]) => {
  expect(channels).toHaveLength(1);
  return channels[0] as Channel;
};
const perLocalDay = (c: Channel, timeZone: string) => {
  const days = new Map<string, number>();
  for (const r of c.readings) {
    const day = localDateOf(r.start, timeZone);
    days.set(day, (days.get(day) ?? 0) + 1);
  }
  return days;
};

describe('Green Button Alliance 15-minute file with cost and UsageSummary', () => {
  const imported = importIntervals(read('espi/gba_openespi_15min_14days_cost_usagesummary.xml'));
  const channel = onlyChannel(imported.channels);

  it('reads 1,340 Wh intervals of 900 s, delivered, in US Eastern', () => {
    expect(imported.format).toBe('espi-xml');
    expect(channel.direction).toBe('delivered');
    expect(channel.intervalSeconds).toBe(900);
    expect(channel.readings).toHaveLength(1340);
    expect(kWhOf(channel)).toBeCloseTo(1391.666, 9);
    expect(iso(channel.readings[0]?.start ?? 0)).toBe('2012-03-01T05:00:00Z');
    expect(iso(lastEnd(channel))).toBe('2012-03-15T04:00:00Z');
    expect(imported.metadata.timeZone).toBe('America/New_York');
    expect(imported.metadata.timeZoneSource).toBe('file');
  });

  it('has no gaps or duplicates, and 92 intervals on the spring-forward day', () => {
    expect(channel.gaps).toEqual([]);
    expect(imported.metadata.duplicatesRemoved).toBe(0);
    expect(perLocalDay(channel, 'America/New_York').get('2012-03-11')).toBe(92);
    const series = toCanonicalSeries(imported);
    expect(analyze(series).daily.find((d) => d.date === '2012-03-11')?.slots).toBe(92);
  });

  it('sums the per-interval cost (1/100,000 dollars) to $149.99132', () => {
    expect(costOf(channel)).toBeCloseTo(149.99132, 9);
  });

  it('reads the UsageSummary and reconciles it with the intervals exactly', () => {
    expect(imported.metadata.bills).toEqual([
      {
        periodStart: Date.parse('2012-03-01T05:00:00Z'),
        periodSeconds: 1_119_600,
        billAmount: 152.52,
        consumptionKWh: 1298.64,
        currency: 'USD',
        billToDate: 11.49,
        additionalCost: 13.46,
        currentPeriodKWh: 93.026,
        lineItems: [],
      },
    ]);
    const [bill] = assessQuality(imported, toCanonicalSeries(imported)).reconciliation;
    expect(bill?.matches).toBe(true);
    expect(bill?.intervalKWh).toBeCloseTo(1298.64, 9);
    expect(bill?.coveragePct).toBe(100);
  });
});

describe('Green Button hourly nine-day file with bill', () => {
  const imported = importIntervals(read('espi/gba_hourly_9days_cost_bill.xml'));
  const channel = onlyChannel(imported.channels);

  it('gives 216 hourly intervals, 199.563 kWh, $22.05567, no gaps', () => {
    expect(channel.readings).toHaveLength(216);
    expect(channel.intervalSeconds).toBe(3600);
    expect(kWhOf(channel)).toBeCloseTo(199.563, 9);
    expect(costOf(channel)).toBeCloseTo(22.05567, 9);
    expect(iso(channel.readings[0]?.start ?? 0)).toBe('2014-01-01T05:00:00Z');
    expect(iso(lastEnd(channel))).toBe('2014-01-10T05:00:00Z');
    expect(channel.gaps).toEqual([]);
  });

  it('states a $22.08 bill of 199,563 Wh that equals the intervals', () => {
    const bill = imported.metadata.bills[0];
    expect(bill?.billAmount).toBe(22.08);
    expect(bill?.consumptionKWh).toBe(199.563);
    const [check] = assessQuality(imported, toCanonicalSeries(imported)).reconciliation;
    expect(check?.intervalKWh).toBeCloseTo(199.563, 9);
    // The bill's period is 28 days and the file's intervals cover 9 of them: equal sums over a
    // third of the period prove nothing, so there is no verdict, only the coverage.
    expect(check?.coveragePct).toBeCloseTo((9 / 28) * 100, 9);
    expect(check?.matches).toBeUndefined();
    expect(check?.verdictNote).toBe('intervals cover 32.1% of the period; no verdict below 95%');
    expect(check?.statedCost).toBe(22.08);
    expect(check?.intervalCost).toBeCloseTo(22.05567, 9);
  });

  it('splits each hour evenly into four 15-minute slots marked as split', () => {
    const series = toCanonicalSeries(imported);
    expect(series.length).toBe(864);
    expect(series.delivered[0]).toBeCloseTo((channel.readings[0]?.kWh ?? 0) / 4, 12);
    expect([...series.split].every((s) => s === 1)).toBe(true);
  });
});

describe('UtilityAPI export, descending, with an unreferenced therm ReadingType', () => {
  const imported = importIntervals(read('espi/utilityapi_apuc_hourly_descending.xml'));
  const channel = onlyChannel(imported.channels);

  it('ignores the therm ReadingType nobody references', () => {
    expect(imported.metadata.ignored).toEqual([
      'ReadingType ReadingType/02 (uom 169) is not referenced by any MeterReading',
    ]);
  });

  it('gives 300 intervals, 248.530 kWh, in ascending order, no gaps or duplicates', () => {
    expect(channel.readings).toHaveLength(300);
    expect(kWhOf(channel)).toBeCloseTo(248.53, 9);
    expect(iso(channel.readings[0]?.start ?? 0)).toBe('2023-02-22T18:00:00Z');
    expect(iso(lastEnd(channel))).toBe('2023-03-07T06:00:00Z');
    expect(
      channel.readings.every((r, i, all) => i === 0 || r.start > (all[i - 1]?.start ?? 0)),
    ).toBe(true);
    expect(channel.gaps).toEqual([]);
    expect(imported.metadata.duplicatesRemoved).toBe(0);
  });

  it('takes the zone from the non-standard <timezone> offsets', () => {
    expect(imported.metadata.timeZone).toBe('America/New_York');
    expect(imported.metadata.timeZoneSource).toBe('file');
  });
});

describe('PG&E Download My Data, hourly, one year', () => {
  const imported = importIntervals(read('csv/pge_dmd_hourly_2024-02-01_to_2025-01-31.csv'));
  const channel = onlyChannel(imported.channels);
  const days = perLocalDay(channel, 'America/Los_Angeles');

  it('reads the preamble after a line holding only the byte-order mark', () => {
    expect(imported.format).toBe('pge-csv');
    expect(imported.metadata).toMatchObject({
      customerName: 'SAMPLE CUSTOMER',
      address: '123 FOO ST, SAN FRANCISCO CA 941141509',
      accountNumber: '0123456789',
      serviceId: 'Service 1',
      timeZone: 'America/Los_Angeles',
    });
  });

  it('gives 8,783 rows, 1,668.51 kWh and $651.19 over 366 local days', () => {
    expect(channel.readings).toHaveLength(8783);
    expect(kWhOf(channel)).toBeCloseTo(1668.51, 9);
    expect(costOf(channel)).toBeCloseTo(651.19, 9);
    expect(iso(channel.readings[0]?.start ?? 0)).toBe('2024-02-01T08:00:00Z');
    expect(iso(channel.readings[channel.readings.length - 1]?.start ?? 0)).toBe(
      '2025-02-01T07:00:00Z',
    );
    expect(iso(lastEnd(channel))).toBe('2025-02-01T08:00:00Z');
    expect(days.size).toBe(366);
    expect(channel.gaps).toEqual([]);
  });

  it('maps the non-existent 02:00 of 2024-03-10 to 03:00 PDT (23 rows, continuous)', () => {
    expect(days.get('2024-03-10')).toBe(23);
    const spring = channel.readings.filter(
      (r) => localDateOf(r.start, 'America/Los_Angeles') === '2024-03-10',
    );
    expect(spring.slice(0, 4).map((r) => iso(r.start))).toEqual([
      '2024-03-10T08:00:00Z',
      '2024-03-10T09:00:00Z',
      '2024-03-10T10:00:00Z',
      '2024-03-10T11:00:00Z',
    ]);
    expect(spring[2]?.dst).toBe('nonexistent');
  });

  it('reads the folded 01:00 row of 2024-11-03 as two hours (24 rows)', () => {
    expect(days.get('2024-11-03')).toBe(24);
    const folded = channel.readings.filter((r) => r.dst === 'folded');
    expect(folded).toHaveLength(1);
    expect(iso(folded[0]?.start ?? 0)).toBe('2024-11-03T08:00:00Z');
    expect(folded[0]?.duration).toBe(7200);
    expect(folded[0]?.kWh).toBe(0.24);
    expect(imported.metadata.dstEvents.map((e) => [e.kind, e.label, e.at])).toEqual([
      ['nonexistent', '2024-03-10 02:00', 'line 922'],
      ['folded', '2024-11-03 01:00', 'line 6632'],
    ]);
  });

  it('marks the rows PG&E notes as estimated', () => {
    expect(channel.readings.filter((r) => r.quality === 'estimated')).toHaveLength(2);
  });

  it('gives a canonical series of 35,136 slots with the same totals', () => {
    const analytics = analyze(toCanonicalSeries(imported));
    expect(analytics.deliveredKWh).toBeCloseTo(1668.51, 9);
    expect(analytics.cost).toBeCloseTo(651.19, 9);
    expect(analytics.monthly).toHaveLength(12);
    expect(analytics.end - analytics.start).toBe(35_136 * 900_000);
  });
});
