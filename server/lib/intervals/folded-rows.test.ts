import { describe, expect, it } from 'vitest';
import { analyze, type ImportResult, importIntervals, toCanonicalSeries } from './index.ts';

// A fall-back day written as 96 quarter-hour rows (each 01:xx label once) where the export put
// the repeated hour's energy into the rows one row before the labels' repeated hour: 00:45,
// 01:00, 01:15 and 01:30 each hold about twice their neighbours. Each of those rows is 30
// minutes of energy; read as one quarter hour, the first of them set the day's peak.

const iso = (ms: number) => new Date(ms).toISOString().replace('.000', '');
const DAYS = ['2024-11-02', '2024-11-03', '2024-11-04'];
/** Row indexes, within the fall-back day, of the double rows (00:45 to 01:30). */
const DOUBLE_FROM = 3;
const DOUBLE_TO = DOUBLE_FROM + 4;

interface Row {
  day: string;
  hour: number;
  minute: number;
  kWh: number;
}

/**
 * Three days of quarter-hour rows: night storage heating, an evening peak, seeded noise; the
 * repeated hour's energy added to the fall-back day's rows [from, from + 4).
 */
function exportRows(from = DOUBLE_FROM): Row[] {
  let seed = 7;
  const noise = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed / 2_147_483_648;
  };
  const usual = (hour: number) => {
    if (hour < 4) return 0.9 + 0.1 * noise();
    if (hour >= 17 && hour < 20) return 1.3 + 0.1 * noise();
    return 0.25 + 0.2 * noise();
  };
  const round = (v: number) => Math.round(v * 1000) / 1000;
  const rows: Row[] = [];
  for (const day of DAYS) {
    for (let i = 0; i < 96; i++) {
      const hour = Math.floor(i / 4);
      let kWh = usual(hour);
      // The repeated hour (01:00-01:45 the second time) is added one row early.
      if (day === '2024-11-03' && i >= from && i < from + 4) kWh += usual(1);
      rows.push({ day, hour, minute: (i % 4) * 15, kWh: round(kWh) });
    }
  }
  return rows;
}

const rows = exportRows();
const two = (n: number) => String(n).padStart(2, '0');
const isDouble = (row: Row, i: number) =>
  row.day === '2024-11-03' && i % 96 >= DOUBLE_FROM && i % 96 < DOUBLE_TO;

// What the importer must give, worked out from the rows alone: every double row is two
// quarter hours of half its energy, so the peak is the largest quarter hour once they are halved.
const expectedKWh = rows.reduce((sum, r) => sum + r.kWh, 0);
const expectedPeakKw = Math.max(...rows.map((r, i) => (isDouble(r, i) ? r.kWh / 2 : r.kWh) * 4));
/** What counting the first double row as one quarter hour gives. */
const doubleRowKw = Math.max(...rows.filter(isDouble).map((r) => r.kWh * 4));

/** Each layout's name, the file line of its first data row, and the import of the rows. */
const layouts: [string, number, () => ImportResult][] = [
  [
    'a generic CSV',
    2,
    () =>
      importIntervals(
        [
          'Timestamp,kWh',
          ...rows.map((r) => `${r.day} ${two(r.hour)}:${two(r.minute)},${r.kWh}`),
        ].join('\n'),
        { timeZone: 'America/Chicago' },
      ),
  ],
  [
    'the PG&E layout',
    7,
    () =>
      importIntervals(
        [
          'Name,TEST',
          'Address,"1 A ST, OAKLAND CA"',
          'Account Number,42',
          'Service,Service 7',
          '',
          'TYPE,DATE,START TIME,END TIME,USAGE (kWh),COST,NOTES',
          ...rows.map(
            (r) =>
              `Electric usage,${r.day},${two(r.hour)}:${two(r.minute)},${two(r.hour)}:${two(r.minute + 14)},${r.kWh.toFixed(3)},,`,
          ),
        ].join('\r\n'),
      ),
  ],
  [
    'the SDG&E layout',
    12,
    () => {
      const clock = (r: Row) =>
        `${r.hour % 12 === 0 ? 12 : r.hour % 12}:${two(r.minute)} ${r.hour < 12 ? 'AM' : 'PM'}`;
      const date = (day: string) => {
        const [y, m, d] = day.split('-').map(Number);
        return `${m}/${d}/${y}`;
      };
      return importIntervals(
        [
          'Name,TEST CUSTOMER',
          'Address,0000 0th AVENUE  San Diego CA 92101',
          'Account Number,0000000001',
          'Title,CSV Export Electric Meter(s)',
          'Resource,Electric',
          'Meter Number,00000042',
          'Interval UOM,Minute(s)',
          'Reading Start,11/2/2024 00:00',
          `Total Usage,${expectedKWh.toFixed(4)}`,
          'UOM,kWh',
          'Meter Number,Date,Start Time,Duration,Consumption,Generation,Net',
          ...rows.map(
            (r) =>
              `"00000042","${date(r.day)}","${clock(r)}","15","${r.kWh.toFixed(4)}","","${r.kWh.toFixed(4)}"`,
          ),
        ].join('\n'),
      );
    },
  ],
];

