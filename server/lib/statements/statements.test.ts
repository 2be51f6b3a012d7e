import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { UTILITY_FIXTURES } from '../../test/utility-fixtures.ts';
import { BillReadError, extractBill } from './index.ts';
import { linesOf, writePdf } from './testing/pdf.ts';

const fixtures = UTILITY_FIXTURES;
const PGE_BILL = readFileSync(
  path.join(fixtures, 'bills', 'pge_3ce_anonymous_sample_bill_2022-12.pdf'),
);

describe('the PG&E sample statement', () => {
  it('gives every figure printed on it', async () => {
    const bill = await extractBill(new Uint8Array(PGE_BILL));
    expect(bill).toMatchObject({ layout: 'pge', hasText: true, pages: 6, missing: [] });
    expect(bill.facts).toEqual({
      accountNumber: '0000000000-0',
      statementDate: '2022-12-09',
      periodStart: '2022-11-08',
      periodEnd: '2022-12-08',
      totalKWh: 327.119,
      amountDueCents: 9624,
      dueDate: '2022-12-30',
      rateSchedule: 'E-TOU-C',
      deliveryChargesCents: 6211,
      generationChargesCents: 3433,
      currentChargesCents: 9644,
      previousBalanceCents: 10180,
      serviceAddress: '1234 Main Street',
    });
    expect(bill.notes).toContain(
      'Rate schedule E-TOU-C read from PG&E\'s name for it: "Time-of-Use (Peak Pricing 4 - 9 p.m. Every Day)".',
    );
  });
});

describe('another utility’s statement, by the usual labels', () => {
  it('finds the facts on the label’s line and on the line after a lone label', async () => {
    const pdf = writePdf([
      [
        ...linesOf([
          'Riverside Power & Light',
          'Account Number: 12-3456-789',
          'Customer Name: Jane Q. Customer',
          'Service Address: 77 Elm Street, Springfield',
          'Bill Date: December 9, 2022',
          'Billing Period: 11/08/22 - 12/08/22',
          'Rate Schedule: RS-1 Residential',
          'Previous Balance $1,101.80',
          'Delivery Charges $62.11',
          'Supply Charges $34.33',
          'Total Current Charges $96.44',
          'Total kWh Used 1,327.5 kWh',
          'Amount Due',
          '$1,096.24',
          'Please pay by Dec 30, 2022',
        ]),
      ],
    ]);
    const bill = await extractBill(pdf);
    expect(bill.layout).toBe('general');
    expect(bill.missing).toEqual([]);
    expect(bill.facts).toEqual({
      accountNumber: '12-3456-789',
      accountName: 'Jane Q. Customer',
      serviceAddress: '77 Elm Street, Springfield',
      statementDate: '2022-12-09',
      periodStart: '2022-11-08',
      periodEnd: '2022-12-08',
      rateSchedule: 'RS-1 Residential',
      previousBalanceCents: 110180,
      deliveryChargesCents: 6211,
      generationChargesCents: 3433,
      currentChargesCents: 9644,
      totalKWh: 1327.5,
      amountDueCents: 109624,
      dueDate: '2022-12-30',
    });
  });

  it('lists what is not on the statement instead of guessing it', async () => {
    const pdf = writePdf([
      linesOf([
        'Lakeshore Electric Cooperative',
        'Account # 99887766',
        'Statement Date 2023-03-05',
        'Service period 2023-02-01 to 2023-02-28',
        'Energy Used 642 kWh',
        'Credit applied (12.50)',
        'Amount Due $88.10',
        'Late fee after 30 days $5.00',
      ]),
    ]);
    const bill = await extractBill(pdf);
    expect(bill.facts).toMatchObject({
      accountNumber: '99887766',
      statementDate: '2023-03-05',
      periodStart: '2023-02-01',
      periodEnd: '2023-02-28',
      totalKWh: 642,
      amountDueCents: 8810,
    });
    expect(bill.facts.dueDate).toBeUndefined();
    expect(bill.facts.rateSchedule).toBeUndefined();
    expect(bill.missing).toEqual(['dueDate', 'rateSchedule']);
    expect(bill.notes).toContain('Not found on the statement: due date, rate schedule.');
  });

  it('reads credits as negative amounts', async () => {
    const bill = await extractBill(
      writePdf([
        linesOf(['Previous Balance -$0.20', 'Total New Charges (12.34)', 'Amount Due 45.00 CR']),
      ]),
    );
    expect(bill.facts).toMatchObject({
      previousBalanceCents: -20,
      currentChargesCents: -1234,
      amountDueCents: -4500,
    });
  });
});

describe('statements that cannot be read for facts', () => {
  it('keeps a scanned statement and flags it for the facts to be entered by hand', async () => {
    const bill = await extractBill(writePdf(['image', 'image']));
    expect(bill).toMatchObject({ hasText: false, pages: 2, facts: {} });
    expect(bill.notes).toEqual(['no text; facts entered by hand']);
    expect(bill.missing).toHaveLength(8);
  });

  it('refuses bytes that are not a PDF, and a PDF cut short', async () => {
    await expect(extractBill(new TextEncoder().encode('<html>Sign in</html>'))).rejects.toThrow(
      new BillReadError('it does not start with %PDF-'),
    );
    const truncated = new Uint8Array(PGE_BILL).subarray(0, 2000);
    await expect(extractBill(truncated)).rejects.toBeInstanceOf(BillReadError);
  });
});
