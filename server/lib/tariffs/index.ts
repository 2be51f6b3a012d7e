// Public API of the tariff engine: a canonical 15-minute series and URDB tariffs in, bills out.
// A library like the interval engine: no HTTP, no database.

import type { CanonicalSeries } from '../intervals/series.ts';
import type { Battery } from './battery.ts';
import { type BatteryStudy, batterySavings } from './battery-savings.ts';
import { compileTariff } from './compile.ts';
import { type BillingOptions, type SeriesContext, seriesContext } from './context.ts';
import { type ExportRuleStudy, exportRuleBills } from './export-rules.ts';
import { type PriceOptions, priceCompiled, type TariffBill } from './price.ts';
import type { UrdbRate } from './urdb.ts';
import { holidaysOfUtility } from './utility-holidays.ts';

export type { TariffBill } from './price.ts';
export { parseUrdb, TariffValidationError, type UrdbRate } from './urdb.ts';

type PricingOptions = BillingOptions & PriceOptions;

/**
 * The days a rate prices on its weekend schedules: the caller's choice, else the holidays the
 * catalogue lists for the rate's utility, else the observed US federal holidays.
 */
export function holidaysFor(
  rate: UrdbRate,
  given?: BillingOptions['holidays'],
): NonNullable<BillingOptions['holidays']> {
  return given ?? holidaysOfUtility(rate.utility)?.rule ?? 'us-federal';
}

/** One series' bills under one tariff (a rate `parseUrdb` accepted). */
export function priceTariff(
  series: CanonicalSeries,
  rate: UrdbRate,
  options: PricingOptions = {},
): TariffBill {
  const context = seriesContext(series, {
    ...options,
    holidays: holidaysFor(rate, options.holidays),
  });
  return priceCompiled(context, compileTariff(rate), options);
}

export interface RankedTariff {
  /** 1 for the cheapest. */
  rank: number;
  /** Index of the tariff in the list given. */
  index: number;
  bill: TariffBill;
  annualCents: number;
  /** This tariff's annual cost less the current tariff's (negative: cheaper); undefined without one. */
  differenceCents: number | undefined;
}

/**
 * Prices one series under many tariffs (the calendar and billing periods worked out once per
 * holiday list) and
 * sorts them by annual cost, cheapest first; ties keep the order given. `current` is the index
 * of the customer's present tariff in `rates`, for each tariff's difference to it.
 */
export function rankTariffs(
  series: CanonicalSeries,
  rates: readonly UrdbRate[],
  options: PricingOptions & { current?: number } = {},
): RankedTariff[] {
  if (options.current !== undefined && (options.current < 0 || options.current >= rates.length)) {
    throw new RangeError(
      `current is ${options.current}, not an index into the ${rates.length} tariffs`,
    );
  }
  // The calendar is worked out once per holiday list (the plans of one utility share theirs).
  const contexts = new Map<string, SeriesContext>();
  const contextFor = (rate: UrdbRate) => {
    const holidays = holidaysFor(rate, options.holidays);
    const key = JSON.stringify(holidays);
    let context = contexts.get(key);
    if (!context) {
      context = seriesContext(series, { ...options, holidays });
      contexts.set(key, context);
    }
    return context;
  };
  const bills = rates.map((rate) => priceCompiled(contextFor(rate), compileTariff(rate), options));
  const current = options.current === undefined ? undefined : bills[options.current];
  return bills
    .map((bill, index) => ({ bill, index }))
    .sort((a, b) => a.bill.annualCents - b.bill.annualCents || a.index - b.index)
    .map(({ bill, index }, position) => ({
      rank: position + 1,
      index,
      bill,
      annualCents: bill.annualCents,
      differenceCents: current === undefined ? undefined : bill.annualCents - current.annualCents,
    }));
}

export type { Battery } from './battery.ts';
export type { BatteryStudy } from './battery-savings.ts';
export type { ExportRuleStudy } from './export-rules.ts';

/**
 * Each battery dispatched against one tariff and priced by it with and without the battery, on
 * the same holidays `priceTariff` uses for the rate.
 */
export function priceBatteries(
  series: CanonicalSeries,
  rate: UrdbRate,
  batteries: readonly Battery[],
  options: PricingOptions = {},
): BatteryStudy {
  return batterySavings(series, rate, batteries, {
    ...options,
    holidays: holidaysFor(rate, options.holidays),
  });
}

/** One tariff's bills under each export rule the engine can value from the data given. */
export function priceExportRules(
  series: CanonicalSeries,
  rate: UrdbRate,
  options: PricingOptions = {},
): ExportRuleStudy {
  return exportRuleBills(series, rate, {
    ...options,
    holidays: holidaysFor(rate, options.holidays),
  });
}
