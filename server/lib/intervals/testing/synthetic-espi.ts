import type { SyntheticReading } from './synthetic-files.ts';

/** A Green Button feed laid out like the Green Button Alliance samples (indented, one reading
 * per IntervalReading element, daily IntervalBlocks, cost in 1/100,000 dollars, Wh). */
export function writeEspiXml(readings: readonly SyntheticReading[], tzOffsetHours = -8): string {
  const base =
    'https://utility.example/DataCustodian/espi/1_1/resource/RetailCustomer/9/UsagePoint/1';
  const out = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom" xmlns:espi="http://naesb.org/espi">',
    '  <id>urn:uuid:00000000-0000-4000-8000-000000000001</id>',
    '  <title>Green Button Subscription Feed</title>',
    '  <entry>',
    `    <link rel="self" href="${base}"/>`,
    `    <link rel="related" href="${base}/MeterReading"/>`,
    '    <content><UsagePoint xmlns="http://naesb.org/espi"><ServiceCategory><kind>0</kind></ServiceCategory></UsagePoint></content>',
    '  </entry>',
    '  <entry>',
    '    <link rel="self" href="https://utility.example/DataCustodian/espi/1_1/resource/LocalTimeParameters/01"/>',
    '    <content>',
    '      <LocalTimeParameters xmlns="http://naesb.org/espi">',
    '        <dstEndRule>B40E2000</dstEndRule>',
    '        <dstOffset>3600</dstOffset>',
    '        <dstStartRule>360E2000</dstStartRule>',
    `        <tzOffset>${tzOffsetHours * 3600}</tzOffset>`,
    '      </LocalTimeParameters>',
    '    </content>',
    '  </entry>',
    '  <entry>',
    `    <link rel="self" href="${base}/MeterReading/01"/>`,
    `    <link rel="related" href="${base}/MeterReading/01/IntervalBlock"/>`,
    '    <link rel="related" href="https://utility.example/DataCustodian/espi/1_1/resource/ReadingType/07"/>',
    '    <content><MeterReading xmlns="http://naesb.org/espi"/></content>',
    '  </entry>',
    '  <entry>',
    '    <link rel="self" href="https://utility.example/DataCustodian/espi/1_1/resource/ReadingType/07"/>',
    '    <content>',
    '      <ReadingType xmlns="http://naesb.org/espi">',
    '        <accumulationBehaviour>4</accumulationBehaviour>',
    '        <commodity>1</commodity>',
    '        <currency>840</currency>',
    '        <flowDirection>1</flowDirection>',
    '        <intervalLength>3600</intervalLength>',
    '        <kind>12</kind>',
    '        <powerOfTenMultiplier>0</powerOfTenMultiplier>',
    '        <uom>72</uom>',
    '      </ReadingType>',
    '    </content>',
    '  </entry>',
  ];
  for (let first = 0, block = 1; first < readings.length; first += 24, block++) {
    const day = readings.slice(first, first + 24);
    const blockStart = (day[0]?.start ?? 0) / 1000;
    out.push(
      '  <entry>',
      `    <link rel="self" href="${base}/MeterReading/01/IntervalBlock/${block}"/>`,
      `    <link rel="up" href="${base}/MeterReading/01/IntervalBlock"/>`,
      '    <content>',
      '      <IntervalBlock xmlns="http://naesb.org/espi">',
      `        <interval><duration>${day.length * 3600}</duration><start>${blockStart}</start></interval>`,
    );
    for (const r of day) {
      out.push(
        '        <IntervalReading>',
        r.cost === undefined ? '' : `          <cost>${Math.round(r.cost * 100_000)}</cost>`,
        '          <timePeriod>',
        `            <duration>${r.minutes * 60}</duration>`,
        `            <start>${r.start / 1000}</start>`,
        '          </timePeriod>',
        `          <value>${Math.round(r.kWh * 1000)}</value>`,
        '        </IntervalReading>',
      );
    }
    out.push('      </IntervalBlock>', '    </content>', '  </entry>');
  }
  out.push('</feed>');
  return `${out.join('\n')}\n`;
}
