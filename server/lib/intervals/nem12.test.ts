import { describe, expect, it } from 'vitest';
import { IntervalImportError, importIntervals } from './index.ts';
import { day, writeNem12 } from './testing/nem12-file.ts';

// NEM12 files written from AEMO's format description: streams per NMI and channel, 5/15/30
// minute days, quality flags, units, several meters, market time.

const iso = (ms: number) => new Date(ms).toISOString().replace('.000', '');
const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
const errorOf = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    return e;
  }
  throw new Error('no error');
};

describe('NEM12', () => {
  const values = (i: number) => 0.1 + (i % 7) * 0.01;

  it('reads a 15-minute E1 stream in market time (AEST, UTC+10)', () => {
    const text = writeNem12([
      {
        nmi: '6123456789',
        suffix: 'E1',
        minutes: 15,
        days: [day('20240101', 96, values), day('20240102', 96, values)],
      },
    ]);
    const imported = importIntervals(text);
    expect(imported.format).toBe('nem12');
    const [channel] = imported.channels;
    expect(channel?.readings).toHaveLength(192);
    expect(channel?.direction).toBe('delivered');
    expect(channel?.meter).toBe('6123456789');
    expect(channel?.source).toBe('NMI 6123456789 E1');
    expect(iso(channel?.readings[0]?.start ?? 0)).toBe('2023-12-31T14:00:00Z');
    expect(channel?.readings.every((r) => r.duration === 900)).toBe(true);
    expect(sum(channel?.readings.map((r) => r.kWh) ?? [])).toBeCloseTo(
      2 * sum(Array.from({ length: 96 }, (_, i) => values(i))),
      9,
    );
    expect(channel?.gaps).toEqual([]);
    expect(imported.metadata).toMatchObject({
      timeZone: 'Australia/Brisbane',
      timeZoneSource: 'file',
      meters: ['6123456789'],
      sourceRecords: 2,
    });
    expect(imported.metadata.notes[0]).toMatch(/market time/);
  });

  it('reads 5 and 30-minute days', () => {
    for (const [minutes, count] of [
      [5, 288],
      [30, 48],
    ] as const) {
      const text = writeNem12([
        { nmi: 'QB01234567', suffix: 'E1', minutes, days: [day('20240301', count, () => 1)] },
      ]);
      const [channel] = importIntervals(text).channels;
      expect(channel?.readings).toHaveLength(count);
      expect(channel?.intervalSeconds).toBe(minutes * 60);
      expect(iso((channel?.readings.at(-1)?.start ?? 0) + minutes * 60_000)).toBe(
        '2024-03-01T14:00:00Z',
      );
    }
  });

  it('converts Wh and MWh to kWh exactly, and leaves reactive streams out', () => {
    const text = writeNem12([
      { nmi: 'N1', suffix: 'E1', unit: 'Wh', minutes: 30, days: [day('20240301', 48, () => 125)] },
      {
        nmi: 'N1',
        suffix: 'E2',
        unit: 'MWH',
        minutes: 30,
        days: [day('20240301', 48, () => 0.002)],
      },
      { nmi: 'N1', suffix: 'Q1', unit: 'kVArh', minutes: 30, days: [day('20240301', 48, () => 9)] },
    ]);
    const imported = importIntervals(text);
    expect(imported.channels.map((c) => [c.source, c.readings[0]?.kWh])).toEqual([
      ['NMI N1 E1', 0.125],
      ['NMI N1 E2', 2],
    ]);
    expect(imported.metadata.ignored).toEqual([
      'NMI N1 Q1: unit kVArh is not energy (kWh, Wh or MWh)',
    ]);
  });

  it('reads B1 export as received energy beside E1', () => {
    const text = writeNem12([
      { nmi: 'N2', suffix: 'E1', minutes: 30, days: [day('20240301', 48, () => 0.5)] },
      {
        nmi: 'N2',
        suffix: 'B1',
        minutes: 30,
        days: [day('20240301', 48, (i) => (i > 20 && i < 30 ? 1 : 0))],
      },
    ]);
    const imported = importIntervals(text);
    expect(imported.channels.map((c) => [c.direction, sum(c.readings.map((r) => r.kWh))])).toEqual([
      ['delivered', 24],
      ['received', 9],
    ]);
  });

  it('maps quality: A actual, E/S/F estimated, N no data, V by its 400 ranges', () => {
    const text = writeNem12([
      {
        nmi: 'N3',
        suffix: 'E1',
        minutes: 30,
        days: [
          day('20240301', 48, () => 1, 'A'),
          day('20240302', 48, () => 1, 'E52'),
          day('20240303', 48, () => 1, 'S53'),
          day('20240304', 48, () => 1, 'F14'),
          day('20240305', 48, () => 0, 'N'),
          {
            ...day('20240306', 48, (i) => (i >= 40 ? null : 1), 'V'),
            ranges: [
              [1, 10, 'A'],
              [11, 20, 'E52'],
              [21, 48, 'N'],
            ],
          },
        ],
      },
    ]);
    const [channel] = importIntervals(text).channels;
    const byDay = new Map<string, string[]>();
    for (const r of channel?.readings ?? []) {
      const date = new Date(r.start + 10 * 3_600_000).toISOString().slice(0, 10);
      byDay.set(date, [...(byDay.get(date) ?? []), r.quality]);
    }
    expect(byDay.get('2024-03-01')?.every((q) => q === 'actual')).toBe(true);
    for (const d of ['2024-03-02', '2024-03-03', '2024-03-04']) {
      expect(byDay.get(d)?.every((q) => q === 'estimated')).toBe(true);
    }
    expect(byDay.has('2024-03-05')).toBe(false);
    expect(byDay.get('2024-03-06')).toEqual([
      ...Array(10).fill('actual'),
      ...Array(10).fill('estimated'),
    ]);
    // The N day and the N range are gaps, not zeros.
    expect(channel?.gaps.map((g) => [iso(g.start), iso(g.end)])).toEqual([
      ['2024-03-04T14:00:00Z', '2024-03-05T14:00:00Z'],
    ]);
  });

  it('gives every meter its channels, and keeps one meter when asked', () => {
    const text = writeNem12([
      { nmi: '4001234567', suffix: 'E1', minutes: 30, days: [day('20240301', 48, () => 1)] },
      { nmi: '4009876543', suffix: 'E1', minutes: 30, days: [day('20240301', 48, () => 2)] },
      { nmi: '4009876543', suffix: 'B1', minutes: 30, days: [day('20240301', 48, () => 0.5)] },
    ]);
    const all = importIntervals(text);
    expect(all.metadata.meters).toEqual(['4001234567', '4009876543']);
    expect(all.channels.map((c) => [c.meter, c.direction])).toEqual([
      ['4001234567', 'delivered'],
      ['4009876543', 'delivered'],
      ['4009876543', 'received'],
    ]);
    const one = importIntervals(text, { meter: '4009876543' });
    expect(one.channels.map((c) => c.source)).toEqual(['NMI 4009876543 E1', 'NMI 4009876543 B1']);
    expect(() => importIntervals(text, { meter: '123' })).toThrow(
      'NEM12, options: the file has no NMI 123 (it has 4001234567, 4009876543)',
    );
  });

  it('reads market time as the standard time of the zone given, never daylight time', () => {
    const text = writeNem12([
      { nmi: 'N4', suffix: 'E1', minutes: 30, days: [day('20240115', 48, () => 1)] },
    ]);
    const start = (timeZone?: string) =>
      iso(importIntervals(text, timeZone ? { timeZone } : {}).channels[0]?.readings[0]?.start ?? 0);
    // January is daylight time in Sydney (UTC+11), but NEM12 stays at UTC+10.
    expect(start('Australia/Sydney')).toBe('2024-01-14T14:00:00Z');
    expect(start('Australia/Perth')).toBe('2024-01-14T16:00:00Z');
    expect(start()).toBe('2024-01-14T14:00:00Z');
    const fromState = importIntervals(text, { state: 'Western Australia' });
    expect(fromState.metadata).toMatchObject({
      timeZone: 'Australia/Perth',
      timeZoneSource: 'state',
    });
  });

  it('is recognised behind a byte-order mark and blank lines; other CSVs are not NEM12', () => {
    const text = writeNem12([
      { nmi: 'N5', suffix: 'E1', minutes: 30, days: [day('20240301', 48, () => 1)] },
    ]);
    expect(importIntervals(`\uFEFF\r\n${text}`).format).toBe('nem12');
    expect(
      importIntervals('Timestamp,kWh\n2024-01-01 00:00,1\n2024-01-01 00:15,1\n', {
        timeZone: 'UTC',
      }).format,
    ).toBe('generic-csv');
  });

  it('names the line at fault', () => {
    const good = writeNem12([
      { nmi: 'N6', suffix: 'E1', minutes: 30, days: [day('20240301', 48, () => 1)] },
    ]);
    const lines = good.split('\r\n');
    const cases: Array<[string, string]> = [
      [
        good.replace('100,NEM12', '100,NEM13'),
        'NEM12, line 1: the header names the format "NEM13", not NEM12',
      ],
      [
        [lines[0], lines[2], ...lines.slice(3)].join('\n'),
        'NEM12, line 2: a 300 interval record before any 200 record',
      ],
      [
        good.replace(',kWh,30,', ',kWh,60,'),
        'NEM12, line 2: interval length "60" is not 5, 15 or 30 minutes',
      ],
      [
        good.replace('300,20240301,1,1,', '300,20240301,1,x,'),
        'NEM12, line 3: interval 2 is "x", not a number',
      ],
      [
        good.replace('300,20240301', '300,20240231'),
        'NEM12, line 3: interval date "20240231" is not CCYYMMDD',
      ],
      [
        good.replace(',kWh,30,', ',kWh,15,'),
        'NEM12, line 3: the 300 record has 48 to 52 values, not the 96 of a day of 15-minute intervals',
      ],
      [`x\n${good}`, 'NEM12, line 1: the file does not start with a 100 header record'],
    ];
    for (const [text, message] of cases) {
      const error = errorOf(() => importIntervals(text, { format: 'nem12' }));
      expect(error).toBeInstanceOf(IntervalImportError);
      expect((error as Error).message).toBe(message);
    }
  });

  it('ignores 500 records and notes a missing 900 end', () => {
    const text = writeNem12(
      [{ nmi: 'N7', suffix: 'E1', minutes: 30, days: [day('20240301', 48, () => 1)] }],
      { end: false },
    );
    const imported = importIntervals(text);
    expect(imported.channels[0]?.readings).toHaveLength(48);
    expect(imported.metadata.notes).toContain(
      'The file has no 900 end record: it may have been cut short.',
    );
  });
});
