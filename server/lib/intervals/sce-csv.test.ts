import { describe, expect, it } from 'vitest';
import { importIntervals } from './index.ts';

const iso = (ms: number) => new Date(ms).toISOString().replace('.000', '');
const NBSP = '\u00a0';

const PREAMBLE = [
  'Energy Usage Information',
  '"For location: 1 TEST WAY IRVINE CA 92618"',
  '',
  'Summary of Electric Power Usage Information*',
  '"Your download will contain interval usage data that is currently available, estimated or missing. "',
  '',
  'Detailed Usage',
  '"Start date: 2022-07-31 23:00:00  for 1 days"',
  '',
];

describe('SCE CSV', () => {
  it('reads quoted Delivered and Received sections with non-breaking spaces and CRLF', () => {
    const period = (from: string, to: string) =>
      `"2022-08-01${NBSP}${from}${NBSP}to${NBSP}2022-08-01${NBSP}${to}"`;
    const text = [
      ...PREAMBLE,
      '"Data for period starting: 2022-08-01 00:00:00  for 24 hours"',
      'Energy  Delivered time period,Usage Delivered(Real energy in kilowatt-hours)(Real energy in kilowatt-hours),Reading quality',
      `${period('00:00:00', '00:15:00')},"0.380",""`,
      `${period('00:15:00', '00:30:00')},"0.360","Estimated"`,
      '',
      '"Data for period starting: 2022-08-01 00:00:00  for 24 hours"',
      'Energy  Received time period,Usage Received(Real energy in kilowatt-hours)(Real energy in kilowatt-hours),Reading quality',
      `${period('00:00:00', '00:15:00')},"0.000",""`,
      `${period('00:15:00', '00:30:00')},"1.250",""`,
    ].join('\r\n');
    const imported = importIntervals(text);
    expect(imported.format).toBe('sce-csv');
    expect(imported.metadata.address).toBe('1 TEST WAY IRVINE CA 92618');
    expect(
      imported.channels.map((c) => [
        c.direction,
        c.readings.map((r) => [iso(r.start), r.duration, r.kWh, r.quality]),
      ]),
    ).toEqual([
      [
        'delivered',
        [
          ['2022-08-01T07:00:00Z', 900, 0.38, 'actual'],
          ['2022-08-01T07:15:00Z', 900, 0.36, 'estimated'],
        ],
      ],
      [
        'received',
        [
          ['2022-08-01T07:00:00Z', 900, 0, 'actual'],
          ['2022-08-01T07:15:00Z', 900, 1.25, 'actual'],
        ],
      ],
    ]);
  });

  it('reads the unquoted variant with trailing commas', () => {
    const text = [
      'Energy Usage Information,,',
      'For location: Someplace served by SCE,,',
      ',,',
      'Data for period starting: 2024-05-22 00:00:00  for 24 hours,,',
      'Energy  Delivered time period,Usage Delivered(Real energy in kilowatt-hours)(Real energy in kilowatt-hours),Reading quality',
      '2024-05-22 00:00:00 to 2024-05-22 00:15:00,0.04,',
      '2024-05-22 00:15:00 to 2024-05-22 00:30:00,0.03,',
      ' ,,',
    ].join('\n');
    const imported = importIntervals(text);
    expect(imported.channels.map((c) => c.readings.map((r) => [iso(r.start), r.kWh]))).toEqual([
      [
        ['2024-05-22T07:00:00Z', 0.04],
        ['2024-05-22T07:15:00Z', 0.03],
      ],
    ]);
  });

  it('places a spring-forward period that ends at 03:00 as 15 minutes', () => {
    const text = [
      ...PREAMBLE,
      'Energy  Delivered time period,Usage Delivered(Real energy in kilowatt-hours),Reading quality',
      '"2024-03-10 01:45:00 to 2024-03-10 03:00:00","0.2",""',
      '"2024-03-10 03:00:00 to 2024-03-10 03:15:00","0.3",""',
    ].join('\n');
    const readings = importIntervals(text).channels[0]?.readings ?? [];
    expect(readings.map((r) => [iso(r.start), r.duration])).toEqual([
      ['2024-03-10T09:45:00Z', 900],
      ['2024-03-10T10:00:00Z', 900],
    ]);
  });

  it('keeps the repeated fall-back quarter hours in order, including "01:45 to 01:00"', () => {
    const rows = [
      ['01:30:00', '01:45:00', '1'],
      ['01:45:00', '01:00:00', '2'],
      ['01:00:00', '01:15:00', '3'],
      ['01:45:00', '02:00:00', '4'],
    ].map(([from, to, v]) => `"2024-11-03 ${from} to 2024-11-03 ${to}","${v}",""`);
    const text = [
      ...PREAMBLE,
      'Energy  Delivered time period,Usage Delivered(Real energy in kilowatt-hours),Reading quality',
      ...rows,
    ].join('\n');
    const imported = importIntervals(text);
    const readings = imported.channels[0]?.readings ?? [];
    expect(readings.map((r) => [iso(r.start), r.duration, r.kWh, r.dst])).toEqual([
      ['2024-11-03T08:30:00Z', 900, 1, 'repeated'],
      ['2024-11-03T08:45:00Z', 900, 2, 'repeated'],
      ['2024-11-03T09:00:00Z', 900, 3, 'repeated'],
      ['2024-11-03T09:45:00Z', 900, 4, 'repeated'],
    ]);
    // 01:30 and 01:00 came once each: the labels went back, so the hour repeats, nothing folds.
    expect(imported.metadata.dstEvents.filter((e) => e.kind === 'folded')).toEqual([]);
  });

  it('names the line of a period it cannot read', () => {
    const text = [
      ...PREAMBLE,
      'Energy  Delivered time period,Usage,Reading quality',
      '"2024-05-22 00:00:00 until later","0.1",""',
    ].join('\n');
    expect(() => importIntervals(text)).toThrow(
      'SCE CSV, line 11: "2024-05-22 00:00:00 until later" is not a "start to end" time period',
    );
  });

  it('names the line of a usage that is not a number', () => {
    const text = [
      ...PREAMBLE,
      'Energy  Delivered time period,Usage,Reading quality',
      '"2024-05-22 00:00:00 to 2024-05-22 00:15:00","n/a",""',
    ].join('\n');
    expect(() => importIntervals(text)).toThrow('SCE CSV, line 11: usage is "n/a", not a number');
  });
});
