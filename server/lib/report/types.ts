import type { GasAnalytics } from '../intervals/gas.ts';
import type { Analytics, CanonicalSeries, QualityReport } from '../intervals/index.ts';

/**
 * Everything a report is made from, gathered by the reports feature. The engine (this folder)
 * turns it into the report's HTML and its headline figures; it reads no database and no file.
 */
export interface ReportInput {
  report: {
    id: number;
    version: number;
    /** When this version was built. */
    generatedAt: Date;
  };
  account: {
    customerName: string;
    customerEmail: string;
    accountName: string | null;
    accountNumber: string | null;
    serviceAddress: string | null;
    /** Meter numbers, when known (from the interval file or the statements). */
    meterNumbers?: string[];
    providerName: string;
    /** US state name, e.g. "California"; abroad, region and country ("Ontario, Canada"). */
    providerState: string;
    /** The zone the provider's files are read in, when it names one (a utility abroad). */
    providerTimeZone?: string | null;
    /** The connection's period and figures as recorded (typed by an admin or imported). */
    startDate: string | null;
    endDate: string | null;
    usageKwh: number | null;
    costCents: number | null;
  };
  /**
   * Who the report is prepared by: the energy professional's company name (their username when
   * they have not named one) and their logo, for the cover.
   */
  preparedBy: { name: string; logo: ReportLogo | null };
  /** The newest imported interval series, analysed; null when there is no interval data. */
  intervals: {
    fileName: string;
    /** 'espi-xml', 'pge-csv', ... */
    format: string;
    series: CanonicalSeries;
    analytics: Analytics;
    quality: QualityReport;
  } | null;
  /** The newest gas series, in its own unit; absent or null without gas. */
  gas?: ReportGas | null;
  /** Every file on the connection, statements and interval files, in upload order. */
  files: ReportFile[];
  /**
   * What the connection's statement PDFs say, newest first by their own date; a statement whose
   * text could not be read is here with `hasText: false` and no facts.
   */
  bills: ReportBill[];
  /**
   * The bills of the connection's billing-history CSVs (one row per bill), each file's in file
   * order; absent or empty without one. Apart from `bills`, which are statement PDFs: each is
   * checked against the intervals in the data quality's reconciliation.
   */
  billingHistory?: ReportHistoryBill[];
  /** Battery power rating for the storage hint, kW; the engine picks one from the load when absent. */
  batteryKw?: number;
  /**
   * The provider's rate plans priced on the last 12 months of interval data by the tariff
   * engine; absent or null without interval data or without plans for the provider.
   */
  ratePlans?: ReportRatePlans | null;
  /**
   * The current rate plan's answer to a battery and to the exports: each battery size the report
   * models dispatched against the plan, and the exports valued under each export rule; absent or
   * null without a current plan.
   */
  storageAndSolar?: ReportStorageAndSolar | null;
}

/** The provider's rate plans priced on the same interval data, cheapest first. */
export interface ReportRatePlans {
  /** The rate schedule the newest statement naming one prints, and that statement's date. */
  rateSchedule: string | null;
  statementDate: string | null;
  /** The local days priced (both included): the last 12 months of the interval data. */
  periodStart: string;
  periodEnd: string;
  days: number;
  /** Every plan priced, cheapest first; the one matching `rateSchedule`, if any, is `current`. */
  plans: ReportRatePlan[];
  /** Plans that could not be priced, in words. */
  notes: string[];
  /**
   * The newest statement's bill reproduced under the current plan for its own billing period,
   * against the statement's charges; absent without a current plan or a statement period.
   */
  reconciliation?: ReportReconciliation | null;
}

/** A statement's charges against its bill reproduced from the interval data. */
export interface ReportReconciliation {
  planName: string;
  statementDate: string | null;
  /** The statement's billing period (local dates, both included). */
  periodStart: string;
  periodEnd: string;
  /** The period's bill under the plan; null when the interval data cannot give it. */
  computedCents: number | null;
  /** The statement's electric charges for the period; null when they were not read. */
  statementCents: number | null;
  /** What the statement's figure is made of, in words ("delivery $62.11 and generation $34.33"). */
  statementLabel: string | null;
  /** computed - statement; null unless both are known. */
  differenceCents: number | null;
  /** Why the two differ, or cannot be compared, in plain words. */
  reasons: string[];
}

/** One plan's bills over `ReportRatePlans`' days, all amounts in cents as the engine gives them. */
export interface ReportRatePlan {
  name: string;
  /** `YYYY-MM-DD` the plan's rates took effect, when known. */
  effectiveDate: string | null;
  /** Where the plan's figures come from, when known. */
  source: string | null;
  current: boolean;
  /** 1 for the cheapest. */
  rank: number;
  /** The bills' total. */
  totalCents: number;
  /** The total scaled to 365 days. */
  annualCents: number;
  /** `annualCents` less the current plan's; null without a current plan. */
  differenceCents: number | null;
  /** One bill per local calendar month. */
  months: Array<{ start: string; end: string; days: number; partial: boolean; totalCents: number }>;
  notes: string[];
}

