import { decodeEntities } from '../../scan/xml-scanner.ts';
import type { EspiEntry, MeasurementFields, SummaryFields } from './entries.ts';

/** The few fields of ReadingType, LocalTimeParameters, UsagePoint and UsageSummary we use. */
export function readFields(
  entry: EspiEntry,
  name: string,
  parent: string | undefined,
  text: string,
  start: number,
  end: number,
  number: () => number,
): void {
  const rt = entry.readingType;
  if (rt && parent === 'ReadingType') {
    // An empty <uom/> says no more than an absent one: the unit is unknown.
    if (name === 'uom') rt.uom = text.slice(start, end).trim() === '' ? undefined : number();
    else if (name === 'commodity') rt.commodity = number();
    else if (name === 'powerOfTenMultiplier') rt.powerOfTenMultiplier = number();
    else if (name === 'flowDirection') rt.flowDirection = number();
    else if (name === 'intervalLength') rt.intervalLength = number();
    else if (name === 'currency') rt.currency = number();
    return;
  }
  const lt = entry.localTime;
  if (lt && parent === 'LocalTimeParameters') {
    if (name === 'tzOffset') lt.tzOffset = number();
    else if (name === 'dstOffset') lt.dstOffset = number();
    else if (name === 'dstStartRule') lt.dstStartRule = text.slice(start, end).trim();
    return;
  }
  if (entry.kind === 'UsagePoint' && name === 'kind' && parent === 'ServiceCategory') {
    entry.serviceKind = number();
    return;
  }
  const s = entry.summary;
  if (!s) return;
  readSummary(s, name, parent, () => decodeEntities(text.slice(start, end).trim()), number);
}

/** Energy and cost figures of a UsageSummary, its line items and tariff included. */
function readSummary(
  s: SummaryFields,
  name: string,
  parent: string | undefined,
  words: () => string,
  number: () => number,
): void {
  if (parent === 'billingPeriod' && name === 'start') s.periodStart = number();
  else if (parent === 'billingPeriod' && name === 'duration') s.periodDuration = number();
  else if (name === 'billLastPeriod') s.billLastPeriod = number();
  else if (name === 'billToDate') s.billToDate = number();
  else if (name === 'costAdditionalLastPeriod') s.costAdditionalLastPeriod = number();
  else if (name === 'tariffProfile') s.tariffProfile = words() || undefined;
  else if (parent === 'overallConsumptionLastPeriod') {
    if (name === 'value') s.consumptionValue = number();
    else if (name === 'powerOfTenMultiplier') s.consumptionMultiplier = number();
    else if (name === 'uom') s.consumptionUom = number();
  } else if (parent === 'currentBillingPeriodOverAllConsumption') {
    s.currentPeriodConsumption ??= { value: undefined, multiplier: 0, uom: undefined };
    readMeasurement(s.currentPeriodConsumption, name, number);
  } else if (parent === 'costAdditionalDetailLastPeriod' || parent === 'measurement') {
    s.openItem ??= {
      amount: undefined,
      note: undefined,
      itemKind: undefined,
      measurement: undefined,
    };
    const item = s.openItem;
    if (parent === 'measurement') {
      item.measurement ??= { value: undefined, multiplier: 0, uom: undefined };
      readMeasurement(item.measurement, name, number);
    } else if (name === 'amount') item.amount = number();
    else if (name === 'note') item.note = words() || undefined;
    else if (name === 'itemKind') item.itemKind = number();
  } else if (name === 'costAdditionalDetailLastPeriod') {
    if (s.openItem) s.lineItems.push(s.openItem);
    s.openItem = undefined;
  } else if (name === 'currency' && parent !== 'ReadingType') s.currency = number();
}

function readMeasurement(m: MeasurementFields, name: string, number: () => number): void {
  if (name === 'value') m.value = number();
  else if (name === 'powerOfTenMultiplier') m.multiplier = number();
  else if (name === 'uom') m.uom = number();
}

/** `-0500`, `-05:00` or seconds (`-18000`) as milliseconds; NaN when unreadable. */
export function offsetOf(raw: string): number {
  const s = raw.trim();
  const m = /^([+-])(\d{2}):?(\d{2})$/.exec(s);
  if (m) return (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 3_600_000 + Number(m[3]) * 60_000);
  const seconds = Number(s);
  return s !== '' && Number.isFinite(seconds) ? seconds * 1000 : Number.NaN;
}
