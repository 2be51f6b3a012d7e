import { describe, expect, it } from 'vitest';
import { assessQuality, importIntervals, toCanonicalSeries } from './index.ts';
import { writeEspiXml } from './testing/synthetic-espi.ts';
import type { SyntheticReading } from './testing/synthetic-files.ts';

// Bills in Green Button feeds: entries that share a self link, line items, and reconciling a
// bill only over the part of its period the intervals cover.

const HOUR = 3_600_000;
const T0 = Date.parse('2024-01-01T08:00:00Z');

/** Hourly readings from `from` for `hours`, 1 kWh each except where `kWhAt` says. */
function hourly(from: number, hours: number, kWhAt = (_i: number) => 1): SyntheticReading[] {
  return Array.from({ length: hours }, (_, i) => ({
    start: from + i * HOUR,
    minutes: 60,
    kWh: kWhAt(i),
  }));
}

interface Summary {
  self: string;
  start: number;
  seconds: number;
  billCents?: number;
  consumptionWh?: number;
  extra?: string;
}

const summaryEntry = (s: Summary) => `  <entry>
    <link rel="self" href="${s.self}"/>
    <link rel="up" href="https://utility.example/DataCustodian/espi/1_1/resource/RetailCustomer/9/UsagePoint/1/UsageSummary"/>
    <content>
      <UsageSummary xmlns="http://naesb.org/espi">
        <billingPeriod><duration>${s.seconds}</duration><start>${s.start / 1000}</start></billingPeriod>
        ${s.billCents === undefined ? '' : `<billLastPeriod>${s.billCents * 1000}</billLastPeriod>`}
        <currency>840</currency>
        ${
          s.consumptionWh === undefined
            ? ''
            : `<overallConsumptionLastPeriod><powerOfTenMultiplier>0</powerOfTenMultiplier><uom>72</uom><value>${s.consumptionWh}</value></overallConsumptionLastPeriod>`
        }
        ${s.extra ?? ''}
      </UsageSummary>
    </content>
  </entry>`;

const withSummaries = (readings: SyntheticReading[], summaries: Summary[]) =>
  writeEspiXml(readings).replace('</feed>', `${summaries.map(summaryEntry).join('\n')}\n</feed>`);

const SAME_SELF =
  'https://utility.example/DataCustodian/espi/1_1/resource/RetailCustomer/9/UsagePoint/1/UsageSummary/1';

describe('UsageSummary entries that share one self link', () => {
  it('keeps every bill whose content differs, and drops only true repeats', () => {
    const months = Array.from({ length: 6 }, (_, m) => ({
      self: SAME_SELF,
      start: Date.UTC(2023, m, 1, 8),
      seconds: 30 * 86_400,
      billCents: 10_000 + m * 100,
      consumptionWh: 500_000 + m * 1000,
    }));
    const repeat = { ...months[2] } as Summary;
    const imported = importIntervals(withSummaries(hourly(T0, 24), [...months, repeat]));
    expect(imported.metadata.bills.map((b) => b.billAmount)).toEqual([
      100, 101, 102, 103, 104, 105,
    ]);
    expect(imported.metadata.bills.map((b) => b.consumptionKWh)).toEqual([
      500, 501, 502, 503, 504, 505,
    ]);
    expect(imported.metadata.ignored).toEqual([`duplicate entry ${SAME_SELF}`]);
  });
});

