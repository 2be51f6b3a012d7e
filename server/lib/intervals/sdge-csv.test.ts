import { describe, expect, it } from 'vitest';
import { assessQuality, importIntervals, toCanonicalSeries } from './index.ts';

const iso = (ms: number) => new Date(ms).toISOString().replace('.000', '');

const file = (rows: string[], total: string) =>
  [
    'Name,TEST CUSTOMER',
    'Address,0000 0th AVENUE  San Diego CA 92101',
    'Account Number,0000000001',
    'Disclaimer,The information contained in this file is intended for the personal use of the recipient.',
    'Title,CSV Export Electric Meter(s)',
    'Resource,Electric',
    'Meter Number,00000042',
    'Interval UOM,Minute(s)',
    'Reading Start,11/5/2023 00:00',
    `Total Usage,${total}`,
    'UOM,kWh',
    'Meter Number,Date,Start Time,Duration,Consumption,Generation,Net',
    ...rows,
  ].join('\n');

const row = (date: string, time: string, consumption: string, generation = '') =>
  `"00000042","${date}","${time}","60","${consumption}","${generation}","${consumption}"`;

describe('SDG&E CSV', () => {
  it('reads the preamble, the 12-hour clock and the repeated 1:00 AM of fall-back in order', () => {
    const imported = importIntervals(
      file(
        [
          row('11/5/2023', '12:00 AM', '0.2200'),
          row('11/5/2023', '1:00 AM', '0.5700'),
          row('11/5/2023', '1:00 AM', '0.5600'),
          row('11/5/2023', '2:00 AM', '0.7250'),
          row('11/5/2023', '12:00 PM', '1.0000'),
          row('11/5/2023', '11:00 PM', '0.3850'),
        ],
        '3.46',
      ),
    );
    expect(imported.format).toBe('sdge-csv');
    expect(imported.metadata).toMatchObject({
      customerName: 'TEST CUSTOMER',
      accountNumber: '0000000001',
      meterNumber: '00000042',
      statedTotals: { kWh: 3.46 },
      timeZone: 'America/Los_Angeles',
    });
    const readings = imported.channels[0]?.readings ?? [];
    expect(readings.map((r) => [iso(r.start), r.duration, r.kWh, r.dst])).toEqual([
      ['2023-11-05T07:00:00Z', 3600, 0.22, undefined],
      ['2023-11-05T08:00:00Z', 3600, 0.57, 'repeated'],
      ['2023-11-05T09:00:00Z', 3600, 0.56, 'repeated'],
      ['2023-11-05T10:00:00Z', 3600, 0.725, undefined],
      ['2023-11-05T20:00:00Z', 3600, 1, undefined],
      ['2023-11-06T07:00:00Z', 3600, 0.385, undefined],
    ]);
    expect(imported.metadata.dstEvents.map((e) => [e.kind, e.label, e.at])).toEqual([
      ['repeated', '2023-11-05 01:00', 'line 14'],
      ['repeated', '2023-11-05 01:00', 'line 15'],
    ]);
  });

  it('reconciles the rows with the stated Total Usage', () => {
    const rows = [row('11/1/2023', '12:00 AM', '0.1234'), row('11/1/2023', '1:00 AM', '2.0000')];
    const good = importIntervals(file(rows, '2.1234'));
    expect(assessQuality(good, toCanonicalSeries(good)).reconciliation).toEqual([
      expect.objectContaining({
        source: 'file total',
        statedKWh: 2.1234,
        matches: true,
        basis: 'delivered',
      }),
    ]);
    const off = importIntervals(file(rows, '3.1234'));
    const [check] = assessQuality(off, toCanonicalSeries(off)).reconciliation;
    expect(check?.matches).toBe(false);
    expect(check?.differenceKWh).toBeCloseTo(-1, 9);
  });

  it('reads the Generation column as a received channel', () => {
    const imported = importIntervals(
      file(
        [row('6/1/2023', '12:00 PM', '0.0000', '1.5000'), row('6/1/2023', '1:00 PM', '0.1000', '')],
        '0.1',
      ),
    );
    expect(imported.channels.map((c) => [c.direction, c.readings.map((r) => r.kWh)])).toEqual([
      ['delivered', [0, 0.1]],
      ['received', [1.5]],
    ]);
  });

  it('maps a spring-forward 2:00 AM label to 3:00 PDT', () => {
    const imported = importIntervals(
      file(
        [
          row('3/12/2023', '1:00 AM', '1'),
          row('3/12/2023', '2:00 AM', '1'),
          row('3/12/2023', '4:00 AM', '1'),
        ],
        '3',
      ),
    );
    expect(imported.channels[0]?.readings.map((r) => [iso(r.start), r.dst])).toEqual([
      ['2023-03-12T09:00:00Z', undefined],
      ['2023-03-12T10:00:00Z', 'nonexistent'],
      ['2023-03-12T11:00:00Z', undefined],
    ]);
  });

  it('names the line of a bad time', () => {
    expect(() => importIntervals(file([row('11/1/2023', '13:00 PM', '1')], '1'))).toThrow(
      'SDG&E CSV, line 13: START TIME is "13:00 PM", not a time',
    );
  });
});
