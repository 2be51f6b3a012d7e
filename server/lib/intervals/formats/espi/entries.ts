/** What one Atom entry (or a bare resource) of a Green Button feed holds, as read. */
export interface EspiEntry {
  self: string | undefined;
  up: string | undefined;
  related: string[];
  title: string | undefined;
  kind: EspiResource | undefined;
  /** Offset of the entry in the text, for messages. */
  at: number;
  readingType: ReadingTypeFields | undefined;
  block: BlockReadings | undefined;
  localTime: LocalTimeFields | undefined;
  summary: SummaryFields | undefined;
  serviceKind: number | undefined;
}

export type EspiResource =
  | 'UsagePoint'
  | 'MeterReading'
  | 'ReadingType'
  | 'IntervalBlock'
  | 'LocalTimeParameters'
  | 'UsageSummary';

export interface ReadingTypeFields {
  uom: number | undefined;
  /** ESPI CommodityKind: 7 natural gas, 8 propane; 1 and 2 electricity. */
  commodity: number | undefined;
  powerOfTenMultiplier: number;
  flowDirection: number | undefined;
  intervalLength: number | undefined;
  currency: number | undefined;
}

/** IntervalReadings of one block as parallel arrays (seconds and raw values as written). */
export interface BlockReadings {
  start: number[];
  duration: number[];
  value: number[];
  /** NaN when the reading has no cost. */
  cost: number[];
  /** Highest ReadingQuality code seen, -1 when none. */
  quality: number[];
  /** Offset (UTC ms) of each reading when a non-standard `<timezone>` element gives one, else NaN. */
  offset: number[];
  /** Text offset of each IntervalReading, for messages. */
  at: number[];
}

interface LocalTimeFields {
  tzOffset: number | undefined;
  dstOffset: number | undefined;
  dstStartRule: string | undefined;
}

/** An ESPI SummaryMeasurement (value × 10^powerOfTenMultiplier in its unit of measure). */
export interface MeasurementFields {
  value: number | undefined;
  multiplier: number;
  uom: number | undefined;
}

/** One `costAdditionalDetailLastPeriod` LineItem, amounts as written (1/100,000). */
interface LineItemFields {
  amount: number | undefined;
  note: string | undefined;
  itemKind: number | undefined;
  measurement: MeasurementFields | undefined;
}

export interface SummaryFields {
  periodStart: number | undefined;
  periodDuration: number | undefined;
  billLastPeriod: number | undefined;
  billToDate: number | undefined;
  costAdditionalLastPeriod: number | undefined;
  currency: number | undefined;
  consumptionValue: number | undefined;
  consumptionMultiplier: number;
  consumptionUom: number | undefined;
  currentPeriodConsumption: MeasurementFields | undefined;
  tariffProfile: string | undefined;
  lineItems: LineItemFields[];
  /** The LineItem being read, until its element closes. */
  openItem: LineItemFields | undefined;
}

export function newSummary(): SummaryFields {
  return {
    periodStart: undefined,
    periodDuration: undefined,
    billLastPeriod: undefined,
    billToDate: undefined,
    costAdditionalLastPeriod: undefined,
    currency: undefined,
    consumptionValue: undefined,
    consumptionMultiplier: 0,
    consumptionUom: undefined,
    currentPeriodConsumption: undefined,
    tariffProfile: undefined,
    lineItems: [],
    openItem: undefined,
  };
}

export const RESOURCE_NAMES = new Map<string, EspiResource>([
  ['UsagePoint', 'UsagePoint'],
  ['MeterReading', 'MeterReading'],
  ['ReadingType', 'ReadingType'],
  ['IntervalBlock', 'IntervalBlock'],
  ['LocalTimeParameters', 'LocalTimeParameters'],
  ['ElectricPowerUsageSummary', 'UsageSummary'],
  ['UsageSummary', 'UsageSummary'],
]);

export function newEntry(at: number): EspiEntry {
  return {
    self: undefined,
    up: undefined,
    related: [],
    title: undefined,
    kind: undefined,
    at,
    readingType: undefined,
    block: undefined,
    localTime: undefined,
    summary: undefined,
    serviceKind: undefined,
  };
}

export function newBlock(): BlockReadings {
  return { start: [], duration: [], value: [], cost: [], quality: [], offset: [], at: [] };
}
