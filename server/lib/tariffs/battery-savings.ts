import type { CanonicalSeries } from '../intervals/series.ts';
import { type Battery, type Dispatch, dispatchBattery } from './battery.ts';
import { compileTariff } from './compile.ts';
import { type BillingOptions, type SeriesContext, seriesContext } from './context.ts';
import { type PriceOptions, priceCompiled, type TariffBill } from './price.ts';
import type { UrdbRate } from './urdb.ts';

interface BatterySavings {
  battery: Battery;
  /** The bills with the battery, as the tariff engine prices the dispatched series. */
  bill: TariffBill;
  dispatch: Dispatch;
  /** How the battery ran: both demand and arbitrage, arbitrage alone, or not at all. */
  strategy: 'demand and arbitrage' | 'arbitrage' | 'idle';
  /** The annual cost without the battery less the one with it; never negative. */
  savingsCents: number;
}

export interface BatteryStudy {
  /** The bills without a battery. */
  before: TariffBill;
  batteries: BatterySavings[];
}

const idle = (context: SeriesContext): Dispatch => {
  const n = context.series.length;
  return {
    charge: new Float64Array(n),
    discharge: new Float64Array(n),
    series: context.series,
    chargedKWh: 0,
    dischargedKWh: 0,
    thresholdsKw: [],
  };
};

/**
 * Each battery dispatched against one tariff and priced by the engine with it and without it.
 * Where the tariff charges for demand, the dispatch that also shaves demand and the one that only
 * moves energy are both priced and the cheaper kept; a battery that would not lower the annual
 * cost at all is left idle, so no battery is ever shown costing more than none.
 */
export function batterySavings(
  series: CanonicalSeries,
  rate: UrdbRate,
  batteries: readonly Battery[],
  options: BillingOptions & PriceOptions = {},
): BatteryStudy {
  const context = seriesContext(series, options);
  const tariff = compileTariff(rate);
  const before = priceCompiled(context, tariff, options);
  const priced = (dispatch: Dispatch) =>
    priceCompiled({ ...context, series: dispatch.series }, tariff, options);
  const hasDemand = tariff.demand !== undefined || tariff.flat !== undefined;
  return {
    before,
    batteries: batteries.map((battery) => {
      const candidates: Array<Omit<BatterySavings, 'battery' | 'savingsCents'>> = [
        { strategy: 'idle', dispatch: idle(context), bill: before },
      ];
      const arbitrage = dispatchBattery(context, tariff, battery, { shaveDemand: false });
      candidates.push({ strategy: 'arbitrage', dispatch: arbitrage, bill: priced(arbitrage) });
      if (hasDemand) {
        const both = dispatchBattery(context, tariff, battery);
        candidates.push({ strategy: 'demand and arbitrage', dispatch: both, bill: priced(both) });
      }
      // The cheapest; at equal cost the simpler, listed first.
      const best = candidates.reduce((a, b) => (b.bill.annualCents < a.bill.annualCents ? b : a));
      return { battery, ...best, savingsCents: before.annualCents - best.bill.annualCents };
    }),
  };
}