describe('bill line items and figures beyond the total', () => {
  const extra = `
        <billToDate>4321000</billToDate>
        <costAdditionalLastPeriod>1250000</costAdditionalLastPeriod>
        <costAdditionalDetailLastPeriod>
          <amount>4567000</amount>
          <note>Energy charge &amp; delivery</note>
          <measurement><powerOfTenMultiplier>3</powerOfTenMultiplier><uom>72</uom><value>300</value></measurement>
          <itemKind>1</itemKind>
        </costAdditionalDetailLastPeriod>
        <costAdditionalDetailLastPeriod>
          <amount>-200000</amount>
          <note>Solar credit</note>
        </costAdditionalDetailLastPeriod>
        <costAdditionalDetailLastPeriod>
          <amount>75000</amount>
          <note>Peak demand</note>
          <measurement><powerOfTenMultiplier>0</powerOfTenMultiplier><uom>38</uom><value>12</value></measurement>
        </costAdditionalDetailLastPeriod>
        <currentBillingPeriodOverAllConsumption><powerOfTenMultiplier>0</powerOfTenMultiplier><uom>72</uom><value>123456</value></currentBillingPeriodOverAllConsumption>
        <tariffProfile>E-TOU-C Residential</tariffProfile>`;
  const imported = importIntervals(
    withSummaries(hourly(T0, 24), [
      {
        self: SAME_SELF,
        start: T0,
        seconds: 86_400,
        billCents: 5876,
        consumptionWh: 24_000,
        extra,
      },
    ]),
  );
  const [bill] = imported.metadata.bills;

  it('reads the line items: note, amount (credits negative) and quantity', () => {
    expect(bill?.lineItems).toEqual([
      { note: 'Energy charge & delivery', amount: 45.67, quantity: { value: 300, unit: 'kWh' } },
      { note: 'Solar credit', amount: -2, quantity: undefined },
      { note: 'Peak demand', amount: 0.75, quantity: { value: 12, unit: 'ESPI uom 38' } },
    ]);
  });

  it('reads billToDate, costAdditionalLastPeriod, the current period and the tariff', () => {
    expect(bill).toMatchObject({
      billAmount: 58.76,
      billToDate: 43.21,
      additionalCost: 12.5,
      currentPeriodKWh: 123.456,
      tariffProfile: 'E-TOU-C Residential',
      consumptionKWh: 24,
    });
  });

  it('keeps them with the bill in the quality report', () => {
    const quality = assessQuality(imported, toCanonicalSeries(imported));
    expect(quality.bills[0]?.lineItems).toHaveLength(3);
    expect(quality.reconciliation[0]).toMatchObject({ matches: true, coveragePct: 100 });
  });
});

describe('reconciling a bill only over the part of its period with intervals', () => {
  const check = (readings: SyntheticReading[], summary: Omit<Summary, 'self'>) => {
    const imported = importIntervals(withSummaries(readings, [{ self: SAME_SELF, ...summary }]));
    const [result] = assessQuality(imported, toCanonicalSeries(imported)).reconciliation;
    if (!result) throw new Error('no reconciliation');
    return result;
  };

  it('gives no verdict, not a mismatch, for a period without interval data', () => {
    const result = check(hourly(T0, 48), {
      start: T0 + 10 * 86_400_000,
      seconds: 86_400,
      consumptionWh: 24_000,
    });
    expect(result).toMatchObject({
      coveragePct: 0,
      intervalKWh: 0,
      matches: undefined,
      differenceKWh: undefined,
      verdictNote: 'no interval data in this period',
    });
  });

  it('gives no verdict for a third of the period, even when the sums agree', () => {
    const result = check(hourly(T0, 24), {
      start: T0,
      seconds: 3 * 86_400,
      consumptionWh: 24_000,
    });
    expect(result.coveragePct).toBeCloseTo(100 / 3, 9);
    expect(result.intervalKWh).toBe(24);
    expect(result.matches).toBeUndefined();
    expect(result.verdictNote).toBe('intervals cover 33.3% of the period; no verdict below 95%');
  });

  it('compares a mostly covered period with the stated kWh scaled to the covered part', () => {
    // 98 of 100 hours covered at 1 kWh; the bill states 100 kWh for the whole period.
    const covered = check(hourly(T0, 98), {
      start: T0,
      seconds: 100 * 3600,
      consumptionWh: 100_000,
    });
    expect(covered.coveragePct).toBeCloseTo(98, 9);
    expect(covered.comparedKWh).toBeCloseTo(98, 9);
    expect(covered.differenceKWh).toBeCloseTo(0, 9);
    expect(covered.matches).toBe(true);
    // The same coverage with a bill of 150 kWh: more than the missing 2% could explain.
    const off = check(hourly(T0, 98), { start: T0, seconds: 100 * 3600, consumptionWh: 150_000 });
    expect(off.matches).toBe(false);
    expect(off.differenceKWh).toBeCloseTo(98 - 147, 9);
  });

  it('still matches to the watt-hour over a fully covered period', () => {
    const exact = check(hourly(T0, 24), { start: T0, seconds: 86_400, consumptionWh: 24_000 });
    expect(exact).toMatchObject({ coveragePct: 100, matches: true, verdictNote: undefined });
    const off = check(hourly(T0, 24), { start: T0, seconds: 86_400, consumptionWh: 24_001 });
    expect(off.matches).toBe(false);
  });
});

