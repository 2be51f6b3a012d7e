// Public API of the tariff engine: a canonical 15-minute series and URDB tariffs in, bills out.
// A library like the interval engine: no HTTP, no database.

import type { CanonicalSeries } from '../intervals/series.ts';
import { compileTariff } from './compile.ts';
import { type BillingOptions, seriesContext } from './context.ts';
import { type PriceOptions, priceCompiled, type TariffBill } from './price.ts';
import type { UrdbRate } from './urdb.ts';

export type { TariffBill } from './price.ts';
export { parseUrdb, TariffValidationError, type UrdbRate } from './urdb.ts';

type PricingOptions = BillingOptions & PriceOptions;

/** One series' bills under one tariff (a rate `parseUrdb` accepted). */
export function priceTariff(
  series: CanonicalSeries,
  rate: UrdbRate,
  options: PricingOptions = {},
): TariffBill {
  return priceCompiled(seriesContext(series, options), compileTariff(rate), options);
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
 * Prices one series under many tariffs (the calendar and billing periods worked out once) and
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
  const context = seriesContext(series, options);
  const bills = rates.map((rate) => priceCompiled(context, compileTariff(rate), options));
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
