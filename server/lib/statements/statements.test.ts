import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { UTILITY_FIXTURES } from '../../test/utility-fixtures.ts';
import { BillReadError, extractBill } from './index.ts';
import { linesOf, rowsOf, writePdf } from './testing/pdf.ts';
import { amountsIn, datesIn, fold, quantityOf } from './values.ts';

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

describe('statements in English, French and Spanish', () => {
  it('reads an Irish bill: labels and values on one line, dates day first, euros', async () => {
    const bill = await extractBill(
      writePdf([
        linesOf([
          'Emerald Energy Ltd',
          'Account number: IE-4471-0098',
          'Supply address: 12 Harbour Road, Cork',
          'Your rate may change with 30 days notice: see our website.',
          'Bill date: 6 December 2023',
          'Billing period: 05/11/2023 to 04/12/2023',
          'Tariff: Standard 24hr',
          'Electricity used 412.6 kWh',
          'Total amount payable  €1,204.37',
          'Payment due by 11/12/2023',
        ]),
      ]),
    );
    expect(bill.missing).toEqual([]);
    expect(bill.facts).toEqual({
      accountNumber: 'IE-4471-0098',
      serviceAddress: '12 Harbour Road, Cork',
      statementDate: '2023-12-06',
      periodStart: '2023-11-05',
      periodEnd: '2023-12-04',
      rateSchedule: 'Standard 24hr',
      totalKWh: 412.6,
      amountDueCents: 120437,
      dueDate: '2023-12-11',
      currency: 'EUR',
    });
    // No date says by itself which number is the day: the notes say how they were read.
    expect(bill.notes[1]).toBe(
      'Language: English (by its wording); numeric dates day first (DD/MM/YYYY) as usual in the English of the UK, Ireland and Australia (the statement prints "Ltd"): none of them tells day from month by itself; decimal point.',
    );
  });

  it('reads an English table of headings with the values under them, and a value below its label', async () => {
    const bill = await extractBill(
      writePdf([
        rowsOf([
          'Northern Lights Hydro',
          [
            [50, 'Account Number'],
            [220, 'Statement Date'],
            [400, 'Due Date'],
          ],
          [
            [50, '778-2210-5'],
            [220, 'Jan 12, 2024'],
            [400, 'Feb 2, 2024'],
          ],
          'Service period',
          'Dec 8 - Jan 9, 2024 (32 days)',
          [
            [50, 'Rate Schedule'],
            [220, 'Residential R1'],
          ],
          [
            [50, 'Meter'],
            [220, 'Total kWh'],
            [400, 'Amount'],
          ],
          [
            [50, 'M-1002'],
            [220, '1,096'],
            [400, '$120.55'],
          ],
          'Amount Due',
          'CAD 1,096.24',
        ]),
      ]),
    );
    expect(bill.missing).toEqual([]);
    expect(bill.facts).toEqual({
      accountNumber: '778-2210-5',
      statementDate: '2024-01-12',
      dueDate: '2024-02-02',
      periodStart: '2023-12-08',
      periodEnd: '2024-01-09',
      rateSchedule: 'Residential R1',
      totalKWh: 1096,
      amountDueCents: 109624,
      currency: 'CAD',
    });
  });

  it('reads a French bill: one line per fact, month names, a narrow no-break space in thousands', async () => {
    const bill = await extractBill(
      writePdf([
        linesOf([
          'Électricité de Provence',
          'Numéro de compte : 4402 118 903',
          'Adresse de service : 8 rue des Lilas, 13100 Aix-en-Provence',
          'Facture du 12 janvier 2024',
          'Période de facturation : du 8 novembre au 8 décembre 2023',
          'Tarif : Bleu Base 6 kVA',
          'Consommation : 1\u202f327,5 kWh',
          'Total à payer : 1\u202f234,56 €',
          'À payer avant le 26/01/2024',
        ]),
      ]),
    );
    expect(bill.missing).toEqual([]);
    expect(bill.facts).toEqual({
      accountNumber: '4402 118 903',
      serviceAddress: '8 rue des Lilas, 13100 Aix-en-Provence',
      statementDate: '2024-01-12',
      periodStart: '2023-11-08',
      periodEnd: '2023-12-08',
      rateSchedule: 'Bleu Base 6 kVA',
      totalKWh: 1327.5,
      amountDueCents: 123456,
      dueDate: '2024-01-26',
      currency: 'EUR',
    });
    expect(bill.notes[1]).toMatch(/^Language: French \(by its wording\); numeric dates day first/);
  });

  it('reads a Québec bill: headings above their values, "1 096,24 $" and dollars named in words', async () => {
    const bill = await extractBill(
      writePdf([
        rowsOf([
          'Hydro-Exemple',
          [
            [50, 'Date de la facture'],
            [230, 'Date d’échéance'],
            [420, 'Montant dû'],
          ],
          [
            [50, '2024-01-12'],
            [230, '2024-02-02'],
            [420, '1 096,24 $'],
          ],
          'Période de consommation',
          'Du 2023-11-08 au 2024-01-09  (62 jours)',
          'Tarif D',
          [
            [50, 'Compteur'],
            [230, 'Consommation (kWh)'],
            [420, 'Montant'],
          ],
          [
            [50, 'M-558201'],
            [230, '2 410'],
            [420, '187,33 $'],
          ],
          'N° de compte',
          '2999 0417 882',
          'Montants en dollars canadiens.',
        ]),
      ]),
    );
    expect(bill.missing).toEqual([]);
    expect(bill.facts).toEqual({
      statementDate: '2024-01-12',
      dueDate: '2024-02-02',
      amountDueCents: 109624,
      periodStart: '2023-11-08',
      periodEnd: '2024-01-09',
      rateSchedule: 'D',
      totalKWh: 2410,
      accountNumber: '2999 0417 882',
      currency: 'CAD',
    });
  });

  it('reads a Spanish bill: "de enero de", "1.234,56 €" and "1.327 kWh"', async () => {
    const bill = await extractBill(
      writePdf([
        linesOf([
          'Eléctrica del Norte S.A.',
          'Titular: María López García',
          'Número de cuenta: ES-0021-7788',
          'Dirección de servicio: Calle Mayor 14, 28013 Madrid',
          'Fecha de factura: 12 de enero de 2024',
          'Periodo de facturación: del 8 de noviembre al 8 de diciembre de 2023',
          'Tarifa: 2.0TD',
          'Energía consumida  1.327 kWh',
          'Importe total  1.234,56 €',
          'Fecha de vencimiento: 26/01/2024',
        ]),
      ]),
    );
    expect(bill.missing).toEqual([]);
    expect(bill.facts).toEqual({
      accountName: 'María López García',
      accountNumber: 'ES-0021-7788',
      serviceAddress: 'Calle Mayor 14, 28013 Madrid',
      statementDate: '2024-01-12',
      periodStart: '2023-11-08',
      periodEnd: '2023-12-08',
      rateSchedule: '2.0TD',
      totalKWh: 1327,
      amountDueCents: 123456,
      dueDate: '2024-01-26',
      currency: 'EUR',
    });
    expect(bill.notes[1]).toBe(
      'Language: Spanish (by its wording); numeric dates day first (a day over 12 is printed first); decimal comma.',
    );
  });

  it('reads a Mexican bill: a table of headings, two columns, "$1,234.56 MXN"', async () => {
    const bill = await extractBill(
      writePdf([
        rowsOf([
          'Comisión de Electricidad Ejemplo',
          [
            [50, 'Número de cuenta'],
            [220, 'Fecha de emisión'],
            [400, 'Pagar antes de'],
          ],
          [
            [50, '5550 1234 8899'],
            [220, '12/01/2024'],
            [400, '26/01/2024'],
          ],
          'Periodo de facturación',
          'del 15/11/2023 al 14/12/2023',
          [
            [50, 'Tarifa'],
            [220, '1C'],
          ],
          [
            [50, 'Concepto'],
            [220, 'Consumo'],
            [400, 'Importe'],
          ],
          [
            [50, 'Energía'],
            [220, '1,327 kWh'],
            [400, '$1,096.24'],
          ],
          'Monto a pagar',
          '$1,234.56 MXN',
        ]),
      ]),
    );
    expect(bill.missing).toEqual([]);
    expect(bill.facts).toEqual({
      accountNumber: '5550 1234 8899',
      statementDate: '2024-01-12',
      dueDate: '2024-01-26',
      periodStart: '2023-11-15',
      periodEnd: '2023-12-14',
      rateSchedule: '1C',
      totalKWh: 1327,
      amountDueCents: 123456,
      currency: 'MXN',
    });
  });

  it('lists what a French bill does not print, and records no currency for "$" alone', async () => {
    const fr = await extractBill(
      writePdf([
        linesOf([
          'Facture d’électricité',
          'Numéro client : 77 001',
          'Date de facture : 03/02/2024',
          'Période : du 01/01/2024 au 31/01/2024',
          'Montant total à payer : 58,20 €',
        ]),
      ]),
    );
    expect(fr.facts).toEqual({
      accountNumber: '77 001',
      statementDate: '2024-02-03',
      periodStart: '2024-01-01',
      periodEnd: '2024-01-31',
      amountDueCents: 5820,
      currency: 'EUR',
    });
    expect(fr.missing).toEqual(['totalKWh', 'dueDate', 'rateSchedule']);
    expect(fr.notes).toContain(
      'Not found on the statement: total usage (kWh), due date, rate schedule.',
    );
    expect(fr.notes[1]).toMatch(
      /^Language: French .*numeric dates day first \(a day over 12 is printed first\)/,
    );

    const es = await extractBill(
      writePdf([linesOf(['Número de cuenta 4411', 'Total a pagar: $ 310.00', 'Consumo: 200 kWh'])]),
    );
    expect(es.facts).toEqual({ accountNumber: '4411', amountDueCents: 31000, totalKWh: 200 });
    expect(es.missing).toEqual([
      'statementDate',
      'periodStart',
      'periodEnd',
      'dueDate',
      'rateSchedule',
    ]);
    expect(es.notes).toContain(
      'Amounts in $ without saying which dollar: the currency is not recorded.',
    );
  });
});

