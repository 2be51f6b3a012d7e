import {
  type ChargeUnit,
  chargeUnit,
  type DgRules,
  type EnergyUnit,
  type ExportRates,
  energyUnit,
  type UrdbRate,
} from './urdb.ts';

/** Index into a compiled schedule: day type (0 weekday, 1 weekend or holiday), month, hour. */
export const scheduleIndex = (weekend: number, month0: number, hour: number) =>
  weekend * 288 + month0 * 24 + hour;

export interface TierTable {
  /** Per period, the tiers' upper limits in the table's unit (Infinity for the last). */
  max: Float64Array[];
  /** $/kWh or $/kW charged: rate + adj, as PySAM adds them. */
  buy: Float64Array[];
  /** $/kWh paid for export (energy only); 0 where the tariff gives none. */
  sell: Float64Array[];
  /** Energy limits' unit per period (all tiers of a period share it; validation sees to that). */
  unit: EnergyUnit[];
}

/** A validated URDB rate turned into arrays the pricing loop reads without lookups. */
export interface CompiledTariff {
  rate: UrdbRate;
  dgrules: DgRules;
  energy: TierTable | undefined;
  /** 576 entries (`scheduleIndex`): the energy period of each day type, month and hour. */
  energySchedule: Uint8Array;
  /**
   * 576 entries (`scheduleIndex`): $/kWh an export earns at each day type, month and hour, from
   * the rate's `exportrates`; it replaces the tiers' `sell` under net billing and Buy All Sell All.
   */
  exportRates: Float64Array | undefined;
  demand: TierTable | undefined;
  demandSchedule: Uint8Array;
  flat: TierTable | undefined;
  /** Flat-demand period of each month (0-11). */
  flatMonths: Int8Array;
  fixed: { amount: number; unit: ChargeUnit };
  minimum: { amount: number; unit: ChargeUnit };
  notes: string[];
}

type AnyTier = { max?: number; rate?: number; adj?: number; sell?: number; unit?: string };

function tierTable(structure: readonly (readonly AnyTier[])[]): TierTable {
  return {
    max: structure.map((tiers) => new Float64Array(tiers.map((t) => t.max ?? Infinity))),
    // rate + adj cut at 12 significant digits: 0.2 + 0.01 is 0.21, not 0.21000000000000002.
    buy: structure.map(
      (tiers) =>
        new Float64Array(tiers.map((t) => Number(((t.rate ?? 0) + (t.adj ?? 0)).toPrecision(12)))),
    ),
    sell: structure.map((tiers) => new Float64Array(tiers.map((t) => t.sell ?? 0))),
    unit: structure.map((tiers) => energyUnit(tiers[0]?.unit)),
  };
}

function schedule(weekday: number[][] | undefined, weekend: number[][] | undefined): Uint8Array {
  const out = new Uint8Array(576);
  for (let m = 0; m < 12; m++) {
    for (let h = 0; h < 24; h++) {
      out[scheduleIndex(0, m, h)] = weekday?.[m]?.[h] ?? 0;
      out[scheduleIndex(1, m, h)] = weekend?.[m]?.[h] ?? 0;
    }
  }
  return out;
}

function exportTable(rates: ExportRates): Float64Array {
  const out = new Float64Array(576);
  for (let m = 0; m < 12; m++) {
    for (let h = 0; h < 24; h++) {
      out[scheduleIndex(0, m, h)] = rates.weekday[m]?.[h] ?? 0;
      out[scheduleIndex(1, m, h)] = rates.weekend[m]?.[h] ?? 0;
    }
  }
  return out;
}

export function compileTariff(rate: UrdbRate): CompiledTariff {
  const notes: string[] = [];
  if (rate.demandwindow !== undefined && rate.demandwindow !== 15) {
    notes.push(
      `The tariff measures demand over ${rate.demandwindow} minutes; it is priced on the series' 15-minute averages.`,
    );
  }
  if (rate.dgrules === undefined) {
    notes.push(
      'The tariff gives no dgrules; exports are valued by net metering, as PySAM assumes.',
    );
  }
  const flatMonths = new Int8Array(12).fill(-1);
  if (rate.flatdemandstructure && rate.flatdemandmonths) {
    for (let m = 0; m < 12; m++) flatMonths[m] = rate.flatdemandmonths[m] ?? -1;
  }
  return {
    rate,
    dgrules: (rate.dgrules as DgRules | undefined) ?? 'Net Metering',
    energy: rate.energyratestructure ? tierTable(rate.energyratestructure) : undefined,
    energySchedule: schedule(rate.energyweekdayschedule, rate.energyweekendschedule),
    exportRates: rate.exportrates ? exportTable(rate.exportrates) : undefined,
    demand: rate.demandratestructure ? tierTable(rate.demandratestructure) : undefined,
    demandSchedule: schedule(rate.demandweekdayschedule, rate.demandweekendschedule),
    flat: rate.flatdemandstructure ? tierTable(rate.flatdemandstructure) : undefined,
    flatMonths,
    fixed: { amount: rate.fixedchargefirstmeter ?? 0, unit: chargeUnit(rate.fixedchargeunits) },
    minimum: { amount: rate.mincharge ?? 0, unit: chargeUnit(rate.minchargeunits) },
    notes,
  };
}
