import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { UTILITY_FIXTURES } from '../../test/utility-fixtures.ts';
import {
  IntervalImportError,
  importIntervals,
  isBillingHistory,
  readBillingHistory,
  reconcileHistoryBill,
  toCanonicalSeries,
} from './index.ts';
import { writeEspiXml } from './testing/synthetic-espi.ts';
import {
  type SyntheticReading,
  writeGenericCsv,
  writePgeCsv,
  writeSceCsv,
  writeSdgeCsv,
} from './testing/synthetic-files.ts';

/** Bills without the line, to compare with the figures each test states. */
const figures = (text: string, options = {}) =>
  readBillingHistory(text, options).bills.map(({ line: _line, ...bill }) => bill);

const errorOf = (text: string): string => {
  try {
    readBillingHistory(text);
  } catch (error) {
    expect(error).toBeInstanceOf(IntervalImportError);
    return (error as Error).message;
  }
  throw new Error('the file was read');
};

describe('billing history CSV', () => {
  it('reads a PG&E-style export: account lines, ISO dates, a units column and dollar costs', () => {
    const text = [
      'Name,SAMPLE CUSTOMER',
      'Address,"1 MAIN ST, OAKLAND CA 94607"',
      'Account Number,1111111111',
      '',
      'TYPE,START DATE,END DATE,USAGE,UNITS,COST,NOTES',
      'Electric usage,2024-02-01,2024-02-29,141.25,kWh,$42.10,',
      'Electric usage,2024-03-01,2024-03-31,"1,130.5",kWh,"$1,204.33",',
      '',
    ].join('\n');
    expect(isBillingHistory(text)).toBe(true);
    const history = readBillingHistory(text);
    expect(history.bills).toEqual([
      {
        periodStart: '2024-02-01',
        periodEnd: '2024-02-29',
        days: 29,
        usage: 141.25,
        unit: 'kWh',
        costCents: 4210,
        line: 6,
      },
      {
        periodStart: '2024-03-01',
        periodEnd: '2024-03-31',
        days: 31,
        usage: 1130.5,
        unit: 'kWh',
        costCents: 120433,
        line: 7,
      },
    ]);
    expect(history.notes).toEqual([]);
  });

  it('reads MM/DD/YYYY service dates with days, a unit in the header, demand and rate', () => {
    const text = [
      'Service From,Service To,Days,kWh Usage,Demand (kW),Amount Due,Rate Schedule,Statement Date',
      '01/05/2024,02/03/2024,30,612,4.8,$98.12,E-TOU-C,02/08/2024',
      '02/04/2024,03/04/2024,30,"1,005",6.25,(12.50),E-TOU-C,03/09/2024',
    ].join('\r\n');
    expect(isBillingHistory(text)).toBe(true);
    expect(figures(text)).toEqual([
      {
        periodStart: '2024-01-05',
        periodEnd: '2024-02-03',
        days: 30,
        usage: 612,
        unit: 'kWh',
        costCents: 9812,
        demandKw: 4.8,
        rate: 'E-TOU-C',
        statementDate: '2024-02-08',
      },
      {
        periodStart: '2024-02-04',
        periodEnd: '2024-03-04',
        days: 30,
        usage: 1005,
        unit: 'kWh',
        // A credit in accounting parentheses.
        costCents: -1250,
        demandKw: 6.25,
        rate: 'E-TOU-C',
        statementDate: '2024-03-09',
      },
    ]);
  });

  it('keeps a gas bill in therms (never converted) and dates a period from its read date and days', () => {
    const text = [
      'Bill Date,Read Date,Days,Therms,Total Charges',
      '2/12/2024,2/6/2024,29,52.4,$81.07',
      '3/12/2024,3/7/2024,30,41,$66.90',
    ].join('\n');
    expect(isBillingHistory(text)).toBe(true);
    expect(figures(text)).toEqual([
      // Read on Feb 6 after 29 days: service Jan 8 .. Feb 5, the read day starting the next bill.
      {
        periodStart: '2024-01-08',
        periodEnd: '2024-02-05',
        days: 29,
        usage: 52.4,
        unit: 'therms',
        costCents: 8107,
        statementDate: '2024-02-12',
      },
      {
        periodStart: '2024-02-06',
        periodEnd: '2024-03-06',
        days: 30,
        usage: 41,
        unit: 'therms',
        costCents: 6690,
        statementDate: '2024-03-12',
      },
    ]);
  });

  it('keeps ccf from a units column and reads start plus days', () => {
    const text = 'Start Date,Days,Usage,Units,Cost\n2024-01-01,31,18,CCF,25.00\n';
    expect(figures(text)).toEqual([
      {
        periodStart: '2024-01-01',
        periodEnd: '2024-01-31',
        days: 31,
        usage: 18,
        unit: 'ccf',
        costCents: 2500,
      },
    ]);
  });

  it('reads meter-read dates (each bill starting where the last ended) as ending the day before', () => {
    const text = [
      'Start Date,End Date,Usage (kWh),Cost',
      '01/05/2024,02/04/2024,600,90.00',
      '02/04/2024,03/05/2024,580,88.00',
      '03/05/2024,04/04/2024,610,91.00',
    ].join('\n');
    const history = readBillingHistory(text);
    expect(history.bills.map((b) => [b.periodStart, b.periodEnd, b.days])).toEqual([
      ['2024-01-05', '2024-02-03', 30],
      ['2024-02-04', '2024-03-04', 30],
      ['2024-03-05', '2024-04-03', 30],
    ]);
    expect(history.notes.join(' ')).toMatch(/meter-read dates/);
  });

  it('lets a days column say the dates are both included', () => {
    const text = [
      'Start Date,End Date,Days,Usage (kWh),Cost',
      '01/05/2024,02/04/2024,31,600,90.00',
      '02/04/2024,03/05/2024,31,580,88.00',
    ].join('\n');
    expect(readBillingHistory(text).bills.map((b) => [b.periodEnd, b.days])).toEqual([
      ['2024-02-04', 31],
      ['2024-03-05', 31],
    ]);
  });

  it('reads day-first dates when a day over 12 says so, or when the caller asks', () => {
    const text = 'From,To,kWh,Amount\n15/01/2024,14/02/2024,320,55.10\n';
    expect(figures(text)[0]).toMatchObject({ periodStart: '2024-01-15', periodEnd: '2024-02-14' });
    const ambiguous =
      'From,To,kWh,Amount\n01/02/2024,29/02/2024,320,55.10\n03/03/2024,02/04/2024,1,1\n';
    expect(figures(ambiguous)[0]).toMatchObject({ periodStart: '2024-02-01' });
    const asked = 'From,To,kWh,Amount\n01/02/2024,28/02/2024,320,55.10\n';
    expect(figures(asked, { dayFirst: true })[0]).toMatchObject({ periodStart: '2024-02-01' });
  });

  it('leaves out a total row without dates, saying so, and keeps a bill without a cost', () => {
    const text = [
      'Start Date,End Date,kWh,Cost',
      '2024-01-01,2024-01-31,100,',
      '2024-02-01,2024-02-29,200,30.00',
      'Total,,300,30.00',
    ].join('\n');
    // "Total" is text where a date belongs: an error, not a silent skip.
    expect(errorOf(text)).toMatch(/line 4: Start Date is "Total", not a date that exists/);
    const history = readBillingHistory(text.replace('Total,', ','));
    expect(history.bills.map((b) => [b.usage, b.costCents])).toEqual([
      [100, null],
      [200, 3000],
    ]);
    expect(history.notes).toEqual(['Line 4 has no dates (a total or a remark?) and was left out.']);
  });

  it('says so when the file does not give the usage unit', () => {
    const text = 'Start Date,End Date,Usage,Amount\n2024-01-01,2024-01-31,100,12.00\n';
    const history = readBillingHistory(text);
    expect(history.bills[0]?.unit).toBeNull();
    expect(history.notes.join(' ')).toMatch(/does not say the usage unit/);
  });

  describe('a bad file is refused with its line', () => {
    const header = 'Service From,Service To,Usage (kWh),Amount';
    it('text in a number column', () => {
      const text = `${header}\n01/01/2024,01/31/2024,100,10.00\n02/01/2024,02/29/2024,about 90,9.00\n`;
      expect(errorOf(text)).toBe(
        'billing history CSV, line 3: Usage (kWh) is "about 90", not a number',
      );
    });
    it('an end before its start', () => {
      const text = `${header}\n03/01/2024,02/01/2024,100,10.00\n`;
      expect(errorOf(text)).toBe(
        'billing history CSV, line 2: Service To ends on 2024-02-01, before the period starts (2024-03-01)',
      );
    });
    it('a date that does not exist', () => {
      const text = `${header}\n01/01/2024,01/31/2024,100,10.00\n02/01/2024,02/30/2024,90,9.00\n`;
      expect(errorOf(text)).toBe(
        'billing history CSV, line 3: Service To is "02/30/2024", not a date that exists',
      );
    });
    it('a days column that is not a whole number', () => {
      const text = 'Read Date,Days,Therms,Cost\n2024-02-06,29.5,52,81.07\n';
      expect(errorOf(text)).toMatch(/line 2: Days is "29.5", not a whole number of days/);
    });
    it('a header without bills', () => {
      expect(errorOf(`${header}\n`)).toMatch(/no bills under its header/);
    });
  });
});

