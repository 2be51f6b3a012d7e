import { describe, expect, it } from 'vitest';
import {
  type CanonicalSeries,
  exportEspiXml,
  exportIntervalCsv,
  importIntervals,
  qualityName,
  toCanonicalSeries,
} from './index.ts';

// A day and a half around the 2024 fall-back in Los Angeles: hourly rows (split into quarter
// hours), 15-minute rows, an estimated row, a gap, exports to the grid and costs.
const SOURCE = [
  'Interval Start,Interval End,Energy (kWh),Received (kWh),Cost,Quality',
  '2024-11-02T22:00:00-07:00,2024-11-02T23:00:00-07:00,1.2,0,0.36,',
  '2024-11-02T23:00:00-07:00,2024-11-03T00:00:00-07:00,0.8,0,0.24,Estimated',
  '2024-11-03T00:00:00-07:00,2024-11-03T00:15:00-07:00,0.2,0,0.05,',
  '2024-11-03T00:15:00-07:00,2024-11-03T00:30:00-07:00,0.1,0.05,0.02,',
  '2024-11-03T01:00:00-07:00,2024-11-03T01:00:00-08:00,0.4,0,0.1,',
  '2024-11-03T01:00:00-08:00,2024-11-03T02:00:00-08:00,0.3,0.1,,',
  '2024-11-03T12:00:00-08:00,2024-11-03T13:00:00-08:00,0,2.4,-0.5,',
].join('\n');

function original(): CanonicalSeries {
  return toCanonicalSeries(importIntervals(SOURCE));
}

function expectSameSeries(back: CanonicalSeries, series: CanonicalSeries) {
  expect(back.start).toBe(series.start);
  expect(back.length).toBe(series.length);
  expect(back.timeZone).toBe(series.timeZone);
  for (let i = 0; i < series.length; i++) {
    expect([i, back.delivered[i]]).toEqual([i, expect.closeTo(series.delivered[i] as number, 9)]);
    expect([i, back.received[i]]).toEqual([i, expect.closeTo(series.received[i] as number, 9)]);
    expect([i, qualityName(back.quality[i] as number)]).toEqual([
      i,
      qualityName(series.quality[i] as number),
    ]);
  }
}

describe('export and re-import', () => {
  const series = original();

  it('builds the series the exports start from', () => {
    expect(series.timeZone).toBe('America/Los_Angeles');
    expect(series.length).toBe(4 * 16);
    expect(series.delivered.reduce((a, b) => a + b, 0)).toBeCloseTo(3, 12);
    expect(series.received.reduce((a, b) => a + b, 0)).toBeCloseTo(2.55, 12);
    expect([...series.quality.slice(0, 9)].map(qualityName)).toEqual([
      'actual',
      'actual',
      'actual',
      'actual',
      'estimated',
      'estimated',
      'estimated',
      'estimated',
      'actual',
    ]);
    expect(qualityName(series.quality[10] as number)).toBe('missing');
  });

  it('writes the standard CSV with UTC and local starts, kWh in and out, net, quality and split', () => {
    const csv = exportIntervalCsv(series).split('\n');
    expect(csv[0]).toBe(
      'utc_start,local_start (America/Los_Angeles),kwh_delivered,kwh_received,kwh_net,quality,split_from_minutes',
    );
    expect(csv[1]).toBe('2024-11-03T05:00:00Z,2024-11-02T22:00:00-07:00,0.3,0,0.3,actual,60');
    expect(csv[9]).toBe('2024-11-03T07:00:00Z,2024-11-03T00:00:00-07:00,0.2,0,0.2,actual,');
    expect(csv[11]).toBe('2024-11-03T07:30:00Z,2024-11-03T00:30:00-07:00,,,,missing,');
    // The repeated hour: 01:00 twice, told apart by its offset.
    expect(csv[13]).toBe('2024-11-03T08:00:00Z,2024-11-03T01:00:00-07:00,0.1,0,0.1,actual,60');
    expect(csv[17]).toBe(
      '2024-11-03T09:00:00Z,2024-11-03T01:00:00-08:00,0.075,0.025,0.05,actual,60',
    );
    expect(csv).toHaveLength(series.length + 2);
  });

  it('re-imports its CSV to the same slots', () => {
    const back = importIntervals(exportIntervalCsv(series));
    expect(back.format).toBe('generic-csv');
    expect(back.metadata.timeZone).toBe('America/Los_Angeles');
    expectSameSeries(toCanonicalSeries(back), series);
  });

  it('re-imports its Green Button XML to the same slots and costs', () => {
    const xml = exportEspiXml(series, { updated: new Date('2025-01-01T00:00:00Z') });
    const back = importIntervals(xml);
    expect(back.format).toBe('espi-xml');
    expect(back.metadata.timeZone).toBe('America/Los_Angeles');
    expect(back.channels.map((c) => [c.direction, c.intervalSeconds])).toEqual([
      ['delivered', 900],
      ['received', 900],
    ]);
    const again = toCanonicalSeries(back);
    expectSameSeries(again, series);
    for (let i = 0; i < series.length; i++) {
      expect([i, again.cost[i]]).toEqual([i, expect.closeTo(series.cost[i] as number, 9)]);
    }
  });

  it('writes the same feed for the same series', () => {
    const updated = new Date('2025-01-01T00:00:00Z');
    expect(exportEspiXml(series, { updated })).toBe(exportEspiXml(original(), { updated }));
  });
});
