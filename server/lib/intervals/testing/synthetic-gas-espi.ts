/** One gas reading as written in the file: UTC seconds, the raw value, cost in dollars. */
interface GasReadingSpec {
  start: number;
  /** Seconds; omitted to leave the reading without a duration. */
  duration?: number;
  value: number;
  cost?: number;
}

export interface GasFeedSpec {
  /** ESPI uom code (169 therm, 119 ft3, 42 m3); null writes an empty <uom/>, undefined none. */
  uom: number | null | undefined;
  powerOfTenMultiplier?: number;
  /** The ReadingType's intervalLength, seconds. */
  intervalLength?: number;
  readings: GasReadingSpec[];
  /** Standard offset in hours of the feed's LocalTimeParameters (US Eastern by default). */
  tzOffsetHours?: number;
  /** Hourly electric readings (UTC seconds, Wh) under a second UsagePoint, for mixed feeds. */
  electric?: Array<{ start: number; wh: number }>;
}

const BASE = 'https://utility.example/DataCustodian/espi/1_1/resource/RetailCustomer/9';

/**
 * A Green Button feed of a gas UsagePoint (ServiceCategory kind 1) with one MeterReading, laid
 * out like the Green Button Alliance samples, and optionally an electric UsagePoint beside it.
 */
export function writeGasEspiXml(spec: GasFeedSpec): string {
  const gasPoint = `${BASE}/UsagePoint/2`;
  const tz = (spec.tzOffsetHours ?? -5) * 3600;
  const out = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    '  <title>Green Button Subscription Feed</title>',
    '  <entry>',
    '    <link rel="self" href="https://utility.example/DataCustodian/espi/1_1/resource/LocalTimeParameters/01"/>',
    '    <content><LocalTimeParameters xmlns="http://naesb.org/espi"><dstEndRule>B40E2000</dstEndRule>',
    `      <dstOffset>3600</dstOffset><dstStartRule>360E2000</dstStartRule><tzOffset>${tz}</tzOffset></LocalTimeParameters></content>`,
    '  </entry>',
    '  <entry>',
    `    <link rel="self" href="${gasPoint}"/>`,
    `    <link rel="related" href="${gasPoint}/MeterReading"/>`,
    '    <content><UsagePoint xmlns="http://naesb.org/espi"><ServiceCategory><kind>1</kind></ServiceCategory></UsagePoint></content>',
    '  </entry>',
    '  <entry>',
    `    <link rel="self" href="${gasPoint}/MeterReading/1"/>`,
    `    <link rel="up" href="${gasPoint}/MeterReading"/>`,
    `    <link rel="related" href="${gasPoint}/MeterReading/1/IntervalBlock"/>`,
    `    <link rel="related" href="${BASE}/ReadingType/20"/>`,
    '    <content><MeterReading xmlns="http://naesb.org/espi"/></content>',
    '  </entry>',
    '  <entry>',
    `    <link rel="self" href="${BASE}/ReadingType/20"/>`,
    '    <content><ReadingType xmlns="http://naesb.org/espi">',
    '      <accumulationBehaviour>4</accumulationBehaviour><currency>840</currency><flowDirection>1</flowDirection>',
    spec.intervalLength === undefined
      ? ''
      : `      <intervalLength>${spec.intervalLength}</intervalLength>`,
    `      <powerOfTenMultiplier>${spec.powerOfTenMultiplier ?? 0}</powerOfTenMultiplier>`,
    spec.uom === undefined
      ? ''
      : spec.uom === null
        ? '      <uom></uom>'
        : `      <uom>${spec.uom}</uom>`,
    '    </ReadingType></content>',
    '  </entry>',
    '  <entry>',
    `    <link rel="self" href="${gasPoint}/MeterReading/1/IntervalBlock/1"/>`,
    `    <link rel="up" href="${gasPoint}/MeterReading/1/IntervalBlock"/>`,
    '    <content><IntervalBlock xmlns="http://naesb.org/espi">',
    ...spec.readings.map((r) => {
      const duration = r.duration === undefined ? '' : `<duration>${r.duration}</duration>`;
      const cost = r.cost === undefined ? '' : `<cost>${Math.round(r.cost * 100_000)}</cost>`;
      return `      <IntervalReading>${cost}<timePeriod>${duration}<start>${r.start}</start></timePeriod><value>${r.value}</value></IntervalReading>`;
    }),
    '    </IntervalBlock></content>',
    '  </entry>',
  ];
  if (spec.electric && spec.electric.length > 0) {
    const point = `${BASE}/UsagePoint/1`;
    out.push(
      '  <entry>',
      `    <link rel="self" href="${point}"/>`,
      '    <content><UsagePoint xmlns="http://naesb.org/espi"><ServiceCategory><kind>0</kind></ServiceCategory></UsagePoint></content>',
      '  </entry>',
      '  <entry>',
      `    <link rel="self" href="${point}/MeterReading/1"/>`,
      `    <link rel="related" href="${point}/MeterReading/1/IntervalBlock"/>`,
      `    <link rel="related" href="${BASE}/ReadingType/10"/>`,
      '    <content><MeterReading xmlns="http://naesb.org/espi"/></content>',
      '  </entry>',
      '  <entry>',
      `    <link rel="self" href="${BASE}/ReadingType/10"/>`,
      '    <content><ReadingType xmlns="http://naesb.org/espi"><flowDirection>1</flowDirection>',
      '      <intervalLength>3600</intervalLength><powerOfTenMultiplier>0</powerOfTenMultiplier><uom>72</uom></ReadingType></content>',
      '  </entry>',
      '  <entry>',
      `    <link rel="self" href="${point}/MeterReading/1/IntervalBlock/1"/>`,
      `    <link rel="up" href="${point}/MeterReading/1/IntervalBlock"/>`,
      '    <content><IntervalBlock xmlns="http://naesb.org/espi">',
      ...spec.electric.map(
        (r) =>
          `      <IntervalReading><timePeriod><duration>3600</duration><start>${r.start}</start></timePeriod><value>${r.wh}</value></IntervalReading>`,
      ),
      '    </IntervalBlock></content>',
      '  </entry>',
    );
  }
  out.push('</feed>', '');
  return out.filter((line) => line !== '').join('\n');
}
