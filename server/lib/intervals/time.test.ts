import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cursor, readDate, readDateTime, readTime } from './scan/dates.ts';
import { parseNumber } from './scan/numbers.ts';
import { civilFromDays, DAY_MS, daysFromCivil, isValidDate } from './time/civil.ts';
import { ZoneClock } from './time/zone-clock.ts';
import { zoneOfStandardOffset, zoneOfState } from './time/zones.ts';

const wall = (s: string) => Date.parse(`${s}Z`);
const iso = (ms: number) => new Date(ms).toISOString().replace('.000', '');

function intlOffset(timeZone: string, utc: number): number {
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  });
  const part = (type: string) =>
    Number(format.formatToParts(utc).find((p) => p.type === type)?.value);
  return (
    Date.UTC(
      part('year'),
      part('month') - 1,
      part('day'),
      part('hour'),
      part('minute'),
      part('second'),
    ) - utc
  );
}

describe('ZoneClock', () => {
  it('places exact, repeated and skipped wall-clock times', () => {
    const clock = new ZoneClock('America/Los_Angeles');
    expect(iso(clock.resolve(wall('2024-07-01T12:00:00')))).toBe('2024-07-01T19:00:00Z');
    expect(clock.kind).toBe('exact');
    expect(iso(clock.resolve(wall('2024-11-03T01:30:00')))).toBe('2024-11-03T08:30:00Z');
    expect([clock.kind, iso(clock.later)]).toEqual(['ambiguous', '2024-11-03T09:30:00Z']);
    expect(iso(clock.resolve(wall('2024-03-10T02:30:00')))).toBe('2024-03-10T10:30:00Z');
    expect(clock.kind).toBe('nonexistent');
  });

  it('handles southern-hemisphere DST and zones without DST', () => {
    const sydney = new ZoneClock('Australia/Sydney');
    expect(iso(sydney.resolve(wall('2024-04-07T02:30:00')))).toBe('2024-04-06T15:30:00Z');
    expect(sydney.kind).toBe('ambiguous');
    const phoenix = new ZoneClock('America/Phoenix');
    expect(phoenix.offsetAt(Date.parse('2024-01-15T00:00:00Z'))).toBe(-7 * 3_600_000);
    expect(phoenix.offsetAt(Date.parse('2024-07-15T00:00:00Z'))).toBe(-7 * 3_600_000);
  });

  it('agrees with Intl at any instant, in any order, across years', () => {
    const zones = [
      'America/New_York',
      'America/Anchorage',
      'Europe/London',
      'Australia/Lord_Howe',
      'Asia/Kolkata',
    ];
    fc.assert(
      fc.property(
        fc.constantFrom(...zones),
        fc.integer({ min: Date.parse('1990-01-01'), max: Date.parse('2040-01-01') }),
        (zone, t): void => {
          const utc = Math.floor(t / 60_000) * 60_000;
          const clock = new ZoneClock(zone);
          const offset = intlOffset(zone, utc);
          expect(clock.offsetAt(utc)).toBe(offset);
          const placed = clock.resolve(utc + offset);
          expect(placed === utc || (clock.kind === 'ambiguous' && clock.later === utc)).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('zones', () => {
  it('maps states by abbreviation or name, Arizona, Hawaii and Alaska included', () => {
    expect(zoneOfState('ca')).toBe('America/Los_Angeles');
    expect(zoneOfState(' New  York ')).toBe('America/New_York');
    expect(zoneOfState('Arizona')).toBe('America/Phoenix');
    expect(zoneOfState('HI')).toBe('Pacific/Honolulu');
    expect(zoneOfState('Alaska')).toBe('America/Anchorage');
    expect(zoneOfState('D.C.')).toBe('America/New_York');
    expect(zoneOfState('Ontario')).toBeUndefined();
  });

  it('maps ESPI standard offsets with and without DST', () => {
    expect(zoneOfStandardOffset(-18_000, true)).toBe('America/New_York');
    expect(zoneOfStandardOffset(-25_200, false)).toBe('America/Phoenix');
    expect(zoneOfStandardOffset(-25_200, true)).toBe('America/Denver');
    expect(zoneOfStandardOffset(-36_000, false)).toBe('Pacific/Honolulu');
  });
});

describe('calendar arithmetic', () => {
  it('converts days and civil dates both ways, like Date', () => {
    fc.assert(
      fc.property(fc.integer({ min: -200_000, max: 200_000 }), (days): void => {
        const { year, month, day } = civilFromDays(days);
        const date = new Date(days * DAY_MS);
        expect([year, month, day]).toEqual([
          date.getUTCFullYear(),
          date.getUTCMonth() + 1,
          date.getUTCDate(),
        ]);
        expect(daysFromCivil(year, month, day)).toBe(days);
      }),
    );
    expect(isValidDate(2024, 2, 29)).toBe(true);
    expect(isValidDate(2023, 2, 29)).toBe(false);
  });
});

describe('text readers', () => {
  const num = (s: string) => parseNumber(s, 0, s.length);

  it('read numbers as utilities write them, equal to Number()', () => {
    expect([
      num('0.38'),
      num(' "1,234.50" '),
      num('$0.01'),
      num('-$0.20'),
      num('$-0.20'),
      num('(1.5)'),
      num('2e3'),
    ]).toEqual([0.38, 1234.5, 0.01, -0.2, -0.2, -1.5, 2000]);
    expect([num(''), num('abc'), num('1.2.3'), num('12kWh')].every(Number.isNaN)).toBe(true);
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (x) => {
        // String(-0) is "0": the text carries no sign to read back.
        expect(num(String(x))).toBe(Object.is(x, -0) ? 0 : x);
      }),
    );
  });

  it('read dates, times and offsets', () => {
    const date = (s: string) => readDate(s, 0, s.length);
    expect([date('2024-02-29'), date('2/29/2024'), date('2/29/24'), date('2024/02/29')]).toEqual(
      Array(4).fill(daysFromCivil(2024, 2, 29)),
    );
    expect(Number.isNaN(date('2023-02-29'))).toBe(true);
    const time = (s: string) => readTime(s, 0, s.length);
    expect([
      time('12:00 AM'),
      time('12:30 PM'),
      time('1:05 pm'),
      time('23:59:59'),
      time('24:00'),
    ]).toEqual([0, 45_000_000, 47_100_000, 86_399_000, 86_400_000]);
    expect(Number.isNaN(time('13:00 PM'))).toBe(true);
    const text = '2024-11-03T01:00:00-08:00';
    expect(readDateTime(text, 0, text.length)).toBe(wall('2024-11-03T01:00:00'));
    expect(cursor.offset).toBe(-8 * 3_600_000);
    const nbsp = '2022-08-01\u00a000:15:00\u00a0to';
    expect(readDateTime(nbsp, 0, nbsp.length)).toBe(wall('2022-08-01T00:15:00'));
    expect(Number.isNaN(cursor.offset)).toBe(true);
  });
});
