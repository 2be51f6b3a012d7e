import type { CanonicalSeries } from '../intervals/series.ts';
import { compileTariff } from './compile.ts';
import { type BillingOptions, seriesContext } from './context.ts';
import { type PriceOptions, priceCompiled, type TariffBill } from './price.ts';
import type { DgRules, UrdbRate } from './urdb.ts';

interface ExportRuleBill {
  dgrules: DgRules;
  bill: TariffBill;
  /**
   * What the exports are worth under the rule: the annual cost with the exports thrown away less
   * the annual cost under the rule (the credit, and under net metering the imports they offset).
   */
  exportValueCents: number;
}

export interface ExportRuleStudy {
  importKWh: number;
  exportKWh: number;
  /** The bills as if nothing were exported (the import alone, priced under the tariff). */
  withoutExports: TariffBill;
  rules: ExportRuleBill[];
  /** A rule the engine cannot value from the data given, and why. */
  notValued: Array<{ dgrules: DgRules; reason: string }>;
}

const METER_RULES: readonly DgRules[] = [
  'Net Metering',
  'Net Billing Instantaneous',
  'Net Billing Hourly',
];

/**
 * One tariff's bills under each way of valuing exports the engine prices (URDB's `dgrules`), the
 * tariff's own import prices and export (`sell`) prices kept. Buy All Sell All needs the
 * generator's own output (`generation`), which meter data does not carry; without it the rule is
 * listed as not valued rather than priced as the meter's import and export, which would only
 * repeat instantaneous net billing.
 */
export function exportRuleBills(
  series: CanonicalSeries,
  rate: UrdbRate,
  options: BillingOptions & PriceOptions = {},
): ExportRuleStudy {
  const context = seriesContext(series, options);
  const rules: DgRules[] = [...METER_RULES];
  const notValued: ExportRuleStudy['notValued'] = [];
  if (options.generation) rules.push('Buy All Sell All');
  else {
    notValued.push({
      dgrules: 'Buy All Sell All',
      reason:
        'It buys the whole load and sells the whole solar output, and the meter data shows only what was imported and exported, not what the panels produced.',
    });
  }
  const noExport: CanonicalSeries = {
    ...series,
    received: new Float64Array(series.length),
    hasReceived: false,
  };
  // Without exports every rule bills the same; net metering adds no carried credit to expire.
  const withoutExports = priceCompiled(
    { ...context, series: noExport },
    compileTariff({ ...rate, dgrules: 'Net Metering' }),
    options,
  );
  const bills = rules.map((dgrules) => {
    const bill = priceCompiled(context, compileTariff({ ...rate, dgrules }), options);
    return { dgrules, bill, exportValueCents: withoutExports.annualCents - bill.annualCents };
  });
  let importKWh = 0;
  let exportKWh = 0;
  for (const bill of withoutExports.bills) importKWh += bill.importKWh;
  for (const bill of bills[0]?.bill.bills ?? []) exportKWh += bill.exportKWh;
  return { importKWh, exportKWh, withoutExports, rules: bills, notValued };
}
