import { describe, expect, it } from 'vitest';
import { SLOT_MS, slotCalendar } from '../../intervals/index.ts';
import { flat, seriesOfKw } from '../testing/factories.ts';
import { dstDays } from './dst-days.ts';
import { daytimeShare, exportShare } from './hints.ts';
import { topPeaks } from './top-peaks.ts';

const HOUR = 3_600_000;

describe('daytimeShare', () => {
  it('counts delivered kWh in local 09:00-17:00 over all delivered kWh', () => {
    // 2024-01-01 in Los Angeles: 1 kW at night, 3 kW from 09:00 to 17:00: 24 of 40 kWh.
    const kW = flat(96, 1).map((v, i) => (i >= 36 && i < 68 ? 3 : v));
    const series = seriesOfKw(kW);
    const share = daytimeShare(series, slotCalendar(series));
    expect(share?.daytimeKWh).toBeCloseTo(24, 9);
    expect(share?.totalKWh).toBeCloseTo(40, 9);
    expect(share?.sharePct).toBeCloseTo(60, 9);
  });

  it('follows the local clock across spring forward', () => {
    // 2024-03-10, Los Angeles, a 23-hour day from 08:00Z: 5 kW while the local clock reads
    // 09:00-17:00 PDT (16:00Z-00:00Z), 1 kW otherwise: 40 of 55 kWh.
    const start = Date.parse('2024-03-10T08:00:00Z');
    const kW = flat(92, 1).map((v, i) => {
      const utcHour = new Date(start + i * SLOT_MS).getUTCHours();
      return utcHour >= 16 ? 5 : v;
    });
    const series = seriesOfKw(kW, { start });
    const share = daytimeShare(series, slotCalendar(series));
    expect(share?.sharePct).toBeCloseTo((40 / 55) * 100, 9);
  });

  it('gives nothing for a series without use', () => {
    const series = seriesOfKw(flat(96, 0));
    expect(daytimeShare(series, slotCalendar(series))).toBeUndefined();
  });
});

describe('exportShare', () => {
  it('is received over delivered kWh, with the net', () => {
    // 2 kW all day (48 kWh) delivered; 3 kW received for four hours (12 kWh).
    const received = flat(96, 0).map((v, i) => (i >= 44 && i < 60 ? 3 : v));
    const share = exportShare(seriesOfKw(flat(96, 2), { receivedKw: received }));
    expect(share?.receivedKWh).toBeCloseTo(12, 9);
    expect(share?.deliveredKWh).toBeCloseTo(48, 9);
    expect(share?.netKWh).toBeCloseTo(36, 9);
    expect(share?.sharePct).toBeCloseTo(25, 9);
  });

  it('is absent without an export channel', () => {
    expect(exportShare(seriesOfKw(flat(96, 2)))).toBeUndefined();
  });
});

describe('topPeaks', () => {
  it('ranks 15-minute intervals by demand, earlier first on ties, skipping missing ones', () => {
    const kW = flat(96, 1);
    kW[10] = 9;
    kW[50] = 7;
    kW[20] = 7;
    kW[30] = Number.NaN;
    const series = seriesOfKw(kW);
    const peaks = topPeaks(series);
    expect(peaks).toHaveLength(10);
    expect(peaks.slice(0, 3).map((p) => [(p.start - series.start) / SLOT_MS, p.kW, p.kWh])).toEqual(
      [
        [10, 9, 2.25],
        [20, 7, 1.75],
        [50, 7, 1.75],
      ],
    );
    expect(peaks[3]?.start).toBe(series.start);
    expect(peaks.some((p) => p.start === series.start + 30 * SLOT_MS)).toBe(false);
  });

  it('ranks hourly sources by hour, not as four equal quarter hours', () => {
    const kW = flat(96, 1).map((v, i) => (i >= 8 && i < 12 ? 6 : i >= 40 && i < 44 ? 4 : v));
    const series = { ...seriesOfKw(kW), sourceIntervalSeconds: 3600 };
    const [first, second] = topPeaks(series, 2);
    expect(first).toEqual({ start: series.start + 2 * HOUR, minutes: 60, kW: 6, kWh: 6 });
    expect(second).toEqual({ start: series.start + 10 * HOUR, minutes: 60, kW: 4, kWh: 4 });
  });
});

describe('dstDays', () => {
  it('finds the 23-hour spring-forward day with its 92 intervals', () => {
    const start = Date.parse('2024-03-09T08:00:00Z');
    const series = seriesOfKw(flat(96 + 92 + 96, 1), { start });
    expect(dstDays(series, slotCalendar(series))).toEqual([
      {
        date: '2024-03-10',
        kind: 'spring forward',
        hours: 23,
        expectedSlots: 92,
        slotsInSeries: 92,
        slotsWithData: 92,
      },
    ]);
  });

  it('finds the 25-hour fall-back day, and counts missing and outside slots', () => {
    // From local midnight (07:00Z, PDT): 25 hours of 15-minute slots, one missing.
    const kW = flat(100, 1);
    kW[5] = Number.NaN;
    const series = seriesOfKw(kW, { start: Date.parse('2024-11-03T07:00:00Z') });
    const [day] = dstDays(series, slotCalendar(series));
    expect(day).toMatchObject({
      date: '2024-11-03',
      kind: 'fall back',
      hours: 25,
      expectedSlots: 100,
    });
    expect(day?.slotsInSeries).toBe(100);
    expect(day?.slotsWithData).toBe(99);
    // A series starting after the change has no change in it.
    const late = seriesOfKw(flat(80, 1), { start: Date.parse('2024-11-03T12:00:00Z') });
    expect(dstDays(late, slotCalendar(late))).toEqual([]);
  });
});
