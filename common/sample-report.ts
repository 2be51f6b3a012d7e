/**
 * The illustrative report shown in the landing page's sample modal: one
 * commercial account over a one-month billing period. Invented data, not a real customer.
 */
type SampleReportFile = {
  fileName: string;
  fileType: 'pdf' | 'csv';
  description: string;
  /** Bytes. */
  fileSize: number;
};

export type SampleReport = {
  accountName: string;
  accountNumber: string;
  utilityProvider: string;
  serviceState: string;
  serviceAddress: string;
  /** Calendar dates, YYYY-MM-DD. */
  billingPeriodStart: string;
  billingPeriodEnd: string;
  usageKwh: number;
  costCents: number;
  files: SampleReportFile[];
};

export const SAMPLE_REPORT: SampleReport = {
  accountName: 'Riverside Commercial Properties LLC',
  accountNumber: '4821-7390-0056',
  utilityProvider: 'Pacific Gas and Electric (PG&E)',
  serviceState: 'California',
  serviceAddress: '1250 Harbor Boulevard, Oakland, CA 94607',
  billingPeriodStart: '2024-09-01',
  billingPeriodEnd: '2024-09-30',
  usageKwh: 45_720,
  costCents: 824_750,
  files: [
    {
      fileName: 'statement-2024-09.pdf',
      fileType: 'pdf',
      description: 'Utility statement, September 2024',
      fileSize: 251_904,
    },
    {
      fileName: 'statement-2024-08.pdf',
      fileType: 'pdf',
      description: 'Utility statement, August 2024',
      fileSize: 247_808,
    },
    {
      fileName: 'interval-data-2024-09.csv',
      fileType: 'csv',
      description: '15-minute interval data, September 2024',
      fileSize: 118_784,
    },
    {
      fileName: 'interval-data-2024-08.csv',
      fileType: 'csv',
      description: '15-minute interval data, August 2024',
      fileSize: 122_880,
    },
  ],
};
