import type { EspiEntry } from './entries.ts';

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
    if (name === 'uom') rt.uom = number();
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
  if (parent === 'billingPeriod' && name === 'start') s.periodStart = number();
  else if (parent === 'billingPeriod' && name === 'duration') s.periodDuration = number();
  else if (name === 'billLastPeriod') s.billLastPeriod = number();
  else if (name === 'currency' && parent !== 'overallConsumptionLastPeriod') s.currency = number();
  else if (parent === 'overallConsumptionLastPeriod') {
    if (name === 'value') s.consumptionValue = number();
    else if (name === 'powerOfTenMultiplier') s.consumptionMultiplier = number();
    else if (name === 'uom') s.consumptionUom = number();
  }
}

/** `-0500`, `-05:00` or seconds (`-18000`) as milliseconds; NaN when unreadable. */
export function offsetOf(raw: string): number {
  const s = raw.trim();
  const m = /^([+-])(\d{2}):?(\d{2})$/.exec(s);
  if (m) return (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 3_600_000 + Number(m[3]) * 60_000);
  const seconds = Number(s);
  return s !== '' && Number.isFinite(seconds) ? seconds * 1000 : Number.NaN;
}