describe('billing history detection', () => {
  const hours = (from: string, count: number, minutes = 60): SyntheticReading[] =>
    Array.from({ length: count }, (_, i) => ({
      start: Date.parse(from) + i * minutes * 60_000,
      minutes,
      kWh: 0.25 + (i % 7) / 10,
      cost: 0.05,
    }));

  it('takes none of the interval files the importers read', () => {
    const readings = hours('2024-03-01T08:00:00Z', 24 * 40);
    const files = [
      writePgeCsv(readings),
      writeSceCsv(readings),
      writeSdgeCsv(readings),
      writeGenericCsv(readings, 'America/Los_Angeles'),
      writeGenericCsv(readings, 'America/Los_Angeles', { local: false }),
      writeEspiXml(readings),
      'Start,End,Usage (kWh)\n2024-01-01 00:00,2024-01-01 00:15,0.4\n2024-01-01 00:15,2024-01-01 00:30,0.5\n',
    ];
    for (const text of files) {
      expect(isBillingHistory(text)).toBe(false);
      // ... and they still import as intervals.
      expect(
        importIntervals(text, { timeZone: 'America/Los_Angeles' }).channels.length,
      ).toBeGreaterThan(0);
    }
  });

  it('takes no file of periods a day long or shorter, nor one without a period', () => {
    const files = [
      // Start and end columns, but intervals: minutes, hours and single days.
      'Start Date,End Date,kWh\n2024-01-01,2024-01-02,12.5\n2024-01-02,2024-01-03,11.0\n',
      'Start Date,End Date,kWh\n2024-01-01,2024-01-01,12.5\n2024-01-02,2024-01-02,11.0\n',
      'Date,Start Time,End Time,Usage (kWh),Cost\n2024-01-01,00:00,00:59,1.2,0.30\n',
      'Read Date,kWh\n2024-01-01,12.5\n2024-01-02,11.0\n',
      'Start Date,Days,kWh\n2024-01-01,1,12.5\n2024-01-02,1,11.0\n',
      'Start,End,kWh\n2024-01-01T00:00:00-08:00,2024-01-01T00:15:00-08:00,0.3\n',
      'Start,End,kWh\n2024-01-01T00:00:00-08:00,2024-01-01T00:00:00-08:00,0.3\n',
    ];
    for (const text of files) expect(isBillingHistory(text)).toBe(false);
  });

  it('takes a billing history whose first bills are bad, so the reader can say what is wrong', () => {
    expect(isBillingHistory('Start Date,End Date,kWh,Cost\n2024-03-01,2024-02-01,141.2,40\n')).toBe(
      true,
    );
    expect(
      isBillingHistory(
        'Service From,Service To,Usage (kWh),Amount\n02/01/2023,02/29/2023,141.2,$40\n',
      ),
    ).toBe(true);
  });

  it('takes none of the real utility exports', () => {
    const walk = (dir: string): string[] =>
      readdirSync(dir).flatMap((name) => {
        const full = path.join(dir, name);
        return statSync(full).isDirectory() ? walk(full) : [full];
      });
    const exports = walk(UTILITY_FIXTURES).filter((f) => /\.(csv|xml)$/i.test(f));
    expect(exports.length).toBeGreaterThan(2);
    for (const file of exports) expect(isBillingHistory(readFileSync(file))).toBe(false);
  });
});

