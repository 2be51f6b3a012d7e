import { describe, expect, it } from 'vitest';
import { importIntervals } from './index.ts';

const iso = (ms: number) => new Date(ms).toISOString().replace('.000', '');
const T0 = Date.parse('2024-06-01T07:00:00Z') / 1000;

const ltp = `<entry><link rel="self" href="/espi/1_1/resource/LocalTimeParameters/01"/><content>
  <LocalTimeParameters xmlns="http://naesb.org/espi"><dstEndRule>B40E2000</dstEndRule><dstOffset>3600</dstOffset>
  <dstStartRule>360E2000</dstStartRule><tzOffset>-28800</tzOffset></LocalTimeParameters></content></entry>`;

const readingType = (self: string, uom: number, pow: number, flow: number) => `<entry>
  <link rel="self" href="${self}"/>
  <content><ReadingType xmlns="http://naesb.org/espi"><flowDirection>${flow}</flowDirection>
  <intervalLength>900</intervalLength><powerOfTenMultiplier>${pow}</powerOfTenMultiplier><uom>${uom}</uom></ReadingType></content>
</entry>`;

const meterReading = (self: string, readingTypeHref: string) => `<entry>
  <link rel="self" href="${self}"/>
  <link rel="related" href="${self}/IntervalBlock"/>
  <link rel="related" href="${readingTypeHref}"/>
  <content><MeterReading xmlns="http://naesb.org/espi"/></content>
</entry>`;

const reading = (start: number, value: number, extra = '') =>
  `<IntervalReading>${extra}<timePeriod><duration>900</duration><start>${start}</start></timePeriod><value>${value}</value></IntervalReading>`;

const block = (meter: string, id: string, readings: string[]) => `<entry>
  <link rel="self" href="${meter}/IntervalBlock/${id}"/>
  <link rel="up" href="${meter}/IntervalBlock"/>
  <content><IntervalBlock xmlns="http://naesb.org/espi">${readings.join('\n')}</IntervalBlock></content>
</entry>`;

