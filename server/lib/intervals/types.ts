import type { GasSeries } from './gas.ts';

/** The layouts the importer recognises from a file's content. */
export type IntervalFormat =
  | 'espi-xml'
  | 'pge-csv'
  | 'sce-csv'
  | 'sdge-csv'
  | 'generic-csv'
  | 'day-rows-csv'
  | 'nem12';

export type Direction = 'delivered' | 'received';
export type ReadingQuality = 'actual' | 'estimated' | 'missing';

/**
 * How a reading's local label met a daylight-saving change:
 * - `repeated`: the fall-back hour appeared twice with the same label; file order decided which
 *   instant each one is;
 * - `folded`: the fall-back hour was written once and holds both hours' energy;
 * - `nonexistent`: a spring-forward label that does not exist locally, mapped to the instant it
 *   stands for (the clock reading it would have had before the change).
 */
export type DstMark = 'repeated' | 'folded' | 'nonexistent';

export interface IntervalReading {
  /** UTC start, milliseconds since the epoch. */
  start: number;
  /** Seconds. */
  duration: number;
  kWh: number;
  direction: Direction;
  quality: ReadingQuality;
  /** In the file's currency, when the file gives one. */
  cost: number | undefined;
  dst: DstMark | undefined;
}

export interface Gap {
  /** UTC ms of the first instant without data, and of the next reading's start. */
  start: number;
  end: number;
}

export interface Channel {
  direction: Direction;
  /** The most common reading length in seconds. */
  intervalSeconds: number;
  /** Ascending by start, one reading per start. */
  readings: IntervalReading[];
  gaps: Gap[];
  /** Where the channel came from in the file (ESPI MeterReading link, CSV section, column). */
  source: string;
  /**
   * The meter the channel belongs to when a file holds several (a NEM12 NMI, with its meter
   * serial when given); undefined for files of one meter.
   */
  meter?: string;
}

export interface DstEvent {
  kind: DstMark;
  /** The local label as written, e.g. `2024-11-03 01:00`. */
  label: string;
  /** UTC ms the label was mapped to. */
  start: number;
  /** CSV line or ESPI element where it was seen. */
  at: string;
}

/** A bill summary carried by the file (ESPI UsageSummary). */
export interface BillSummary {
  /** UTC ms. */
  periodStart: number;
  periodSeconds: number;
  /** The bill total in the file's currency (ESPI billLastPeriod). */
  billAmount: number | undefined;
  /** Consumption the utility states for the period. */
  consumptionKWh: number | undefined;
  currency: string | undefined;
  /** Charges so far in the current period (ESPI billToDate). */
  billToDate?: number;
  /** Charges beyond the energy cost in the period: fees, taxes (costAdditionalLastPeriod). */
  additionalCost?: number;
  /** The bill's line items as the utility wrote them (costAdditionalDetailLastPeriod). */
  lineItems: BillLineItem[];
  /** Consumption so far in the current billing period (currentBillingPeriodOverAllConsumption). */
  currentPeriodKWh?: number;
  /** The tariff the bill was computed under, as named by the utility. */
  tariffProfile?: string;
  /**
   * How the bill was read where the file did not say it outright: a total derived from the line
   * items, a second summary of the same bill and how it differed.
   */
  note?: string;
}

interface BillLineItem {
  note: string | undefined;
  /** In the bill's currency; negative for a credit. */
  amount: number | undefined;
  /** The quantity the item is for: kWh when it is energy, else the value in its ESPI unit. */
  quantity?: { value: number; unit: string };
}

export interface ImportMetadata {
  timeZone: string;
  timeZoneSource: 'file' | 'state' | 'option';
  customerName?: string;
  address?: string;
  accountNumber?: string;
  meterNumber?: string;
  serviceId?: string;
  bills: BillSummary[];
  /** Totals the file states about itself (e.g. SDG&E "Total Usage"). */
  statedTotals: { kWh?: number; cost?: number };
  dstEvents: DstEvent[];
  /** Readings dropped because another reading had the same channel and start. */
  duplicatesRemoved: number;
  /** Of those, how many disagreed with the reading kept (the first one is kept). */
  conflictingDuplicates: number;
  /** Things in the file that were deliberately not imported, in words. */
  ignored: string[];
  /**
   * How the file was read where it had to be inferred, in words for the admin ("labels mark
   * the end of each interval (first label of a day 00:15)", "times snapped 1 s back to the
   * 15-minute grid").
   */
  notes: string[];
  /** Every meter in the file when it holds several (see Channel.meter), in file order. */
  meters: string[];
  /** Data rows or IntervalReadings read from the file. */
  sourceRecords: number;
}

export interface ImportResult {
  format: IntervalFormat;
  /** Electric energy; empty for a file of gas alone. */
  channels: Channel[];
  metadata: ImportMetadata;
  /** Gas readings, kept as the periods and in the unit the file gives (Green Button only). */
  gas?: GasSeries;
}

/** Header names (case-insensitive) or 0-based column indexes for the generic CSV importer. */
export interface ColumnOverrides {
  timestamp?: string | number;
  /** Whether `timestamp` marks the start (default) or the end of each interval. */
  timestampMarks?: 'start' | 'end';
  date?: string | number;
  time?: string | number;
  end?: string | number;
  kWh?: string | number;
  kW?: string | number;
  received?: string | number;
  direction?: string | number;
  cost?: string | number;
  quality?: string | number;
  /** Interval length in minutes. */
  duration?: string | number;
}

export interface ImportOptions {
  /** IANA zone used when neither the file nor `state` gives one. */
  timeZone?: string;
  /** The provider's US state (name or abbreviation): its zone is used when the file has none. */
  state?: string;
  format?: IntervalFormat;
  columns?: ColumnOverrides;
  /** For a file of several meters: which one's channels to keep (Channel.meter). */
  meter?: string;
}
