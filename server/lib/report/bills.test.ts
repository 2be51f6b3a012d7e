import { describe, expect, it } from 'vitest';
import { addressesDiffer, statementGap } from './bills.ts';
import { renderReport } from './index.ts';
import { intervalsOf, reportFile, reportInput } from './testing/factories.ts';
import { PGE_BILL } from './testing/layout-inputs.ts';
import type { ReportBill, ReportInput } from './types.ts';

const coverOf = (html: string) =>
  html.slice(html.indexOf('<header class="cover'), html.indexOf('</header>'));
const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&#61;/g, '=')
    .replace(/\s+/g, ' ');

/** A year of hourly readings, 2024-01-01 to 2024-12-31, 1 kWh each, imported as a CSV. */
function yearOfIntervals(): NonNullable<ReportInput['intervals']> {
  const rows = ['Interval End,kWh'];
  const start = Date.UTC(2024, 0, 1);
  for (let hour = 1; hour <= 366 * 24; hour++) {
    const end = new Date(start + hour * 3_600_000).toISOString();
    rows.push(`${end.slice(0, 10)} ${end.slice(11, 16)},1`);
  }
  return intervalsOf('usage-2024.csv', rows.join('\n'), 'Arizona');
}

describe('the bill on the cover', () => {
  const { html } = renderReport(
    reportInput({
      files: [reportFile({ name: PGE_BILL.fileName })],
      bills: [PGE_BILL],
    }),
  );
  const cover = textOf(coverOf(html));

  it('states each fact printed on the statement', () => {
    expect(cover).toContain('Statement date 2022-12-09');
    expect(cover).toContain('Billing period 2022-11-08 to 2022-12-08 (31 days)');
    expect(cover).toContain('Rate schedule E-TOU-C');
    expect(cover).toContain('Amount due $96.24');
    expect(cover).toContain('Due date 2022-12-30');
    expect(cover).toContain('Account number 0000000000-0');
    expect(cover).toContain('Service address 1234 Main Street');
    expect(cover).toMatch(/Usage 327\.12\d? kWh/);
  });

  it('notes that the bill names another service address than the one given', () => {
    expect(cover).toContain(
      'The statement of 2022-12-09 is printed for the service address “1234 Main Street”, not the “12 Pier Rd, Oakland CA” given for this account.',
    );
  });

  it('says on the cover that the second statement is missing', () => {
    expect(cover).toContain('Not included in this report');
    expect(cover).toContain('Only one utility statement (PDF) was provided');
  });

  it('lists two statements newest first as given, and a scanned one without facts', () => {
    const older = { ...PGE_BILL, fileName: 'older.pdf', statementDate: '2022-11-09' };
    const scan: ReportBill = {
      fileName: 'scan.pdf',
      hasText: false,
      unreadReason: 'It has no text to read (a scan).',
    };
    const two = textOf(coverOf(renderReport(reportInput({ bills: [PGE_BILL, older, scan] })).html));
    expect(two).toContain('The 3 bills, newest first');
    expect(two.indexOf('2022-12-09')).toBeLessThan(two.indexOf('2022-11-09'));
    expect(two).toContain('scan.pdf It has no text to read (a scan).');
  });
});

describe('a bill from abroad', () => {
  it('states its amount in the currency it prints', () => {
    const euros = { ...PGE_BILL, amountDueCents: 123_456, currency: 'EUR' };
    const cad = {
      ...PGE_BILL,
      statementDate: '2022-11-09',
      amountDueCents: 9_624,
      currency: 'CAD',
    };
    const cover = textOf(coverOf(renderReport(reportInput({ bills: [euros, cad] })).html));
    expect(cover).toContain('Amount due €1,234.56');
    expect(cover).toContain('Amount due CA$96.24');
  });
});

describe('the periods on the cover', () => {
  it('labels the interval data’s range as such, and names no billing period it does not have', () => {
    const { html, summary } = renderReport(
      reportInput({ intervals: yearOfIntervals(), bills: [PGE_BILL] }),
    );
    const cover = textOf(coverOf(html));
    expect(cover).toContain('Interval data 2024-01-01 to 2024-12-31 (12 months)');
    expect(cover).not.toContain('Billing period 2024-01-01');
    expect(summary.missing).toContain(
      'No statement covers the end of the interval data (2024-12-31): the newest statement ends 2022-12-08, 25 months before it. A statement within 45 days of the interval data’s end is needed to read the two side by side.',
    );
    expect(cover).toContain('No statement covers the end of the interval data');
  });

  it('asks for nothing more when a statement ends near the interval data', () => {
    const recent = { ...PGE_BILL, periodStart: '2024-11-20', periodEnd: '2024-12-19' };
    const { summary } = renderReport(
      reportInput({ intervals: yearOfIntervals(), bills: [recent, PGE_BILL] }),
    );
    expect(summary.missing.filter((m) => m.startsWith('No statement covers'))).toEqual([]);
  });
});

describe('statementGap', () => {
  it('measures from the statement nearest the interval data’s end', () => {
    expect(statementGap([{ ...PGE_BILL, periodEnd: '2025-03-17' }], '2025-01-31')).toBeUndefined();
    expect(statementGap([{ ...PGE_BILL, periodEnd: '2025-03-18' }], '2025-01-31')).toContain(
      '7 weeks after it',
    );
    expect(statementGap([PGE_BILL], undefined)).toBeUndefined();
    expect(statementGap([{ fileName: 'scan.pdf', hasText: false }], '2025-01-31')).toBeUndefined();
  });
});

describe('addressesDiffer', () => {
  it('takes a bill that adds the city, or writes Street as St, for the same address', () => {
    expect(addressesDiffer('1234 Main St', '1234 MAIN STREET, Oakland, CA 94607')).toBe(false);
    expect(addressesDiffer('1234 Main Street, Oakland', '1234 Main St.')).toBe(false);
  });

  it('tells another street or number apart', () => {
    expect(addressesDiffer('12 Pier Rd, Oakland CA', '1234 Main Street')).toBe(true);
    expect(addressesDiffer('1235 Main Street', '1234 Main Street')).toBe(true);
  });
});
