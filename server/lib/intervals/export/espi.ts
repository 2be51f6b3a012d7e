import { type CanonicalSeries, ESTIMATED, MISSING, SLOT_MS } from '../series.ts';
import { DAY_MS } from '../time/civil.ts';
import { zoneClock } from '../time/zone-clock.ts';

// North American DST rules in ESPI's encoding (second Sunday of March, first Sunday of November,
// 02:00), as the Green Button Alliance's sample files write them.
const US_DST_START = '360E2000';
const US_DST_END = 'B40E2000';
/** Values are written in mWh (Wh × 10^-3) so a 15-minute share of an hourly reading stays exact. */
const MULTIPLIER = -3;

export interface EspiExportOptions {
  title?: string;
  /** Feed `updated` time; fixed in tests, now by default. */
  updated?: Date;
}

/**
 * The series as a Green Button (ESPI) Atom feed: a UsagePoint, its LocalTimeParameters, and for
 * each direction a MeterReading, its ReadingType (Wh × 10^-3, 900 s, flowDirection 1 or 19) and
 * one IntervalBlock per day of 15-minute readings. Missing slots are left out; estimated slots
 * carry ReadingQuality 8 (estimated using a reference day).
 */
export function exportEspiXml(series: CanonicalSeries, options: EspiExportOptions = {}): string {
  const updated = (options.updated ?? new Date()).toISOString().replace(/\.\d{3}Z$/, 'Z');
  const base = 'RetailCustomer/1/UsagePoint/1';
  const out: string[] = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    `<id>urn:uuid:${uuidLike(series.start)}</id><title>${escapeXml(options.title ?? 'Interval data')}</title><updated>${updated}</updated>`,
    entry(
      base,
      'RetailCustomer/1/UsagePoint',
      [`${base}/MeterReading`, 'LocalTimeParameters/1'],
      '<UsagePoint xmlns="http://naesb.org/espi"><ServiceCategory><kind>0</kind></ServiceCategory></UsagePoint>',
      updated,
    ),
    entry(
      'LocalTimeParameters/1',
      'LocalTimeParameters',
      [],
      localTime(series.timeZone, series.start),
      updated,
    ),
  ];
  const directions = [{ values: series.delivered, flow: 1, n: 1 }];
  if (series.hasReceived) directions.push({ values: series.received, flow: 19, n: 2 });
  for (const { values, flow, n } of directions) {
    const reading = `${base}/MeterReading/${n}`;
    out.push(
      entry(
        reading,
        `${base}/MeterReading`,
        [`${reading}/IntervalBlock`, `ReadingType/${n}`],
        '<MeterReading xmlns="http://naesb.org/espi"/>',
        updated,
      ),
    );
    out.push(entry(`ReadingType/${n}`, 'ReadingType', [], readingType(flow), updated));
    const slotsPerBlock = DAY_MS / SLOT_MS;
    for (let first = 0, block = 1; first < series.length; first += slotsPerBlock, block++) {
      const body = intervalBlock(
        series,
        values,
        first,
        Math.min(series.length, first + slotsPerBlock),
        flow === 1,
      );
      if (body)
        out.push(
          entry(`${reading}/IntervalBlock/${block}`, `${reading}/IntervalBlock`, [], body, updated),
        );
    }
  }
  out.push('</feed>');
  return `${out.join('\n')}\n`;
}

function intervalBlock(
  series: CanonicalSeries,
  values: Float64Array,
  from: number,
  to: number,
  withCost: boolean,
): string {
  const readings: string[] = [];
  for (let i = from; i < to; i++) {
    const quality = series.quality[i];
    if (quality === MISSING) continue;
    const start = (series.start + i * SLOT_MS) / 1000;
    const cost =
      withCost && series.hasCost
        ? `<cost>${Math.round((series.cost[i] as number) * 100_000)}</cost>`
        : '';
    const flag =
      quality === ESTIMATED ? '<ReadingQuality><quality>8</quality></ReadingQuality>' : '';
    const value = Math.round((values[i] as number) * 10 ** (3 - MULTIPLIER));
    readings.push(
      `<IntervalReading>${cost}${flag}<timePeriod><duration>900</duration><start>${start}</start></timePeriod><value>${value}</value></IntervalReading>`,
    );
  }
  if (readings.length === 0) return '';
  const start = (series.start + from * SLOT_MS) / 1000;
  const duration = ((to - from) * SLOT_MS) / 1000;
  return `<IntervalBlock xmlns="http://naesb.org/espi"><interval><duration>${duration}</duration><start>${start}</start></interval>${readings.join('')}</IntervalBlock>`;
}

function readingType(flowDirection: number): string {
  return `<ReadingType xmlns="http://naesb.org/espi"><accumulationBehaviour>4</accumulationBehaviour><commodity>1</commodity><currency>840</currency><dataQualifier>12</dataQualifier><flowDirection>${flowDirection}</flowDirection><intervalLength>900</intervalLength><kind>12</kind><powerOfTenMultiplier>${MULTIPLIER}</powerOfTenMultiplier><uom>72</uom></ReadingType>`;
}

/** Standard offset and DST of the zone in the series' first year. */
function localTime(timeZone: string, at: number): string {
  const clock = zoneClock(timeZone);
  const year = new Date(at).getUTCFullYear();
  const january = clock.offsetAt(Date.UTC(year, 0, 15)) / 1000;
  const july = clock.offsetAt(Date.UTC(year, 6, 15)) / 1000;
  const standard = Math.min(january, july);
  const dst = Math.abs(july - january);
  const [startRule, endRule] = dst ? [US_DST_START, US_DST_END] : ['00000000', '00000000'];
  return `<LocalTimeParameters xmlns="http://naesb.org/espi"><dstEndRule>${endRule}</dstEndRule><dstOffset>${dst}</dstOffset><dstStartRule>${startRule}</dstStartRule><tzOffset>${standard}</tzOffset></LocalTimeParameters>`;
}

function entry(
  self: string,
  up: string,
  related: string[],
  content: string,
  updated: string,
): string {
  const links = [
    `<link rel="self" href="${self}"/>`,
    `<link rel="up" href="${up}"/>`,
    ...related.map((href) => `<link rel="related" href="${href}"/>`),
  ];
  return `<entry><id>urn:uuid:${uuidLike(hash(self))}</id>${links.join('')}<title/><content>${content}</content><published>${updated}</published><updated>${updated}</updated></entry>`;
}

function escapeXml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function hash(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619) >>> 0;
  return h;
}

/** A stable id shaped like a UUID, so the same series always exports the same feed. */
function uuidLike(seed: number): string {
  const hex = (n: number, width: number) =>
    (Math.abs(Math.floor(n)) % 16 ** width).toString(16).padStart(width, '0');
  return `${hex(seed, 8)}-0000-4000-8000-${hex(seed / 7, 12)}`;
}