describe('the service period in each language’s forms', () => {
  it.each([
    ['Période de facturation : du 1er au 30 novembre 2022', '2022-11-01', '2022-11-30'],
    ['Période de consommation : du 8 décembre au 8 janvier 2024', '2023-12-08', '2024-01-08'],
    ['Periodo de facturación: del 1 al 31 de enero de 2024', '2024-01-01', '2024-01-31'],
    ['Periodo de consumo  15/12/2023 - 14/01/2024', '2023-12-15', '2024-01-14'],
    ['Service period: Nov 8 – Dec 8, 2022', '2022-11-08', '2022-12-08'],
    ['Billing period 8 Nov 2022 to 8 Dec 2022', '2022-11-08', '2022-12-08'],
  ])('%s', async (line, start, end) => {
    const bill = await extractBill(writePdf([linesOf(['Statement / Facture / Factura', line])]));
    expect([bill.facts.periodStart, bill.facts.periodEnd]).toEqual([start, end]);
  });

  it('takes an unlabelled "du … au …" only when no period is labelled, and says so', async () => {
    const read = async (lines: string[]) => (await extractBill(writePdf([linesOf(lines)]))).facts;
    const offer = 'Offre valable du 01/01/2024 au 31/12/2024';
    expect(await read(['Facture', offer, 'Période : 01/02/2024 - 29/02/2024'])).toMatchObject({
      periodStart: '2024-02-01',
      periodEnd: '2024-02-29',
    });
    const bill = await extractBill(
      writePdf([linesOf(['Facture', 'Relevé du 01/02/2024 au 29/02/2024'])]),
    );
    expect(bill.facts).toMatchObject({ periodStart: '2024-02-01', periodEnd: '2024-02-29' });
    expect(bill.notes).toContain(
      'Service period read from a range of dates without a period label.',
    );
  });
});

