import { describe, expect, it } from 'vitest';
import { slotCalendar } from './calendar.ts';
import { importIntervals, toCanonicalSeries } from './index.ts';
import { isoWallClock } from './time/civil.ts';
import { zoneClock } from './time/zone-clock.ts';
import { zoneOfStandardOffset } from './time/zones.ts';

// Utilities abroad write their exports in their own local time, with their own daylight-saving
// days (Europe's last Sundays of March and October, Australia's in April and October, in the
// other direction). Given the provider's zone, a file is read there exactly as a US file is in
// its state's zone: start or end labels, newest first, import and export rows interleaved.

const QUARTER = 900_000;

/** Each zone with a spring-forward and a fall-back local day in 2024. */
const PLACES = [
  { zone: 'America/Toronto', forward: '2024-03-10', back: '2024-11-03' },
  { zone: 'Europe/London', forward: '2024-03-31', back: '2024-10-27' },
  { zone: 'Europe/Dublin', forward: '2024-03-31', back: '2024-10-27' },
  { zone: 'Australia/Sydney', forward: '2024-10-06', back: '2024-04-07' },
] as const;

const nextDay = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** 15-minute UTC starts covering the local day `day` and the day after, in `zone`. */
function quarterStarts(zone: string, day: string): number[] {
  const clock = zoneClock(zone);
  const startOf = (d: string) => clock.resolve(Date.parse(`${d}T00:00:00Z`));
  const starts: number[] = [];
  for (let t = startOf(day); t < startOf(nextDay(nextDay(day))); t += QUARTER) starts.push(t);
  return starts;
}

/** The local wall-clock label of a UTC instant, as the utility prints it. */
const wall = (zone: string, utc: number) =>
  isoWallClock(utc + zoneClock(zone).offsetAt(utc))
    .replace('T', ' ')
    .slice(0, 16);

/** Delivered kWh of the i-th quarter hour: a shape, so that neighbouring rows differ. */
const kWhAt = (i: number) => Math.round((0.2 + ((i * 7) % 11) / 100) * 1000) / 1000;
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

describe.each(PLACES)('a utility in $zone', ({ zone, forward, back }) => {
  for (const [change, day, hours] of [
    ['spring-forward', forward, 23],
    ['fall-back', back, 25],
  ] as const) {
    const starts = quarterStarts(zone, day);

    it(`reads the ${change} day of ${day} in local time: ${hours} hours of readings`, () => {
      const text = ['Date/Time,kWh', ...starts.map((s, i) => `${wall(zone, s)},${kWhAt(i)}`)];
      const imported = importIntervals(text.join('\n'), { timeZone: zone });
      const readings = imported.channels[0]?.readings ?? [];
      expect(imported.metadata.timeZone).toBe(zone);
      expect(readings.map((r) => r.start)).toEqual(starts);
      const series = toCanonicalSeries(imported);
      const calendar = slotCalendar(series);
      const dayNumber = Date.parse(`${day}T00:00:00Z`) / 86_400_000;
      expect(calendar.day.filter((d) => d === dayNumber)).toHaveLength(hours * 4);
      expect(sum(Array.from(series.delivered))).toBeCloseTo(sum(starts.map((_, i) => kWhAt(i))), 9);
    });

    it(`reads the ${change} day with end labels, newest first`, () => {
      const rows = starts.map((s, i) => `${wall(zone, s + QUARTER)},${kWhAt(i)}`).reverse();
      const imported = importIntervals(['Date/Time,kWh', ...rows].join('\n'), { timeZone: zone });
      const readings = [...(imported.channels[0]?.readings ?? [])].sort(
        (a, b) => a.start - b.start,
      );
      expect(readings.map((r) => r.start)).toEqual(starts);
      expect(readings.map((r) => r.kWh)).toEqual(starts.map((_, i) => kWhAt(i)));
    });
  }

  it('splits import and export rows interleaved in one file', () => {
    const starts = quarterStarts(zone, forward);
    const exportAt = (i: number) => (i % 96 >= 40 && i % 96 < 60 ? 0.5 : 0);
    const rows = starts.flatMap((s, i) => [
      `${wall(zone, s)},Import,${kWhAt(i)}`,
      `${wall(zone, s)},Export,${exportAt(i)}`,
    ]);
    const imported = importIntervals(['Date/Time,Direction,kWh', ...rows].join('\n'), {
      timeZone: zone,
    });
    const series = toCanonicalSeries(imported);
    expect(sum(Array.from(series.delivered))).toBeCloseTo(sum(starts.map((_, i) => kWhAt(i))), 9);
    expect(sum(Array.from(series.received))).toBeCloseTo(sum(starts.map((_, i) => exportAt(i))), 9);
  });
});

describe('a file giving only UTC offsets', () => {
  it('is read in the provider’s zone when the offsets fit it (Dublin and London share theirs)', () => {
    const zone = 'Europe/Dublin';
    const starts = quarterStarts(zone, '2024-03-31');
    const offset = (utc: number) => {
      const minutes = zoneClock(zone).offsetAt(utc) / 60_000;
      return minutes === 0 ? '+00:00' : '+01:00';
    };
    const rows = starts.map(
      (s, i) => `${wall(zone, s).replace(' ', 'T')}:00${offset(s)},${kWhAt(i)}`,
    );
    const text = ['Timestamp,kWh', ...rows].join('\n');
    expect(importIntervals(text, { timeZone: zone }).metadata.timeZone).toBe(zone);
    expect(importIntervals(text, { timeZone: 'Europe/London' }).metadata.timeZone).toBe(
      'Europe/London',
    );
  });
});

describe('a Green Button feed’s LocalTimeParameters', () => {
  it('finds a southern-hemisphere zone by its standard offset (summer in January)', () => {
    expect(zoneOfStandardOffset(10 * 3600, true)).toBe('Australia/Sydney');
    expect(zoneOfStandardOffset(10 * 3600, false)).toBe('Australia/Brisbane');
    expect(zoneOfStandardOffset(12 * 3600, true)).toBe('Pacific/Auckland');
  });

  it('takes the provider’s zone when it fits, and another that fits when it does not', () => {
    expect(zoneOfStandardOffset(0, true)).toBe('Europe/London');
    expect(zoneOfStandardOffset(0, true, 'Europe/Dublin')).toBe('Europe/Dublin');
    expect(zoneOfStandardOffset(-5 * 3600, true, 'Europe/Dublin')).toBe('America/New_York');
    expect(zoneOfStandardOffset(-5 * 3600, true, 'Not/AZone')).toBe('America/New_York');
  });
});
