// Reports to lay out in a browser: a real year of interval data with the real PG&E statement's
// facts, the same with the long names real portals and files produce, and a report with no data.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { UTILITY_FIXTURES } from '../../../test/utility-fixtures.ts';
import type { ReportBill, ReportInput, ReportStorageAndSolar } from '../types.ts';
import { intervalsOf, reportFile, reportInput } from './factories.ts';

const INTERVAL_FILE = 'pge_dmd_hourly_2024-02-01_to_2025-01-31.csv';
const STATEMENT_FILE = 'pge_3ce_anonymous_sample_bill_2022-12.pdf';

/** What the PG&E sample statement says (as the statement reader finds it). */
/** The facts of the shared PG&E sample statement, as the statement reader finds them. */
export const PGE_BILL: ReportBill = {
  fileName: STATEMENT_FILE,
  hasText: true,
  statementDate: '2022-12-09',
  periodStart: '2022-11-08',
  periodEnd: '2022-12-08',
  rateSchedule: 'E-TOU-C',
  amountDueCents: 9624,
  dueDate: '2022-12-30',
  totalKWh: 327.119,
  accountNumber: '0000000000-0',
  serviceAddress: '1234 Main Street',
};

let intervals: NonNullable<ReportInput['intervals']> | undefined;
function pgeYear(): NonNullable<ReportInput['intervals']> {
  intervals ??= intervalsOf(
    INTERVAL_FILE,
    new Uint8Array(readFileSync(path.join(UTILITY_FIXTURES, 'csv', INTERVAL_FILE))),
  );
  return intervals;
}

/** A year of hourly PG&E data and its statement, as a report is usually built. */
export function pgeReport(): ReportInput {
  return reportInput({
    intervals: pgeYear(),
    bills: [PGE_BILL],
    files: [
      reportFile({ name: STATEMENT_FILE, size: 1_187_331 }),
      reportFile({
        name: INTERVAL_FILE,
        kind: 'interval',
        size: 412_980,
        sha256: '3f'.repeat(32),
        provenance:
          'Retrieved automatically from https://myaccount.pge.example.com/myaccount/energy-usage/green-button/download-my-data?format=csv&from=2024-02-01&to=2025-01-31',
        importStatus: 'imported',
      }),
    ],
  });
}

const LONG_TOKEN =
  'PGE_ELECTRIC_INTERVAL_DATA_EXPORT_FOR_SERVICE_AGREEMENT_0123456789012345_FROM_2024-02-01_TO_2025-01-31_HOURLY_KWH_DELIVERED';

/**
 * The same report with everything as long as real inputs make it: file names without a space,
 * portal URLs, a long account name and address, two statements (one unreadable), and notes on
 * how the file was read that quote a long column name.
 */
export function longNamesReport(): ReportInput {
  const base = pgeReport();
  const year = pgeYear();
  return {
    ...base,
    account: {
      ...base.account,
      accountName:
        'Harbor Bakery & Café — Central Kitchen, Commissary and Wholesale Distribution Center',
      customerEmail: 'accounts-payable.central-kitchen-commissary@harbor-bakery-and-cafe.example',
      serviceAddress:
        '12345 Northeast Industrial Parkway Boulevard, Building C, Suite 1200, Oakland CA 94607',
      meterNumbers: ['1009876543-METER-PRIMARY-0001', '1009876543-METER-SECONDARY-0002'],
    },
    intervals: {
      ...year,
      fileName: `${LONG_TOKEN}.csv`,
      quality: {
        ...year.quality,
        notes: [
          `The column “${LONG_TOKEN}” was read as delivered kWh: its header names no unit, and its values match the hourly readings.`,
          `Timestamps such as 2024-03-10T02:00:00-08:00/2024-03-10T03:00:00-07:00/PT1H were read as interval ends.`,
        ],
      },
    },
    storageAndSolar: longPlanStudy(),
    bills: [
      { ...PGE_BILL, fileName: `${LONG_TOKEN}_STATEMENT_2022-12.pdf` },
      {
        fileName: `${LONG_TOKEN}_SCANNED_STATEMENT_2022-11.pdf`,
        hasText: false,
        unreadReason: 'It has no text to read (a scan).',
      },
    ],
    files: [
      reportFile({ name: `${LONG_TOKEN}_STATEMENT_2022-12.pdf` }),
      reportFile({ name: `${LONG_TOKEN}_SCANNED_STATEMENT_2022-11.pdf`, sha256: 'c4'.repeat(32) }),
      reportFile({
        name: `${LONG_TOKEN}.csv`,
        kind: 'interval',
        sha256: '9e'.repeat(32),
        provenance: `Retrieved automatically from https://very.long.portal.example.com/customer-self-service/account-management/energy-usage-history/green-button-connect/download?accountUuid=6f1c2a9e-4b7d-4c1e-9a3f-0d2b8e7c5a41&format=csv&${'x'.repeat(90)}`,
        importStatus: 'imported',
      }),
      reportFile({
        name: `${LONG_TOKEN}_RETRY.xml`,
        kind: 'interval',
        sha256: '07'.repeat(32),
        importStatus: 'failed',
        importError: `Unexpected element <espi:${LONG_TOKEN}> at line 1, column 4096`,
      }),
    ],
  };
}

/**
 * The battery and export figures of a plan with a long name and a source without a space, with
 * demand charges and every export rule, as wide as the section's tables get.
 */
function longPlanStudy(): ReportStorageAndSolar {
  const sizes = [1, 2, 4].map((hours) => ({
    hours,
    energyKWh: 12.5 * hours,
    annualCents: 1_234_567 - hours * 45_678,
    savingsCents: hours * 45_678,
    strategy: 'demand and arbitrage' as const,
    dischargedKWh: 3_456.78 * hours,
    peakKw: 51.25,
    peakWithKw: 51.25 - 3.5 * hours,
  }));
  return {
    plan: {
      name: 'B-19 Medium General Demand-Metered Time-of-Use Service, Secondary Voltage, Option R',
      effectiveDate: '2026-06-01',
      source: `github.com/example-rates/utility-rate-archive@0123456789abcdef:${LONG_TOKEN}.json`,
    },
    periodStart: '2024-02-01',
    periodEnd: '2025-01-31',
    days: 366,
    annualCents: 1_234_567,
    battery: { powerKw: 12.5, chosen: true, roundTripEfficiency: 0.9, demandCharges: true, sizes },
    solar: {
      importKWh: 123_456.78,
      exportKWh: 23_456.78,
      planRule: 'Net Billing Hourly',
      hasExportPrices: true,
      withoutExportsCents: 1_345_678,
      rules: [
        { rule: 'Net Metering', annualCents: 1_034_567, exportValueCents: 311_111 },
        { rule: 'Net Billing Instantaneous', annualCents: 1_254_567, exportValueCents: 91_111 },
        { rule: 'Net Billing Hourly', annualCents: 1_234_567, exportValueCents: 111_111 },
      ],
      notValued: [
        {
          rule: 'Buy All Sell All',
          reason:
            'It buys the whole load and sells the whole solar output, and the meter data shows only what was imported and exported, not what the panels produced.',
        },
      ],
    },
  };
}

/** A report with nothing but the account: no interval data, no statement, no file. */
export const emptyReport = (): ReportInput => reportInput();
