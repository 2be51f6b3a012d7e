// What the report says of how the interval file was read, of a bill's line items, and of a
// statement PDF checked against the intervals.
import { describe, expect, it } from 'vitest';
import { reconcileStatement } from '../intervals/index.ts';
import { writeEspiXml } from '../intervals/testing/synthetic-espi.ts';
import { renderReport } from './index.ts';
import { intervalsOf, reportInput } from './testing/factories.ts';

const textOf = (html: string) =>
  html
    .replace(/<style>[\s\S]*?<\/style>/, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');

const T0 = Date.parse('2024-01-01T08:00:00Z');
const hours = Array.from({ length: 24 }, (_, i) => ({
  start: T0 + i * 3_600_000,
  minutes: 60,
  kWh: 1,
}));

describe('a report on an interval file with bill line items', () => {
  const summary = `<entry><link rel="self" href="/espi/1_1/resource/UsageSummary/1"/><content>
    <UsageSummary xmlns="http://naesb.org/espi"><billingPeriod><duration>86400</duration><start>${T0 / 1000}</start></billingPeriod>
    <billLastPeriod>500000</billLastPeriod><currency>840</currency>
    <costAdditionalDetailLastPeriod><amount>450000</amount><note>Energy &lt;peak&gt; charge</note>
    <measurement><powerOfTenMultiplier>0</powerOfTenMultiplier><uom>72</uom><value>24000</value></measurement></costAdditionalDetailLastPeriod>
    <costAdditionalDetailLastPeriod><amount>-50000</amount><note>Credit</note></costAdditionalDetailLastPeriod>
    </UsageSummary></content></entry>`;
  const feed = writeEspiXml(hours).replace('</feed>', `${summary}\n</feed>`);
  const intervals = intervalsOf('feed.xml', feed);
  const html = renderReport(reportInput({ intervals })).html;
  const text = textOf(html);

  it('lists the line items, escaped, with their quantity and amount', () => {
    expect(text).toContain('Bill line items in the interval file');
    // The note is the utility's text: it reaches the HTML escaped.
    expect(text).toContain('Energy &lt;peak&gt; charge 24 kWh $4.50');
    expect(html).not.toContain('<peak>');
    expect(text).toContain('Credit — -$0.50');
  });
});

describe('a report with a statement PDF checked against the intervals', () => {
  const csv = [
    'Interval End,kWh',
    // Local (Pacific) end labels of Jan 1: 01:00 to 00:00 of Jan 2.
    ...Array.from({ length: 24 }, (_, i) =>
      i === 23 ? '2024-01-02 00:00,1' : `2024-01-01 ${String(i + 1).padStart(2, '0')}:00,1`,
    ),
  ].join('\n');
  const intervals = intervalsOf('usage.csv', csv, 'California');
  const check = reconcileStatement(intervals.series, {
    label: 'statement-jan.pdf',
    periodStart: '2024-01-01',
    periodEnd: '2024-01-01',
    kWh: 24,
    cost: 5,
  });
  if (!check) throw new Error('no check');
  intervals.quality.reconciliation.push(JSON.parse(JSON.stringify(check)));
  const text = textOf(renderReport(reportInput({ intervals })).html);

  it('says how the file was read', () => {
    expect(text).toContain('How the interval file was read');
    expect(text).toContain(
      'The &quot;Interval End&quot; column marks the end of each interval, as its name says.',
    );
  });

  it('shows the statement’s row with its verdict', () => {
    expect(check).toMatchObject({ source: 'statement', coveragePct: 100, matches: true });
    expect(text).toContain('Statement PDF (statement-jan.pdf)');
    expect(text).toMatch(/Statement PDF \(statement-jan\.pdf\) \S+ to \S+ 24 24 0 100\.0% Matches/);
  });
});