describe('bills given only as line items', () => {
  // Five items in cents, a credit among them; the total is worked out here in whole cents.
  const items: [string, number][] = [
    ['Energy charges', 6_412],
    ['Delivery charges', 2_397],
    ['Climate credit', -1_850],
    ['Public purpose programs', 433],
    ['Utility users tax', 318],
  ];
  const totalCents = items.reduce((sum, [, cents]) => sum + cents, 0);
  const itemsXml = items
    .map(
      ([note, cents]) =>
        `<costAdditionalDetailLastPeriod><amount>${cents * 1000}</amount><note>${note}</note></costAdditionalDetailLastPeriod>`,
    )
    .join('\n        ');
  const day = { start: T0, seconds: 86_400, consumptionWh: 24_000 };
  const other =
    'https://utility.example/DataCustodian/espi/1_1/resource/RetailCustomer/9/UsagePoint/1/UsageSummary/2';

  it('derives the total from the items and says so in the bill’s note', () => {
    const imported = importIntervals(
      withSummaries(hourly(T0, 24), [{ self: SAME_SELF, ...day, extra: itemsXml }]),
    );
    expect(totalCents).toBe(7_710);
    const [bill] = imported.metadata.bills;
    expect(bill?.billAmount).toBe(totalCents / 100);
    expect(bill?.lineItems.map((i) => i.amount)).toEqual(items.map(([, cents]) => cents / 100));
    expect(bill?.note).toBe('total derived from 5 line items');
    const quality = assessQuality(imported, toCanonicalSeries(imported));
    expect(quality.bills[0]?.billAmount).toBe(77.1);
    expect(quality.reconciliation[0]).toMatchObject({ statedCost: 77.1, matches: true });
  });

  it('leaves out items without an amount, and says how many', () => {
    const imported = importIntervals(
      withSummaries(hourly(T0, 24), [
        {
          self: SAME_SELF,
          ...day,
          extra: `${itemsXml}<costAdditionalDetailLastPeriod><note>Meter number 42</note></costAdditionalDetailLastPeriod>`,
        },
      ]),
    );
    const [bill] = imported.metadata.bills;
    expect(bill?.billAmount).toBe(77.1);
    expect(bill?.lineItems).toHaveLength(6);
    expect(bill?.note).toBe(
      'total derived from 5 line items (1 line item without an amount left out)',
    );
  });

  it('reads a summary with a stated total and one with only items for the same bill as one', () => {
    // The items-only summary comes first; the stated total is the bill's own figure.
    const imported = importIntervals(
      withSummaries(hourly(T0, 24), [
        { self: other, ...day, extra: `${itemsXml}<tariffProfile>E-1</tariffProfile>` },
        { self: SAME_SELF, ...day, billCents: totalCents, consumptionWh: 24_500 },
      ]),
    );
    expect(imported.metadata.bills).toHaveLength(1);
    const [bill] = imported.metadata.bills;
    expect(bill).toMatchObject({
      billAmount: 77.1,
      consumptionKWh: 24.5,
      tariffProfile: 'E-1',
      periodStart: T0,
      periodSeconds: 86_400,
    });
    expect(bill?.lineItems.map((i) => i.note)).toEqual(items.map(([note]) => note));
    expect(bill?.note).toBe(
      'a second UsageSummary for the same period and amount was read as this bill (its total derived from 5 line items, its 5 line items kept here, consumption 24 kWh, not 24.5 kWh, tariff "E-1" taken from it)',
    );
    const quality = assessQuality(imported, toCanonicalSeries(imported));
    expect(quality.reconciliation.filter((r) => r.source === 'bill')).toHaveLength(1);
  });

  it('keeps two summaries of one period with different amounts as two bills', () => {
    const imported = importIntervals(
      withSummaries(hourly(T0, 24), [
        { self: other, ...day, extra: itemsXml },
        { self: SAME_SELF, ...day, billCents: totalCents + 1 },
      ]),
    );
    expect(imported.metadata.bills.map((b) => [b.billAmount, b.note])).toEqual([
      [77.1, 'total derived from 5 line items'],
      [77.11, undefined],
    ]);
  });

  it('reads the same bill under two self links once', () => {
    const imported = importIntervals(
      withSummaries(hourly(T0, 24), [
        { self: other, ...day, extra: itemsXml },
        { self: SAME_SELF, ...day, extra: itemsXml },
      ]),
    );
    expect(imported.metadata.bills).toHaveLength(1);
    expect(imported.metadata.bills[0]?.note).toBe(
      'total derived from 5 line items; a second UsageSummary for the same period and amount was read as this bill (its total derived from 5 line items)',
    );
  });
});
