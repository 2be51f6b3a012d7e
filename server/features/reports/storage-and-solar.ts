import {
  batteryPower,
  type ReportInput,
  type ReportRatePlans,
  type ReportStorageAndSolar,
  ROUND_TRIP_EFFICIENCY,
  STORAGE_HOURS,
} from '../../lib/report/index.ts';
import {
  parseUrdb,
  priceBatteries,
  priceExportRules,
  type UrdbRate,
} from '../../lib/tariffs/index.ts';
import { lastTwelveMonths, type StoredTariff } from './rate-plans.ts';

const maxKw = (bills: ReadonlyArray<{ peakKw: number }>) =>
  bills.reduce((peak, bill) => Math.max(peak, bill.peakKw), 0);

/**
 * The current rate plan's answer to a battery and to the customer's exports, on the same 12
 * months the rate plans are priced on: each battery size the report's peak-shaving estimate
 * models (its power, 1, 2 and 4 hours) dispatched against the plan and priced with and without,
 * and, when the data shows exports, the plan's bills under each export rule. Null without a
 * current plan: which plan the battery would be billed on is then not known.
 */
export function storageAndSolarOf(
  intervals: ReportInput['intervals'],
  ratePlans: ReportRatePlans | null,
  stored: readonly StoredTariff[],
  orderedBatteryKw?: number,
): ReportStorageAndSolar | null {
  const current = ratePlans?.plans.find((p) => p.current);
  if (!intervals || !ratePlans || !current) return null;
  const tariff = stored.find((t) => t.name === current.name);
  let rate: UrdbRate | undefined;
  try {
    [rate] = tariff ? parseUrdb(tariff.urdb) : [];
  } catch {
    // The rate plans already say a plan that no longer passes the checks was not priced.
    return null;
  }
  if (!rate) return null;
  const series = lastTwelveMonths(intervals.series);
  const power = batteryPower(intervals.analytics.peak?.kW ?? 0, orderedBatteryKw);
  let battery: ReportStorageAndSolar['battery'] = null;
  let annualCents = current.annualCents;
  if (power) {
    const batteries = STORAGE_HOURS.map((hours) => ({
      powerKw: power.powerKw,
      energyKWh: power.powerKw * hours,
      roundTripEfficiency: ROUND_TRIP_EFFICIENCY,
    }));
    const study = priceBatteries(series, rate, batteries);
    annualCents = study.before.annualCents;
    const peakKw = maxKw(study.before.bills);
    battery = {
      ...power,
      roundTripEfficiency: ROUND_TRIP_EFFICIENCY,
      demandCharges:
        rate.demandratestructure !== undefined || rate.flatdemandstructure !== undefined,
      sizes: study.batteries.map((b, k) => ({
        hours: STORAGE_HOURS[k] as number,
        energyKWh: b.battery.energyKWh,
        annualCents: b.bill.annualCents,
        savingsCents: b.savingsCents,
        strategy: b.strategy,
        dischargedKWh: b.dispatch.dischargedKWh,
        peakKw,
        peakWithKw: maxKw(b.bill.bills),
      })),
    };
  }
  let solar: ReportStorageAndSolar['solar'] = null;
  if (series.hasReceived) {
    const study = priceExportRules(series, rate);
    if (study.exportKWh > 0) {
      solar = {
        importKWh: study.importKWh,
        exportKWh: study.exportKWh,
        planRule: rate.dgrules ?? null,
        hasExportPrices:
          rate.exportrates !== undefined ||
          (rate.energyratestructure ?? []).some((tiers) => tiers.some((t) => (t.sell ?? 0) > 0)),
        exportPrices: rate.exportrates
          ? {
              name: rate.exportrates.name ?? 'Export prices by month, hour and day type',
              source: rate.exportrates.source ?? null,
              effectiveDate: rate.exportrates.effectiveDate ?? null,
            }
          : null,
        withoutExportsCents: study.withoutExports.annualCents,
        rules: study.rules.map((r) => ({
          rule: r.dgrules,
          annualCents: r.bill.annualCents,
          exportValueCents: r.exportValueCents,
        })),
        notValued: study.notValued.map((n) => ({ rule: n.dgrules, reason: n.reason })),
      };
    }
  }
  if (!battery && !solar) return null;
  return {
    plan: { name: current.name, effectiveDate: current.effectiveDate, source: current.source },
    periodStart: ratePlans.periodStart,
    periodEnd: ratePlans.periodEnd,
    days: ratePlans.days,
    annualCents,
    battery,
    solar,
  };
}