describe.each(layouts)('a fall-back hour folded one row early, in %s', (_, firstLine, read) => {
  const imported = read();
  const channel = imported.channels[0];
  const readings = channel?.readings ?? [];

  it('keeps every kWh in 292 quarter hours without a gap', () => {
    expect(readings.reduce((sum, r) => sum + r.kWh, 0)).toBeCloseTo(expectedKWh, 9);
    expect(readings).toHaveLength(96 + 100 + 96);
    expect(readings.every((r) => r.duration === 900)).toBe(true);
    expect(channel?.gaps).toEqual([]);
  });

  it('folds the rows the values show, halving each into its own and a repeated quarter', () => {
    const fallBack = rows.filter(isDouble);
    const zone = imported.metadata.timeZone;
    const daylightOffset = zone === 'America/Chicago' ? 5 : 7;
    const at = (hour: number, minute: number) =>
      Date.UTC(2024, 10, 3, hour + daylightOffset, minute);
    // 00:45, 01:00, 01:15, 01:30 daylight time, then 01:00-01:45 standard time (an hour later).
    const expected = [
      ...fallBack.map((r) => [iso(at(r.hour, r.minute)), r.kWh / 2]),
      ...fallBack.map((r, j) => [iso(at(2, j * 15)), r.kWh / 2]),
    ];
    const folded = readings.filter((r) => r.dst === 'folded').map((r) => [iso(r.start), r.kWh]);
    expect(folded).toEqual(expected);
    // The 01:45 daylight-time row is an ordinary quarter hour.
    const quarterTo = readings.find((r) => r.start === at(1, 45));
    expect(quarterTo?.kWh).toBe(rows[96 + 7]?.kWh);
    expect(quarterTo?.dst).toBeUndefined();
  });

  it('says in the notes which rows hold the fold and why', () => {
    const note = imported.metadata.notes.find((n) => n.includes('fall-back'));
    // The fall-back day's 00:45 row is the 100th data row.
    const line = firstLine + 96 + DOUBLE_FROM;
    expect(note).toMatch(
      new RegExp(
        `^The repeated fall-back hour of 2024-11-03 is folded into the 00:45 to 01:30 rows \\(lines ${line} to ${line + 3}; about 2\\.\\d times the neighbouring energy\\), not the 01:00 to 01:45 rows\\. Each holds 30 minutes of energy: half stays at its own quarter hour, half fills one quarter hour of the repeated hour\\.$`,
      ),
    );
    expect(
      imported.metadata.dstEvents.filter((e) => e.kind === 'folded').map((e) => e.label),
    ).toEqual(['2024-11-03 00:45', '2024-11-03 01:00', '2024-11-03 01:15', '2024-11-03 01:30']);
  });

  it('does not count a double row as one quarter hour of demand', () => {
    const analytics = analyze(toCanonicalSeries(imported));
    // Worked out from the rows: the double row read as 15 minutes would be about a third higher.
    expect(doubleRowKw / expectedPeakKw).toBeGreaterThan(1.2);
    expect(analytics.peak?.kW).toBeCloseTo(expectedPeakKw, 9);
    expect(analytics.deliveredKWh).toBeCloseTo(expectedKWh, 6);
  });
});

describe('the fold found a row late, and the labels kept when the values show nothing', () => {
  const csv = (list: Row[]) =>
    ['Timestamp,kWh', ...list.map((r) => `${r.day} ${two(r.hour)}:${two(r.minute)},${r.kWh}`)].join(
      '\n',
    );

  it('folds 01:15 to 02:00 when those rows hold the double energy', () => {
    const late = exportRows(5);
    const imported = importIntervals(csv(late), { timeZone: 'America/Chicago' });
    expect(
      imported.metadata.dstEvents.filter((e) => e.kind === 'folded').map((e) => e.label),
    ).toEqual(['2024-11-03 01:15', '2024-11-03 01:30', '2024-11-03 01:45', '2024-11-03 02:00']);
    const peak = Math.max(...late.map((r, i) => (i >= 96 + 5 && i < 96 + 9 ? r.kWh / 2 : r.kWh)));
    expect(analyze(toCanonicalSeries(imported)).peak?.kW).toBeCloseTo(peak * 4, 9);
  });

  it('folds the labels’ own rows when no run stands out', () => {
    // The same shape with nothing added: the repeated hour is taken as written in 01:00-01:45.
    const flat = exportRows(-100);
    const imported = importIntervals(csv(flat), { timeZone: 'America/Chicago' });
    expect(
      imported.metadata.dstEvents.filter((e) => e.kind === 'folded').map((e) => e.label),
    ).toEqual(['2024-11-03 01:00', '2024-11-03 01:15', '2024-11-03 01:30', '2024-11-03 01:45']);
    expect(imported.metadata.notes.some((n) => n.includes('fall-back'))).toBe(false);
  });
});
