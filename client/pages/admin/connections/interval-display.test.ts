import { describe, expect, it } from 'vitest';
import {
  billLines,
  dstNotes,
  formatLocalTime,
  formatMinutes,
  formatMonth,
  formatName,
  formatPercent,
  formatRate,
  gapsText,
  readingsText,
  reconciliationLines,
  seriesPeriod,
} from './interval-display.ts';

describe('interval figures', () => {
  it('shows the peak at the meter’s own clock time', () => {
    expect(formatLocalTime('2024-02-22T20:00:00-08:00')).toBe('Feb 22, 2024, 8:00 PM');
    expect(formatLocalTime('2024-07-01T00:15:00+01:00')).toBe('Jul 1, 2024, 12:15 AM');
  });

  it('keeps small shares distinguishable from zero', () => {
    expect(formatPercent(100)).toBe('100.0%');
    expect(formatPercent(0)).toBe('0.0%');
    expect(formatPercent(0.022768)).toBe('under 0.1%');
    expect(formatPercent(6.711)).toBe('6.7%');
    expect(formatPercent(99.94)).toBe('99.9%');
  });

  it('names months, durations and reading intervals', () => {
    expect(formatMonth('2024-02')).toBe('Feb 2024');
    expect(formatMinutes(45)).toBe('45 min');
    expect(formatMinutes(120)).toBe('2 h');
    expect(formatMinutes(1440 + 195)).toBe('1 d 3 h 15 min');
    expect(readingsText(3600)).toBe('hourly readings');
    expect(readingsText(900)).toBe('15-minute readings');
    expect(formatRate(651.19 / 1668.51)).toBe('$0.390 per kWh');
  });

  it('gives the first and last local day of the series', () => {
    expect(
      seriesPeriod({
        start: '2024-02-01T08:00:00.000Z',
        end: '2025-02-01T08:00:00.000Z',
        timeZone: 'America/Los_Angeles',
      }),
    ).toBe('Feb 1, 2024 to Jan 31, 2025');
  });
});

describe('quality notes', () => {
  it('counts gaps with the longest', () => {
    expect(gapsText({ count: 0, longestMinutes: 0 })).toBe('None');
    expect(gapsText({ count: 1, longestMinutes: 15 })).toBe('1 gap, longest 15 min');
    expect(gapsText({ count: 3, longestMinutes: 135 })).toBe('3 gaps, longest 2 h 15 min');
  });

  it('lists the daylight-saving anomalies with their local labels', () => {
    expect(dstNotes({ repeated: 0, folded: 0, nonexistent: 0 })).toEqual([]);
    expect(
      dstNotes({
        repeated: 0,
        folded: 1,
        nonexistent: 1,
        events: [
          { kind: 'nonexistent', label: '2024-03-10 02:00', at: 'line 922' },
          { kind: 'folded', label: '2024-11-03 01:00', at: 'line 6632' },
        ],
      }),
    ).toEqual([
      '1 non-existent hour label (2024-03-10 02:00): mapped to the real instant',
      '1 folded hour (2024-11-03 01:00): two hours in one row, split evenly',
    ]);
    expect(dstNotes({ repeated: 4, folded: 0, nonexistent: 0 })).toEqual([
      '4 repeated hours: kept in order',
    ]);
  });

  it('compares the interval sums with the bill and the file total', () => {
    expect(
      reconciliationLines(
        [
          {
            source: 'bill',
            periodStart: Date.parse('2012-03-01T05:00:00Z'),
            periodEnd: Date.parse('2012-03-01T05:00:00Z') + 1_119_600_000,
            statedKWh: 1298.64,
            intervalKWh: 1298.64,
            differenceKWh: 0,
            matches: true,
            statedCost: 152.52,
          },
          {
            source: 'file total',
            statedKWh: 100,
            intervalKWh: 98.5,
            differenceKWh: -1.5,
            matches: false,
          },
        ],
        'America/New_York',
      ),
    ).toEqual([
      {
        title: 'Bill Mar 1, 2012 to Mar 13, 2012',
        text: 'stated 1,298.64 kWh, intervals 1,298.64 kWh, stated cost $152.52: matches',
      },
      { title: 'File total', text: 'stated 100 kWh, intervals 98.5 kWh: differs by 1.5 kWh' },
    ]);
  });
});