describe('values as statements print them', () => {
  it('reads amounts in each language’s format, credits negative', () => {
    const read = (text: string) =>
      amountsIn(fold(text)).map((a) => [a.cents, a.currency ?? (a.marked ? '?' : '-')]);
    expect(read('1\u202f234,56 $ · 1\u00a0234,56 € · 1.234,56 € · 1,234.56 · £96.24')).toEqual([
      [123456, '?'],
      [123456, 'EUR'],
      [123456, 'EUR'],
      [123456, '-'],
      [9624, 'GBP'],
    ]);
    expect(read('CAD 96.24 · 96,24 EUR · (12,34 €) · -0,20 € · 45.00 CR · 96 €')).toEqual([
      [9624, 'CAD'],
      [9624, 'EUR'],
      [-1234, 'EUR'],
      [-20, 'EUR'],
      [-4500, '-'],
      [9600, 'EUR'],
    ]);
    // A whole number without a currency is a count (31 days), and 1,234,56 is no number.
    expect(read('31 jours · 1,234,56')).toEqual([]);
  });

  it('reads quantities with the statement’s decimal mark', () => {
    expect(quantityOf('327,119', ',')).toBe(327.119);
    expect(quantityOf('327,119', '.')).toBe(327119);
    expect(quantityOf('1.327', ',')).toBe(1327);
    expect(quantityOf('1 327,5', ',')).toBe(1327.5);
    expect(quantityOf('1,327.5', ',')).toBe(1327.5);
    expect(quantityOf('327.5', ',')).toBe(327.5);
  });

  it('reads dates with month names in three languages, and numeric ones in the statement’s order', () => {
    const iso = (text: string, order: 'mdy' | 'dmy') =>
      datesIn(fold(text), { order, decimal: '.' }).map((d) =>
        [d.year ?? '?', d.month, d.day].join('-'),
      );
    expect(
      iso('12 janvier 2024, 1er février 2024, 12 de enero de 2024, 3 févr. 2024', 'dmy'),
    ).toEqual(['2024-1-12', '2024-2-1', '2024-1-12', '2024-2-3']);
    expect(iso('Jan 12, 2024 · 12 January 2024 · 9-dic-2023 · 8 novembre', 'mdy')).toEqual([
      '2024-1-12',
      '2024-1-12',
      '2023-12-9',
      '?-11-8',
    ]);
    expect(iso('11/08/2022 · 2022-11-08 · 08.11.2022', 'mdy')).toEqual([
      '2022-11-8',
      '2022-11-8',
      '2022-8-11',
    ]);
    expect(iso('11/08/2022 · 25/12/2022 · 12/25/2022', 'dmy')).toEqual(['2022-8-11', '2022-12-25']);
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