/** A battery and the exports priced under the current plan, over `ReportRatePlans`' days. */
export interface ReportStorageAndSolar {
  plan: { name: string; effectiveDate: string | null; source: string | null };
  periodStart: string;
  periodEnd: string;
  days: number;
  /** The plan's annual cost on the data as metered. */
  annualCents: number;
  battery: ReportBatteryOnPlan | null;
  solar: ReportExportsOnPlan | null;
}

export interface ReportBatteryOnPlan {
  powerKw: number;
  /** The power was picked from the load (a quarter of the peak), not given with the order. */
  chosen: boolean;
  roundTripEfficiency: number;
  /** The plan charges for demand, so each bill's peak is shaved where that pays. */
  demandCharges: boolean;
  sizes: Array<{
    hours: number;
    energyKWh: number;
    annualCents: number;
    /** Annual cost without the battery less with it; never negative. */
    savingsCents: number;
    strategy: 'demand and arbitrage' | 'arbitrage' | 'idle';
    /** kWh the battery gave the load over the days priced. */
    dischargedKWh: number;
    /** Highest 15-minute demand over the days priced, kW, without and with the battery. */
    peakKw: number;
    peakWithKw: number;
  }>;
}

export interface ReportExportsOnPlan {
  importKWh: number;
  exportKWh: number;
  /** The rule the plan's rate data names; null when it names none (net metering is assumed). */
  planRule: string | null;
  /** The plan's rate data gives an export price (`sell` for some period, or an export table). */
  hasExportPrices: boolean;
  /**
   * The export price table the plan's rate data carries (`exportrates`): the prices net billing
   * pays by month, hour and day type, with their name, source and the date they apply from.
   */
  exportPrices?: { name: string; source: string | null; effectiveDate: string | null } | null;
  /** The plan's annual cost with the exports thrown away. */
  withoutExportsCents: number;
  rules: Array<{
    rule: string;
    annualCents: number;
    /** `withoutExportsCents` less `annualCents`: what the exports are worth under the rule. */
    exportValueCents: number;
  }>;
  notValued: Array<{ rule: string; reason: string }>;
}

/** A connection's gas, analysed: periods kept in their unit (therms, ccf, m³), never kWh. */
export interface ReportGas {
  fileName: string;
  analytics: GasAnalytics;
  /** How the file's gas readings were read, in words. */
  notes: string[];
}

/** The facts printed on one statement PDF (amounts in cents, ISO dates), as read from its text. */
export interface ReportBill {
  fileName: string;
  /** False when no facts could be read: a scan without text, or a file that would not open. */
  hasText: boolean;
  /** Why no facts were read, in words, when `hasText` is false. */
  unreadReason?: string;
  statementDate?: string;
  periodStart?: string;
  periodEnd?: string;
  rateSchedule?: string;
  amountDueCents?: number;
  /** The period's own charges: all of them, the utility's delivery, a supplier's generation. */
  currentChargesCents?: number;
  deliveryChargesCents?: number;
  generationChargesCents?: number;
  /** ISO 4217 code when the statement prints its currency; dollars when absent. */
  currency?: string;
  dueDate?: string;
  totalKWh?: number;
  accountNumber?: string;
  accountName?: string;
  serviceAddress?: string;
}

/** One bill of a billing-history CSV, as the file gives it (usage in its own unit, never converted). */
export interface ReportHistoryBill {
  fileName: string;
  /** The bill's line in the file. */
  line: number;
  /** `YYYY-MM-DD`, first and last day of service. */
  periodStart: string;
  periodEnd: string;
  days: number;
  usage: number | null;
  /** 'kWh', 'therms', 'ccf'...; null when the file does not say. */
  unit: string | null;
  costCents: number | null;
  demandKw?: number;
  rate?: string;
  statementDate?: string;
}

/** A logo as stored: its type was read from its bytes when it was uploaded. */
export interface ReportLogo {
  contentType: string;
  bytes: Uint8Array;
}

export interface ReportFile {
  name: string;
  kind: 'statement' | 'interval';
  size: number;
  sha256: string;
  /** 'Uploaded by an admin (alice)' or 'Retrieved automatically from https://…'. */
  provenance: string;
  addedAt: Date;
  /** For interval files: imported, failed (with the reason), or not yet read. */
  importStatus: 'imported' | 'failed' | 'pending' | null;
  importError: string | null;
}

/** The figures that headline the report: the email, the cards and the webhook show these. */
export interface ReportSummary {
  periodStart: string | null;
  periodEnd: string | null;
  /** kWh delivered over the period, and where the figure comes from. */
  usageKwh: number | null;
  costDollars: number | null;
  figuresFrom: 'intervals' | 'bills' | 'connection' | 'none';
  peakKw: number | null;
  /** Local time of the peak, `YYYY-MM-DD HH:mm`. */
  peakAt: string | null;
  loadFactor: number | null;
  coveragePct: number | null;
  statements: number;
  intervalFiles: number;
  /** What the report could not include, in words ("No interval data was provided"). */
  missing: string[];
}

export interface RenderedReport {
  /** A self-contained HTML document: inline CSS and SVG, no script, no external request. */
  html: string;
  summary: ReportSummary;
}
