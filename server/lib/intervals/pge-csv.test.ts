import { describe, expect, it } from 'vitest';
import { IntervalImportError, importIntervals } from './index.ts';

const iso = (ms: number) => new Date(ms).toISOString().replace('.000', '');

const preamble = [
  '\ufeff',
  'Name,TEST',
  'Address,"1 A ST, OAKLAND CA"',
  'Account Number,42',
  'Service,Service 7',
  '',
];
const file = (rows: string[], header = 'TYPE,DATE,START TIME,END TIME,USAGE (kWh),COST,NOTES') =>
  [...preamble, header, ...rows].join('\r\n');

describe('PG&E CSV', () => {
  it('reads inclusive end times, $ costs, credits, estimate notes and short rows', () => {
    const imported = importIntervals(
      file([
        'Electric usage,2024-06-01,00:00,00:14,0.25,$0.08',
        'Electric usage,2024-06-01,00:15,00:29,"1,002.50","$1,000.00",',
        'Electric usage,2024-06-01,00:30,00:44,0.10,-$0.20,* This data was estimated',
        'Electric usage,2024-06-01,00:45,00:59,0.00,',
      ]),
    );
    expect(imported.format).toBe('pge-csv');
    expect(imported.metadata.accountNumber).toBe('42');
    const [channel] = imported.channels;
    expect(
      channel?.readings.map((r) => [iso(r.start), r.duration, r.kWh, r.cost, r.quality]),
    ).toEqual([
      ['2024-06-01T07:00:00Z', 900, 0.25, 0.08, 'actual'],
      ['2024-06-01T07:15:00Z', 900, 1002.5, 1000, 'actual'],
      ['2024-06-01T07:30:00Z', 900, 0.1, -0.2, 'estimated'],
      ['2024-06-01T07:45:00Z', 900, 0, undefined, 'actual'],
    ]);
  });

  it('maps the non-existent 02:00 of a spring-forward day to the hour after 01:00', () => {
    const imported = importIntervals(
      file([
        'Electric usage,2024-03-10,01:00,01:59,1,',
        'Electric usage,2024-03-10,02:00,02:59,2,',
        'Electric usage,2024-03-10,04:00,04:59,3,',
      ]),
    );
    const readings = imported.channels[0]?.readings ?? [];
    expect(readings.map((r) => [iso(r.start), r.duration, r.dst])).toEqual([
      ['2024-03-10T09:00:00Z', 3600, undefined],
      ['2024-03-10T10:00:00Z', 3600, 'nonexistent'],
      ['2024-03-10T11:00:00Z', 3600, undefined],
    ]);
    expect(imported.channels[0]?.gaps).toEqual([]);
  });

  it('reads a 01:00 row written once at fall-back as a folded double hour', () => {
    const imported = importIntervals(
      file([
        'Electric usage,2024-11-03,00:00,00:59,1,',
        'Electric usage,2024-11-03,01:00,01:59,2.2,',
        'Electric usage,2024-11-03,02:00,02:59,1,',
      ]),
    );
    const readings = imported.channels[0]?.readings ?? [];
    expect(readings.map((r) => [iso(r.start), r.duration, r.kWh, r.dst])).toEqual([
      ['2024-11-03T07:00:00Z', 3600, 1, undefined],
      ['2024-11-03T08:00:00Z', 7200, 2.2, 'folded'],
      ['2024-11-03T10:00:00Z', 3600, 1, undefined],
    ]);
    expect(imported.metadata.dstEvents).toEqual([
      {
        kind: 'folded',
        label: '2024-11-03 01:00',
        start: Date.parse('2024-11-03T08:00:00Z'),
        at: 'line 9',
      },
    ]);
  });

  it('splits folded 15-minute rows into halves at both instants', () => {
    const rows = ['00:45', '01:00', '01:15', '01:30', '01:45', '02:00'].map((t) => {
      const end = `${t.slice(0, 3)}${Number(t.slice(3)) + 14}`;
      return `Electric usage,2024-11-03,${t},${end},0.8,`;
    });
    const readings = importIntervals(file(rows)).channels[0]?.readings ?? [];
    expect(readings).toHaveLength(10);
    expect(readings.reduce((sum, r) => sum + r.kWh, 0)).toBeCloseTo(4.8, 12);
    expect(readings.filter((r) => r.dst === 'folded').map((r) => [iso(r.start), r.kWh])).toEqual([
      ['2024-11-03T08:00:00Z', 0.4],
      ['2024-11-03T08:15:00Z', 0.4],
      ['2024-11-03T08:30:00Z', 0.4],
      ['2024-11-03T08:45:00Z', 0.4],
      ['2024-11-03T09:00:00Z', 0.4],
      ['2024-11-03T09:15:00Z', 0.4],
      ['2024-11-03T09:30:00Z', 0.4],
      ['2024-11-03T09:45:00Z', 0.4],
    ]);
  });

  it('keeps a repeated fall-back hour in file order', () => {
    const readings =
      importIntervals(
        file([
          'Electric usage,2024-11-03,01:00,01:59,5,',
          'Electric usage,2024-11-03,01:00,01:59,7,',
          'Electric usage,2024-11-03,02:00,02:59,1,',
        ]),
      ).channels[0]?.readings ?? [];
    expect(readings.map((r) => [iso(r.start), r.duration, r.kWh, r.dst])).toEqual([
      ['2024-11-03T08:00:00Z', 3600, 5, 'repeated'],
      ['2024-11-03T09:00:00Z', 3600, 7, 'repeated'],
      ['2024-11-03T10:00:00Z', 3600, 1, undefined],
    ]);
  });

  it('reads solar IMPORT and EXPORT columns as two channels', () => {
    const imported = importIntervals(
      file(
        ['Electric usage,2024-06-01,12:00,12:59,0.1,2.5,$0.03,'],
        'TYPE,DATE,START TIME,END TIME,IMPORT (kWh),EXPORT (kWh),COST,NOTES',
      ),
    );
    expect(imported.channels.map((c) => [c.direction, c.readings[0]?.kWh])).toEqual([
      ['delivered', 0.1],
      ['received', 2.5],
    ]);
  });

  it('merges a duplicated row and counts it', () => {
    const imported = importIntervals(
      file([
        'Electric usage,2024-06-01,00:00,00:59,1,',
        'Electric usage,2024-06-01,00:00,00:59,1,',
      ]),
    );
    expect(imported.channels[0]?.readings).toHaveLength(1);
    expect(imported.metadata.duplicatesRemoved).toBe(1);
    expect(imported.metadata.conflictingDuplicates).toBe(0);
  });

  it('names the line and column of text where a number belongs', () => {
    const bad = file([
      'Electric usage,2024-06-01,00:00,00:59,1,',
      'Electric usage,2024-06-01,01:00,01:59,abc,',
    ]);
    expect(() => importIntervals(bad)).toThrow(IntervalImportError);
    expect(() => importIntervals(bad)).toThrow(
      'PG&E CSV, line 9: USAGE (KWH) is "abc", not a number',
    );
  });

  it('names the line of a bad date', () => {
    expect(() => importIntervals(file(['Electric usage,2024-13-01,00:00,00:59,1,']))).toThrow(
      'PG&E CSV, line 8: DATE is "2024-13-01", not a date',
    );
  });

  it('refuses a gas (therms) export', () => {
    expect(() =>
      importIntervals(
        file(
          ['Natural gas usage,2024-06-01,,,1.2,$2.00,'],
          'TYPE,DATE,START TIME,END TIME,USAGE (therms),COST,NOTES',
        ),
      ),
    ).toThrow('PG&E CSV, line 7: USAGE (THERMS) is not electricity in kWh');
  });
});
