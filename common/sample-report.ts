/**
 * The landing page's sample report: an invented home in Fresno, California, with rooftop solar,
 * and a year of synthetic 15-minute data. The server generates the report from these facts with
 * the engine real reports use (server/features/reports/sample); the landing page shows a few of
 * its figures and opens the report itself. The figures below are what the generated report
 * states: a test fails when the generator changes and they are not updated.
 */
export const SAMPLE_REPORT = {
  /** The report's title: "sample" in the name, so a copy passed around says what it is. */
  accountName: 'Whitfield residence (sample)',
  customerName: 'Dana Whitfield',
  customerEmail: 'dana.whitfield@example.com',
  preparedBy: 'Sunrise Solar Design',
  accountNumber: '4821739005-6',
  serviceAddress: '2718 Sample Lane, Fresno, CA 93704',
  meterNumber: '1009876543',
  utilityProvider: 'Pacific Gas and Electric (PG&E)',
  serviceState: 'California',
  /** The year of interval data, local calendar dates. */
  periodStart: '2024-09-01',
  periodEnd: '2025-08-31',
  /** kWh delivered from the grid over the year. */
  usageKwh: 8701.907,
  /** The year's cost under the time-of-use rate, solar exports credited. */
  costCents: 296_127,
  /** Average kW drawn from the grid in each local hour of a weekday (0 = midnight). */
  weekdayProfileKw: [
    0.54, 0.57, 0.61, 0.64, 0.66, 0.98, 1.71, 1.28, 0.38, 0.15, 0.1, 0.07, 0.05, 0.04, 0.05, 0.09,
    0.61, 2.13, 3.05, 2.97, 2.51, 2.16, 1.24, 0.61,
  ],
  htmlUrl: '/api/sample-report.html',
  pdfUrl: '/api/sample-report.pdf',
  pdfFileName: 'sample-utility-report.pdf',
} as const;