describe('billing histories', () => {
  it('names each bill by file and line, and says why a gas bill has no verdict', () => {
    expect(
      reconciliationLines(
        [
          {
            source: 'billing history',
            label: 'history.csv, line 4',
            periodStart: Date.parse('2024-02-01T08:00:00Z'),
            periodEnd: Date.parse('2024-03-01T08:00:00Z'),
            statedKWh: 141.25,
            intervalKWh: 141.25,
            differenceKWh: 0,
            matches: true,
            coveragePct: 100,
          },
          {
            source: 'billing history',
            label: 'gas.csv, line 2',
            periodStart: Date.parse('2024-01-08T08:00:00Z'),
            periodEnd: Date.parse('2024-02-06T08:00:00Z'),
            intervalKWh: 120,
            statedCost: 81.07,
            coveragePct: 100,
            verdictNote: 'gas usage in therms, not compared with the electric interval kWh',
          },
        ],
        'America/Los_Angeles',
      ),
    ).toEqual([
      {
        title: 'Billing history history.csv, line 4 Feb 1, 2024 to Feb 29, 2024',
        text: 'stated 141.25 kWh, intervals 141.25 kWh: matches',
      },
      {
        title: 'Billing history gas.csv, line 2 Jan 8, 2024 to Feb 5, 2024',
        text: 'intervals 120 kWh, stated cost $81.07: gas usage in therms, not compared with the electric interval kWh',
      },
    ]);
  });
});

describe('statements, verdicts and bill line items', () => {
  it('names a statement PDF and says why a partly covered bill has no verdict', () => {
    expect(
      reconciliationLines(
        [
          {
            source: 'statement',
            label: 'statement.pdf',
            periodStart: Date.parse('2022-11-08T05:00:00Z'),
            periodEnd: Date.parse('2022-12-09T05:00:00Z'),
            statedKWh: 327.119,
            intervalKWh: 327.119,
            differenceKWh: 0,
            matches: true,
            coveragePct: 100,
          },
          {
            source: 'bill',
            periodStart: Date.parse('2014-01-01T05:00:00Z'),
            periodEnd: Date.parse('2014-01-29T05:00:00Z'),
            statedKWh: 199.563,
            intervalKWh: 199.563,
            matches: undefined,
            coveragePct: 32.142857,
            verdictNote: 'intervals cover 32.1% of the period; no verdict below 95%',
          },
        ],
        'America/New_York',
      ),
    ).toEqual([
      {
        title: 'Statement statement.pdf Nov 8, 2022 to Dec 8, 2022',
        text: 'stated 327.12 kWh, intervals 327.12 kWh: matches',
      },
      {
        title: 'Bill Jan 1, 2014 to Jan 28, 2014',
        text: 'stated 199.56 kWh, intervals 199.56 kWh, intervals cover 32.1% of the period: no verdict (intervals cover 32.1% of the period; no verdict below 95%)',
      },
    ]);
  });

  it('lists each bill’s line items with amounts and quantities', () => {
    expect(
      billLines(
        [
          {
            periodStart: Date.parse('2024-01-01T08:00:00Z'),
            periodSeconds: 86_400,
            billAmount: 58.76,
            tariffProfile: 'E-TOU-C',
            lineItems: [
              { note: 'Energy charge', amount: 45.67, quantity: { value: 300, unit: 'kWh' } },
              { note: 'Solar credit', amount: -2 },
              { amount: 0.75, quantity: { value: 12, unit: 'ESPI uom 38' } },
            ],
          },
        ],
        'America/Los_Angeles',
      ),
    ).toEqual([
      {
        title: 'Bill Jan 1, 2024 to Jan 1, 2024 ($58.76, E-TOU-C)',
        items: [
          'Energy charge: $45.67 (300 kWh)',
          'Solar credit: -$2.00',
          'Line item: $0.75 (12 ESPI uom 38)',
        ],
      },
    ]);
  });
});

describe('formatName', () => {
  it('names every format the engine reads, the day-per-row layout too', () => {
    expect(formatName('day-rows-csv')).toBe('CSV, one row per day');
    expect(formatName('pge-csv')).toBe('PG&E CSV');
  });
});
