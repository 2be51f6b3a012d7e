import { describe, expect, it } from 'vitest';
import { IntervalImportError, importIntervals } from './index.ts';

const iso = (ms: number) => new Date(ms).toISOString().replace('.000', '');
const rowsOf = (text: string, options = {}) =>
  importIntervals(text, options).channels.map((c) => [
    c.direction,
    c.readings.map((r) => [iso(r.start), r.duration, r.kWh]),
  ]);

describe('generic CSV', () => {
  it('reads local timestamps and kWh in the zone given by the caller', () => {
    const text = 'Timestamp,Usage (kWh)\n2024-01-15 00:00,0.5\n2024-01-15 00:15,0.25\n';
    expect(rowsOf(text, { timeZone: 'America/Denver' })).toEqual([
      [
        'delivered',
        [
          ['2024-01-15T07:00:00Z', 900, 0.5],
          ['2024-01-15T07:15:00Z', 900, 0.25],
        ],
      ],
    ]);
  });

  it('turns a kW column into kWh over each interval', () => {
    const text =
      'Interval Start,Demand (kW)\n2024-01-15 00:00,4\n2024-01-15 00:15,2\n2024-01-15 00:30,1\n';
    expect(rowsOf(text, { timeZone: 'America/Denver' })[0]?.[1]).toEqual([
      ['2024-01-15T07:00:00Z', 900, 1],
      ['2024-01-15T07:15:00Z', 900, 0.5],
      ['2024-01-15T07:30:00Z', 900, 0.25],
    ]);
  });

  it('prefers the kWh column when kW and kWh are both there', () => {
    const text =
      'Interval Start,Demand (kW),Energy (kWh)\n2024-01-15 00:00,4,0.9\n2024-01-15 00:15,2,0.6\n';
    expect(rowsOf(text, { timeZone: 'UTC' })[0]?.[1]).toEqual([
      ['2024-01-15T00:00:00Z', 900, 0.9],
      ['2024-01-15T00:15:00Z', 900, 0.6],
    ]);
  });

  it('uses the columns the caller names over its guesses', () => {
    const text = 'When,Reading A,Reading B\n2024-01-15 00:00,10,3\n2024-01-15 01:00,20,4\n';
    const options = { timeZone: 'UTC', columns: { timestamp: 'when', kWh: 'Reading B' } };
    expect(rowsOf(text, options)[0]?.[1]).toEqual([
      ['2024-01-15T00:00:00Z', 3600, 3],
      ['2024-01-15T01:00:00Z', 3600, 4],
    ]);
    expect(() => importIntervals(text, { timeZone: 'UTC', columns: { kWh: 'Reading C' } })).toThrow(
      'generic CSV, options: column "Reading C" is not in the header (When, Reading A, Reading B)',
    );
  });

  it('reads date and time columns with M/D/YY dates and a 12-hour clock, after a preamble', () => {
    const text =
      'Account,555\nMeter,M-1\n\nDate,Time,kWh\n1/15/24,12:00 AM,1.5\n1/15/24,1:00 PM,2\n';
    const imported = importIntervals(text, { timeZone: 'UTC' });
    expect(imported.metadata.accountNumber).toBe('555');
    expect(imported.metadata.meterNumber).toBe('M-1');
    expect(imported.channels[0]?.readings.map((r) => [iso(r.start), r.kWh])).toEqual([
      ['2024-01-15T00:00:00Z', 1.5],
      ['2024-01-15T13:00:00Z', 2],
    ]);
  });

  it('takes instants from offsets and infers the zone they belong to', () => {
    const text = 'timestamp,kwh\n2024-07-01T00:00:00-05:00,1\n2024-07-01T01:00:00-05:00,2\n';
    const imported = importIntervals(text);
    expect(imported.metadata.timeZone).toBe('America/Chicago');
    expect(imported.metadata.timeZoneSource).toBe('file');
    expect(imported.channels[0]?.readings.map((r) => [iso(r.start), r.duration])).toEqual([
      ['2024-07-01T05:00:00Z', 3600],
      ['2024-07-01T06:00:00Z', 3600],
    ]);
  });

  it('moves interval-end labels back to the start', () => {
    const text = 'Interval End,kWh\n2024-01-15 00:15,1\n2024-01-15 00:30,2\n';
    expect(rowsOf(text, { timeZone: 'UTC' })[0]?.[1]).toEqual([
      ['2024-01-15T00:00:00Z', 900, 1],
      ['2024-01-15T00:15:00Z', 900, 2],
    ]);
  });

  it('reads semicolon files with quoted numbers and thousands separators', () => {
    const text =
      'Start;End;Energy (Wh)\n"2024-01-15 00:00";"2024-01-15 01:00";"1,250"\n"2024-01-15 01:00";"2024-01-15 02:00";"750.5"\n';
    expect(rowsOf(text, { timeZone: 'UTC' })[0]?.[1]).toEqual([
      ['2024-01-15T00:00:00Z', 3600, 1.25],
      ['2024-01-15T01:00:00Z', 3600, 0.7505],
    ]);
  });

  it('splits rows by a direction column into delivered and received', () => {
    const text =
      'Timestamp,Direction,kWh\n2024-06-01 12:00,Delivered,0.2\n2024-06-01 12:00,Received,1.4\n2024-06-01 13:00,Delivered,0.1\n2024-06-01 13:00,Received,1.1\n';
    expect(rowsOf(text, { timeZone: 'UTC' })).toEqual([
      [
        'delivered',
        [
          ['2024-06-01T12:00:00Z', 3600, 0.2],
          ['2024-06-01T13:00:00Z', 3600, 0.1],
        ],
      ],
      [
        'received',
        [
          ['2024-06-01T12:00:00Z', 3600, 1.4],
          ['2024-06-01T13:00:00Z', 3600, 1.1],
        ],
      ],
    ]);
  });

  it('keeps a repeated fall-back hour in order and maps a skipped spring hour', () => {
    const fall =
      'Timestamp,kWh\n2024-11-03 00:00,1\n2024-11-03 01:00,2\n2024-11-03 01:00,3\n2024-11-03 02:00,4\n';
    expect(rowsOf(fall, { state: 'NY' })[0]?.[1]).toEqual([
      ['2024-11-03T04:00:00Z', 3600, 1],
      ['2024-11-03T05:00:00Z', 3600, 2],
      ['2024-11-03T06:00:00Z', 3600, 3],
      ['2024-11-03T07:00:00Z', 3600, 4],
    ]);
    const spring = 'Timestamp,kWh\n2024-03-10 01:00,1\n2024-03-10 02:00,2\n2024-03-10 04:00,3\n';
    expect(rowsOf(spring, { state: 'New York' })[0]?.[1]).toEqual([
      ['2024-03-10T06:00:00Z', 3600, 1],
      ['2024-03-10T07:00:00Z', 3600, 2],
      ['2024-03-10T08:00:00Z', 3600, 3],
    ]);
  });

  it('takes the zone from the provider state: Arizona has no DST, Hawaii and Alaska their own', () => {
    const text = 'Timestamp,kWh\n2024-07-01 00:00,1\n2024-07-01 01:00,1\n';
    const first = (state: string) =>
      iso(importIntervals(text, { state }).channels[0]?.readings[0]?.start ?? 0);
    expect(first('AZ')).toBe('2024-07-01T07:00:00Z');
    expect(first('California')).toBe('2024-07-01T07:00:00Z');
    expect(first('Hawaii')).toBe('2024-07-01T10:00:00Z');
    expect(first('ak')).toBe('2024-07-01T08:00:00Z');
    expect(importIntervals(text, { state: 'AZ', timeZone: 'UTC' }).metadata).toMatchObject({
      timeZone: 'America/Phoenix',
      timeZoneSource: 'state',
    });
  });

  it('refuses local times without a zone, and unknown states or zones', () => {
    const text = 'Timestamp,kWh\n2024-07-01 00:00,1\n';
    expect(() => importIntervals(text)).toThrow(
      'generic CSV, options: the file does not say its time zone; give the provider state or a time zone',
    );
    expect(() => importIntervals(text, { state: 'Atlantis' })).toThrow(
      'generic CSV, options: unknown US state "Atlantis"',
    );
    expect(() => importIntervals(text, { timeZone: 'Mars/Olympus' })).toThrow(
      'generic CSV, options: unknown time zone "Mars/Olympus"',
    );
  });

  it('names the line and column of text where a number belongs', () => {
    const text = 'Timestamp,kWh\n2024-07-01 00:00,1\n2024-07-01 01:00,one\n';
    const error = (() => {
      try {
        importIntervals(text, { timeZone: 'UTC' });
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(IntervalImportError);
    expect((error as IntervalImportError).message).toBe(
      'generic CSV, line 3: kWh is "one", not a number',
    );
    expect((error as IntervalImportError).format).toBe('generic CSV');
  });

  it('says which file is not a supported format', () => {
    expect(() => importIntervals('name,colour\napple,red\npear,green\n')).toThrow(
      'generic CSV, line 1: no column with interval times in the header (name, colour)',
    );
    // After a preamble, the header's own line is named, not the first data line after it.
    expect(() =>
      importIntervals('Name,Jane Doe\nAccount,42\n\nMeter,Colour,Note\nA,red,x\nB,blue,y\n'),
    ).toThrow(
      'generic CSV, line 4: no column with interval times in the header (Meter, Colour, Note)',
    );
    expect(() =>
      importIntervals('Name,Jane Doe\n\nTimestamp,Colour\n2024-01-01 00:00,red\n'),
    ).toThrow('generic CSV, line 3: no kWh, Wh or kW column in the header (Timestamp, Colour)');
    expect(() => importIntervals('<html><body>Sign in</body></html>')).toThrow(
      'XML, <html>: is not a Green Button (ESPI) feed',
    );
    expect(() => importIntervals(new Uint8Array())).toThrow(
      'interval file, line 1: the file is empty',
    );
  });
});