describe('a billing history against interval data', () => {
  // Ten days of 15-minute readings of 0.1 kWh in Los Angeles: 9.6 kWh a day.
  const start = Date.parse('2024-01-01T08:00:00Z');
  const readings = Array.from({ length: 10 * 96 }, (_, i) => ({
    start: start + i * 900_000,
    minutes: 15,
    kWh: 0.1,
  }));
  const series = toCanonicalSeries(
    importIntervals(writeGenericCsv(readings, 'America/Los_Angeles'), {
      timeZone: 'America/Los_Angeles',
    }),
  );

  it('matches a bill in kWh over its local days and flags one that is off', () => {
    const { bills } = readBillingHistory(
      'Start Date,End Date,Usage (kWh),Cost\n01/01/2024,01/05/2024,48,9.00\n01/06/2024,01/10/2024,50,9.50\n',
    );
    const [first, second] = bills.map((b) => reconcileHistoryBill(series, b, 'history.csv'));
    expect(first).toMatchObject({
      source: 'billing history',
      label: 'history.csv, line 2',
      statedKWh: 48,
      coveragePct: 100,
      matches: true,
      statedCost: 9,
    });
    expect(first?.intervalKWh).toBeCloseTo(48, 9);
    expect(second).toMatchObject({ label: 'history.csv, line 3', matches: false });
    expect(second?.differenceKWh).toBeCloseTo(-2, 9);
  });

  it('does not compare therms with the electric kWh, and says so', () => {
    const { bills } = readBillingHistory(
      'Start Date,End Date,Therms,Cost\n01/01/2024,01/05/2024,48,30.00\n',
    );
    const check = reconcileHistoryBill(series, bills[0] as (typeof bills)[number], 'gas.csv');
    expect(check).toMatchObject({
      statedKWh: undefined,
      matches: undefined,
      statedCost: 30,
      verdictNote: 'gas usage in therms, not compared with the electric interval kWh',
    });
  });
});