const feed = (...entries: string[]) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<feed xmlns="http://www.w3.org/2005/Atom">\n${entries.join('\n')}\n</feed>\n`;

describe('Green Button ESPI XML', () => {
  const consumption = 'User/1/UsagePoint/1/MeterReading/01';
  const production = 'User/1/UsagePoint/1/MeterReading/02';
  const text = feed(
    ltp,
    readingType('ReadingType/01', 72, -3, 1),
    readingType(
      'https://utility.example/DataCustodian/espi/1_1/resource/ReadingType/02',
      72,
      3,
      19,
    ),
    readingType('ReadingType/99', 169, 3, 1),
    meterReading(
      consumption,
      'https://utility.example/DataCustodian/espi/1_1/resource/ReadingType/01',
    ),
    meterReading(production, 'ReadingType/02'),
    // Descending, with cost (1/100,000 $) and an estimated reading.
    block(consumption, '2', [
      reading(T0 + 1800, 750_000, '<cost>12000</cost>'),
      reading(
        T0 + 900,
        500_000,
        '<cost>8000</cost><ReadingQuality><quality>8</quality></ReadingQuality>',
      ),
    ]),
    block(consumption, '1', [reading(T0, 250_000, '<cost>4000</cost>')]),
    // The same entry again under the same self link, as some exports repeat entries.
    block(consumption, '1', [reading(T0, 250_000, '<cost>4000</cost>')]),
    block(production, '1', [reading(T0, 1), reading(T0 + 900, 2)]),
  );
  const imported = importIntervals(text);

  it('reads channels through relative and absolute links, in kWh from Wh × 10^n', () => {
    expect(imported.format).toBe('espi-xml');
    expect(imported.metadata.timeZone).toBe('America/Los_Angeles');
    expect(
      imported.channels.map((c) => [
        c.direction,
        c.readings.map((r) => [iso(r.start), r.kWh, r.cost, r.quality]),
      ]),
    ).toEqual([
      [
        'delivered',
        [
          ['2024-06-01T07:00:00Z', 0.25, 0.04, 'actual'],
          ['2024-06-01T07:15:00Z', 0.5, 0.08, 'estimated'],
          ['2024-06-01T07:30:00Z', 0.75, 0.12, 'actual'],
        ],
      ],
      [
        'received',
        [
          ['2024-06-01T07:00:00Z', 1, undefined, 'actual'],
          ['2024-06-01T07:15:00Z', 2, undefined, 'actual'],
        ],
      ],
    ]);
  });

  it('reads a duplicated entry once and leaves out the reading type nobody uses', () => {
    expect(imported.metadata.duplicatesRemoved).toBe(0);
    expect(imported.metadata.ignored).toEqual([
      `duplicate entry ${consumption}/IntervalBlock/1`,
      'ReadingType ReadingType/99 (uom 169) is not referenced by any MeterReading',
    ]);
  });

  it('merges the same reading repeated in two blocks', () => {
    const twice = importIntervals(
      feed(
        ltp,
        readingType('ReadingType/01', 72, 0, 1),
        meterReading(consumption, 'ReadingType/01'),
        block(consumption, '1', [reading(T0, 100)]),
        block(consumption, '2', [reading(T0, 100), reading(T0 + 900, 200)]),
      ),
    );
    expect(twice.channels[0]?.readings.map((r) => r.kWh)).toEqual([0.1, 0.2]);
    expect(twice.metadata.duplicatesRemoved).toBe(1);
  });

  it('reads espi:-prefixed elements', () => {
    const prefixed = feed(
      ltp,
      readingType('ReadingType/01', 72, 0, 1),
      meterReading(consumption, 'ReadingType/01'),
      block(consumption, '1', [reading(T0, 100)]),
    )
      .replace(
        /<(\/?)(IntervalBlock|IntervalReading|timePeriod|duration|start|value)\b/g,
        '<$1espi:$2',
      )
      .replace('<feed ', '<feed xmlns:espi="http://naesb.org/espi" ');
    expect(
      importIntervals(prefixed).channels[0]?.readings.map((r) => [iso(r.start), r.kWh]),
    ).toEqual([['2024-06-01T07:00:00Z', 0.1]]);
  });

  it('needs a zone when the feed has no LocalTimeParameters', () => {
    const bare = feed(
      readingType('ReadingType/01', 72, 0, 1),
      meterReading(consumption, 'ReadingType/01'),
      block(consumption, '1', [reading(T0, 100)]),
    );
    expect(() => importIntervals(bare)).toThrow(
      'Green Button ESPI XML, options: the file does not say its time zone',
    );
    expect(importIntervals(bare, { state: 'OR' }).metadata.timeZone).toBe('America/Los_Angeles');
  });

  it('names the element left open in a truncated file', () => {
    const cut = text.slice(0, text.indexOf('<value>750000') + 9);
    const line = cut.split('\n').length;
    expect(() => importIntervals(cut)).toThrow(
      `Green Button ESPI XML, <value> at line ${line}: is never closed (the file is truncated)`,
    );
  });

  it('names the element and line of a value that is not a number', () => {
    const bad = text.replace('<value>750000</value>', '<value>7x0</value>');
    const line = bad.slice(0, bad.indexOf('7x0')).split('\n').length;
    expect(() => importIntervals(bad)).toThrow(
      `Green Button ESPI XML, <value> at line ${line}: "7x0" is not a number`,
    );
  });

  it('names a mismatched closing tag', () => {
    const bad = text.replace('</timePeriod><value>750000', '</timeperiod><value>750000');
    expect(() => importIntervals(bad)).toThrow(
      /Green Button ESPI XML, <timePeriod> at line \d+: closed by <\/timeperiod> at line \d+/,
    );
  });

  it('names the MeterReading whose ReadingType is missing', () => {
    const orphan = feed(
      ltp,
      readingType('ReadingType/01', 72, 0, 1),
      readingType('ReadingType/02', 72, 0, 19),
      meterReading(consumption, 'ReadingType/07'),
      block(consumption, '1', [reading(T0, 100)]),
    );
    expect(() => importIntervals(orphan)).toThrow(
      `Green Button ESPI XML, MeterReading ${consumption}: links to no ReadingType in the file, so its units are unknown`,
    );
  });

  it('refuses a feed with neither electric energy nor gas readings', () => {
    const power = feed(
      ltp,
      readingType('ReadingType/01', 38, 0, 1),
      meterReading(consumption, 'ReadingType/01'),
      block(consumption, '1', [reading(T0, 100)]),
    );
    expect(() => importIntervals(power)).toThrow(
      'Green Button ESPI XML, <feed>: no IntervalReading of electric energy or gas in the file',
    );
  });
});
